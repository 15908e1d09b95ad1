import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { hitCounter, readCounter } from '../../lib/rate-limit.repo';

/** Addresses this process knows to be over their limit, at most. */
const MAX_KNOWN_BLOCKED = 10_000;

/**
 * Failed API key attempts (an unknown or revoked key) per client address, counted in the rate
 * limit table, so every process sees one count and a restart forgets nothing. Past the limit the
 * address is refused (429 with Retry-After) whatever key it brings until the window ends: were a
 * right key still let through, the difference between 429 and 200 would let guessing go on. A key
 * that works costs one read and counts nothing.
 */
export function keyAttemptLimit(ctx: AppContext) {
  const { max, windowMs } = ctx.config.usageLimits.apiKeyFailures;
  // Known over the limit here: a flood of guesses is refused without a lookup or a write.
  const blocked = new Map<string, number>();
  const counterOf = (request: FastifyRequest) => `api-key-failures:${request.ip}`;

  const refuse = (request: FastifyRequest, reply: FastifyReply, ttlMs: number): AppError => {
    if (blocked.size >= MAX_KNOWN_BLOCKED) blocked.delete(blocked.keys().next().value!);
    blocked.set(request.ip, Date.now() + ttlMs);
    reply.header('retry-after', Math.max(1, Math.ceil(ttlMs / 1000)));
    return new AppError(429, ErrorCode.RATE_LIMITED, Msg.apiKeyAttemptsLimited);
  };

  return {
    /** Before the key is looked up: an address this process knows to be over its limit. */
    refuseKnown(request: FastifyRequest, reply: FastifyReply): void {
      const until = blocked.get(request.ip);
      if (until === undefined) return;
      if (until > Date.now()) throw refuse(request, reply, until - Date.now());
      blocked.delete(request.ip);
    },
    /** A key that was not accepted: counted (one atomic increment); the one past the limit is a 429. */
    async failed(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const { count, ttlMs } = await hitCounter(ctx.db, counterOf(request), windowMs);
      if (count > max) throw refuse(request, reply, ttlMs);
    },
    /** A key that works, from an address that used up its failures (maybe in another process): refused too. */
    async admit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
      const { count, ttlMs } = await readCounter(ctx.db, counterOf(request));
      if (count >= max) throw refuse(request, reply, ttlMs);
    },
  };
}
