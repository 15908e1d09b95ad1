import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

/** An error answer as a client sees it: its status, its code, the fields it names, and no stack trace. */
export function expectError(
  res: LightMyRequestResponse,
  status: number,
  code: string,
  fields?: Record<string, string>,
) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json<{ error: string; code: string; fields?: Record<string, string> }>();
  expect(body.code).toBe(code);
  if (fields) expect(body.fields).toMatchObject(fields);
  expect(res.body).not.toMatch(/stack|node_modules|\.ts:\d/);
  return body;
}
