import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyScope } from '../../shared/permissions';
import type { AuthedActor } from '../context';

/**
 * What the request plugins need of the modules, as interfaces the modules implement and app.ts
 * passes in: a plugin imports no module (dependency-cruiser refuses it), so the wiring every request
 * goes through does not depend on any feature's files.
 */

/** A session as the bearer token's check reads it: one statement, its user and memberships. */
export interface SessionActor {
  sessionId: string;
  actingAdminId: string | null;
  userId: string;
  role: string;
  emailVerified: boolean;
  provisional: boolean;
  guest: boolean;
  tokenVersion: number;
  /** JSON as PostgreSQL answers it: parsed already, or text (PGlite). */
  establishments: AuthedActor['establishments'] | string;
}

/** API keys presented as bearer tokens (`bk_…`). */
export interface ApiKeyGate<Key extends { id: string } = { id: string }> {
  looksLikeKey(token: string): boolean;
  /**
   * The live key a request presents: an unknown or revoked one is a 401 counted against the
   * request's address, which past its limit is refused with a 429 whatever key it brings.
   */
  find(request: FastifyRequest, reply: FastifyReply, token: string): Promise<Key>;
  /** The actor a key acts as on a route that takes `scope` (403 when the route or scope refuses it). */
  admit(key: Key, scope: ApiKeyScope | undefined): Promise<AuthedActor>;
}

export interface AuthPorts {
  /** The live session of this id, or undefined (revoked, expired, unknown). */
  sessionActor(sessionId: string): Promise<SessionActor | undefined>;
  apiKeys: ApiKeyGate;
}

/** A business's pages in the built web app: /{id} and /{id}/register. */
export interface BusinessPages {
  /** The page's HTML (the light page, or index.html with its preview tags); undefined: none to show. */
  html(
    request: FastifyRequest,
    page: 'profile' | 'register',
    establishmentId: string,
    pathname: string,
  ): Promise<string | null | undefined>;
  /** Whether the business's other paths are pages (blocked: yes, the page says so; unknown or deleted: no). */
  exists(establishmentId: string): Promise<boolean>;
}

/** Made once the web app's build is read: its folder and its index.html. */
export type BusinessPagesOf = (build: { webDistDir: string; indexHtml: string }) => BusinessPages;
