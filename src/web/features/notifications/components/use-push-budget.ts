import { useMemo } from 'react';
import {
  PUSH_PAYLOAD_LIMIT,
  pushBytesLeft,
  pushMessageOf,
  RECEIPT_TOKEN_RESERVE,
  utf8Bytes,
} from '../../../../shared/push/payload';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import type { NotificationAction } from '../../../../shared/schemas/rich-notification';
import { PREVIEW_ID } from './compose-helpers';

/** What a composed push carries besides the business: the text, picture, title, link and buttons. */
export interface PushContent {
  text: string;
  mediaId: string | null;
  title?: string;
  link?: string;
  actions?: NotificationAction[];
}

/**
 * Characters of the text's own kind that still fit in `bytes`: a push is counted in bytes, which an
 * operator cannot see, so the form says characters. Each character costs what the text's
 * characters cost on average as sent (1 for plain Latin, 2 for accented or Cyrillic, 3 for most
 * Asian scripts, more for quotes and line breaks, which are escaped).
 */
export function charactersIn(bytes: number, text: string): number {
  const chars = [...text].length;
  const perChar = chars > 0 ? Math.max(1, (utf8Bytes(JSON.stringify(text)) - 2) / chars) : 1;
  return Math.trunc(bytes / perChar);
}

/** How much of a push message's size a composed notification takes, and whether it fits. */
export function usePushBudget(establishment: Establishment, content: PushContent) {
  const { text, mediaId, title = '', link = '', actions = [] } = content;
  const actionsKey = JSON.stringify(actions);
  // The message exactly as the server will build it, so the count is the real one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: actions are compared by value (actionsKey).
  const message = useMemo(
    () =>
      pushMessageOf({
        id: PREVIEW_ID,
        establishmentId: establishment.id,
        establishmentName: establishment.name,
        text: text.trim(),
        logo: establishment.logo,
        media: mediaId,
        createdAt: Date.now(),
        title: title.trim() || null,
        link: link.trim() || null,
        actions: actions.map((a) => ({ label: a.label.trim(), url: a.url.trim() })),
      }),
    [establishment.id, establishment.name, establishment.logo, text, mediaId, title, link, actionsKey],
  );
  const left = pushBytesLeft(message);
  const budget = PUSH_PAYLOAD_LIMIT - RECEIPT_TOKEN_RESERVE;
  return {
    message,
    /** Bytes left; below zero, the message does not fit. */
    left,
    /** The same in characters like the text's: what the form says. */
    charactersLeft: charactersIn(left, text.trim()),
    /** Percent of the budget used, 0 to 100, for the bar under the text. */
    used: Math.min(100, Math.max(0, ((budget - left) / budget) * 100)),
    over: left < 0,
  };
}

/** A composed message's size against the push budget. */
export type PushBudget = ReturnType<typeof usePushBudget>;
