import { useQueryClient } from '@tanstack/react-query';
import { useSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import { EditPostBodySchema } from '../../../../shared/schemas/notification.schema';
import { establishmentKeys } from '../../../lib/api/establishment-keys';
import { preferenceKeys } from '../../../lib/api/preferences.api';
import { ApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { useSendNotification } from '../api/notifications.api';
import { failureText, newComposeKey } from './compose-helpers';
import type { ComposeSeed } from './compose-seed';
import { scheduleMessageText } from './schedule-helpers';
import { useComposePicture } from './use-compose-picture';
import { useComposeRich } from './use-compose-rich';
import { useComposeTiming } from './use-compose-timing';
import { usePushBudget } from './use-push-budget';

/**
 * The compose card's state and its send: the text, picture, audience and timing, each problem beside
 * its field, and after a send a fresh form.
 */
export function useComposeForm(establishment: Establishment) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const send = useSendNotification(establishment.id);
  const form = useApiForm(EditPostBodySchema, { defaultValues: { text: '' } });
  const text = form.watch('text') ?? '';
  const picture = useComposePicture(establishment.id);
  const timing = useComposeTiming(establishment.timeZone);
  const rich = useComposeRich();
  const budget = usePushBudget(establishment, {
    text,
    mediaId: picture.media?.id ?? null,
    title: rich.title,
    link: rich.link,
    actions: rich.actions,
  });
  const [sending, setSending] = useState<'send' | 'post' | null>(null);
  // Preferences the send is targeted at; none: every follower.
  const [targets, setTargets] = useState<string[]>([]);
  const [targetError, setTargetError] = useState<string | null>(null);
  // One Idempotency-Key per compose, renewed after each successful send.
  const composeKey = useRef(newComposeKey());
  const [failure, setFailure] = useState<string | null>(null);
  // Sends refused for a field's problem, here or by the server: each takes the focus to the first.
  const [refusals, setRefusals] = useState(0);
  const refuse = () => setRefusals((n) => n + 1);
  const fieldError = form.formState.errors.text?.message;
  const busy = sending !== null;
  // After a send the button pressed waits disabled and the focus would fall to the page: it goes to
  // the message, enabled again, ready for the next one.
  const [sent, setSent] = useState(0);
  useEffect(() => {
    if (sent > 0) form.setFocus('text');
  }, [sent, form.setFocus]);

  /** Send (post=false) or send and post; scheduled when a time is set. */
  const submit = (post: boolean) =>
    form.handleSubmit(
      async ({ text: written }) => {
        if (budget.over) return;
        const richBody = rich.body();
        const at = timing.instants();
        if (!at || !richBody) return refuse();
        setFailure(null);
        setTargetError(null);
        timing.clearErrors();
        setSending(post ? 'post' : 'send');
        try {
          const answer = await send.mutateAsync({
            body: {
              text: written,
              mediaId: picture.media?.id ?? null,
              post,
              ...(targets.length > 0 ? { preferenceIds: targets } : {}),
              ...(at.scheduledFor ? { scheduledFor: at.scheduledFor.toISOString() } : {}),
              ...(at.validUntil ? { validUntil: at.validUntil.toISOString() } : {}),
              ...(at.repeat ? { repeat: at.repeat } : {}),
              ...(at.localTime ? { localTime: true } : {}),
              ...(richBody.title ? { title: richBody.title } : {}),
              ...(richBody.link ? { link: richBody.link } : {}),
              ...(richBody.actions.length > 0 ? { actions: richBody.actions } : {}),
              ...(Object.keys(richBody.translations).length > 0
                ? { translations: richBody.translations }
                : {}),
              ...(Object.keys(richBody.richTranslations).length > 0
                ? { richTranslations: richBody.richTranslations }
                : {}),
            },
            composeKey: composeKey.current,
          });
          composeKey.current = newComposeKey();
          enqueueSnackbar(scheduleMessageText(t, answer.message), { variant: 'success' });
          form.reset({ text: '' });
          picture.remove();
          setTargets([]);
          timing.reset();
          rich.reset();
          setSent((n) => n + 1);
        } catch (caught) {
          const fields = caught instanceof ApiError ? caught.fields : {};
          if (fields.text) form.setError('text', { type: 'server', message: fields.text });
          if (fields.mediaId) picture.refuse(fields.mediaId);
          if (fields.preferenceIds) {
            // A preference deleted meanwhile: say so beside the choice and offer the current list.
            setTargetError(t('targeting.preferenceGone'));
            void queryClient.invalidateQueries({ queryKey: preferenceKeys.all });
          }
          timing.applyServerFields(fields);
          const richProblem = rich.applyServerFields(fields);
          if (
            !richProblem &&
            !Object.keys(fields).some((key) => key.startsWith('repeat.')) &&
            !fields.text &&
            !fields.mediaId &&
            !fields.preferenceIds &&
            !fields.scheduledFor &&
            !fields.localTime &&
            !fields.validUntil
          )
            setFailure(failureText(t, caught));
          else refuse();
          // Blocked or made inactive meanwhile: the page learns it and says why instead of the form.
          if (caught instanceof ApiError && caught.status === 403)
            void queryClient.invalidateQueries({ queryKey: establishmentKeys.one(establishment.id) });
        } finally {
          setSending(null);
        }
      },
      // The message is wrong: every other problem is marked too, not one at a time.
      () => {
        rich.body();
        timing.instants();
        refuse();
      },
    )();

  /** Start from a draft, a template or a past post: its words, picture and buttons. */
  const load = (seed: ComposeSeed) => {
    form.reset({ text: seed.text });
    rich.load(seed);
    picture.load(seed.media);
    setFailure(null);
  };

  /** What a draft or template keeps of the form now. */
  const seed = (): ComposeSeed => ({
    text,
    title: rich.title,
    link: rich.link,
    actions: rich.actions,
    translations: rich.translations,
    richTranslations: rich.richTranslations,
    media: picture.media,
  });

  return {
    text,
    load,
    seed,
    textField: form.register('text'),
    textError: fieldError
      ? translateMessage(t, fieldError)
      : budget.over
        ? translateMessage(t, Msg.pushTooLarge)
        : null,
    budget,
    picture,
    timing,
    rich,
    targeting: {
      value: targets,
      onChange: (next: string[]) => {
        setTargets(next);
        setTargetError(null);
      },
      error: targetError,
    },
    sending,
    busy,
    /** The send buttons wait while the text is too long, a send runs or the picture uploads. */
    disabled: budget.over || busy || picture.uploading,
    failure,
    dismissFailure: () => setFailure(null),
    /** Counts sends refused for a field's problem (useFormProblems). */
    refusals,
    submit,
  };
}
