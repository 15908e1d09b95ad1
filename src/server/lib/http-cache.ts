import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A strong validator of a serialized answer: the first 27 characters of its SHA-1 in base64url. */
export const etagOf = (body: string): string =>
  `"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

/** Whether If-None-Match names this entity tag (weak comparison, as RFC 9110 says for GET). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === bare);
}

/** A JSON answer serialized ahead, with its validator and how caches may keep it. */
export interface CachedJson {
  body: string;
  etag: string;
  cacheControl: string;
}

/**
 * Answer a GET with a JSON body serialized ahead: 304 without a body when the client's copy is
 * current (If-None-Match), else 200 with the body; ETag, Cache-Control and Vary: Authorization on
 * both (a signed-in caller's answer differs from a guest's).
 */
export function sendCachedJson(request: FastifyRequest, reply: FastifyReply, answer: CachedJson) {
  reply
    .header('etag', answer.etag)
    .header('cache-control', answer.cacheControl)
    .header('vary', 'Authorization');
  if (matchesIfNoneMatch(request.headers['if-none-match'], answer.etag)) return reply.code(304).send();
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
