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

/**
 * An answer serialized by its service from values that already passed the route's response schema
 * (when they were cached): sent as it is, where the schema's serializer would check them again. A
 * Buffer is an answer sent to many, encoded to UTF-8 once.
 */
export class SerializedJson {
  constructor(readonly body: string | Buffer) {}
}

/** Send a SerializedJson as the JSON body; anything else goes back to the route's serializer. */
export function sendSerialized<T>(reply: FastifyReply, answer: T | SerializedJson): T | FastifyReply {
  if (answer instanceof SerializedJson)
    return reply.type('application/json; charset=utf-8').send(answer.body);
  return answer;
}
