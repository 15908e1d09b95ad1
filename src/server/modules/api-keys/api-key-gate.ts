import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { ApiKeyGate } from '../../lib/plugin-ports';
import { looksLikeApiKey } from './api-key-secret';
import { admitKey, findLiveKey, type PresentedKey } from './api-keys.service';
import { keyAttemptLimit } from './key-attempts';

/** API keys as the auth plugin checks them (lib/plugin-ports.ts), with the failed attempts' limit. */
export function apiKeyGate(ctx: AppContext): ApiKeyGate<PresentedKey> {
  const attempts = keyAttemptLimit(ctx);
  return {
    looksLikeKey: looksLikeApiKey,
    async find(request, reply, token) {
      attempts.refuseKnown(request, reply);
      const key = await findLiveKey(ctx, token).catch(async (error: unknown) => {
        if (error instanceof AppError && error.status === 401) await attempts.failed(request, reply);
        throw error;
      });
      await attempts.admit(request, reply);
      return key;
    },
    admit: (key, scope) => admitKey(ctx, key, scope),
  };
}
