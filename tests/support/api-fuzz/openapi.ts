/** The OpenAPI document of the API fuzz test (tests/integration/api-fuzz.test.ts), as much of it as
 * requests are derived from, and the order routes run in. */

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
}
export interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
export interface Operation {
  summary?: string;
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}
export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
  op: Operation;
  /** Upload routes: their multipart body is described in the summary only. */
  multipart: boolean;
}

/**
 * Routes that end sessions or remove what other routes work on run last, least destructive first,
 * so that every other route meets the whole world.
 */
export const LAST = [
  'POST /api/establishments/{id}/block',
  'POST /api/establishments/{id}/unblock',
  'DELETE /api/establishments/{id}/gallery/{imageId}',
  'DELETE /api/notifications/{id}',
  'DELETE /api/establishments/{id}/members/{userId}',
  'DELETE /api/establishments/{id}/follow',
  'DELETE /api/establishments/{id}',
  'POST /api/account/password',
  'POST /api/account/logout',
  'POST /api/account/logout-all',
  // An admin's edits, password resets and deletions change or end other actors' accounts (the
  // admin's own included), after which nobody signs in again with the world's passwords.
  'PATCH /api/management/users/{id}',
  'POST /api/management/users/{id}/reset-password',
  'DELETE /api/management/users/{id}',
  'DELETE /api/account',
];
/** After a 2xx here the caller's token no longer works: sign in again. */
export const ENDS_SESSION = new Set(['POST /api/account/logout', 'POST /api/account/logout-all']);
