import { useMemo } from 'react';
import {
  PUSH_PAYLOAD_LIMIT,
  pushBytesLeft,
  pushMessageOf,
  RECEIPT_TOKEN_RESERVE,
} from '../../../../shared/push/payload';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import { PREVIEW_ID } from './compose-helpers';

/** How much of a push message's size a composed text and picture take, and whether they fit. */
export function usePushBudget(establishment: Establishment, text: string, mediaId: string | null) {
  // The message exactly as the server will build it, so the byte count is the real one.
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
      }),
    [establishment.id, establishment.name, establishment.logo, text, mediaId],
  );
  const left = pushBytesLeft(message);
  const budget = PUSH_PAYLOAD_LIMIT - RECEIPT_TOKEN_RESERVE;
  return {
    message,
    /** Bytes left; below zero, the message does not fit. */
    left,
    /** Percent of the budget used, 0 to 100, for the bar under the text. */
    used: Math.min(100, Math.max(0, ((budget - left) / budget) * 100)),
    over: left < 0,
  };
}

/** A composed message's size against the push budget. */
export type PushBudget = ReturnType<typeof usePushBudget>;
