import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Media } from '../../../../shared/schemas/notification.schema';
import type { PostTranslations, RichTranslations } from '../../../../shared/schemas/post-translations';
import type { NotificationAction } from '../../../../shared/schemas/rich-notification';

/**
 * What the compose card can start from: a draft, a template or a past post ("Duplicate").
 * It travels in the router's location state to the establishment's page, where the compose card
 * takes it once, so any screen (the drafts card, a post's menu, the post page) can hand it over.
 */
export interface ComposeSeed {
  text: string;
  title: string;
  link: string;
  actions: NotificationAction[];
  /** The text in other languages. */
  translations?: PostTranslations;
  /** The title and button labels in other languages. */
  richTranslations?: RichTranslations;
  /** The post's picture (and its PDF or video); a draft's has only id and url. */
  media: (Pick<Media, 'id' | 'url'> & Partial<Media>) | null;
}

interface SeedState {
  composeWith?: ComposeSeed;
}

/** Open the establishment's page with the compose card filled from `seed`. */
export function useStartComposeWith(establishmentId: string) {
  const navigate = useNavigate();
  return (seed: ComposeSeed) =>
    navigate(`/app/establishment/${establishmentId}`, { state: { composeWith: seed } satisfies SeedState });
}

/** In the compose card: take a seed handed over, once (the state is cleared so a reload does not again). */
export function useComposeSeed(onSeed: (seed: ComposeSeed) => void) {
  const location = useLocation();
  const navigate = useNavigate();
  const seed = (location.state as SeedState | null)?.composeWith;
  // biome-ignore lint/correctness/useExhaustiveDependencies: taken once per hand-over (a new state object).
  useEffect(() => {
    if (!seed) return;
    onSeed(seed);
    navigate(`${location.pathname}${location.search}${location.hash}`, { replace: true, state: null });
  }, [seed]);
}
