import { ErrorCode } from '../../../shared/errors';
import { isLanguage } from '../../../shared/i18n/languages';
import { Msg } from '../../../shared/messages';
import type {
  ContactRequest,
  ContactRequestBody,
  ContactRequestList,
  ContactRequestListQuery,
} from '../../../shared/schemas/contact.schema';
import type { AppContext, AuthedActor } from '../../context';
import type { ContactRequestRow } from '../../db/schema';
import { contactRequestedEvent } from '../../events/internal-event-builders';
import { withOutbox } from '../../events/outbox';
import { AppError } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import * as repo from './contact.repo';

const toContactRequest = (row: ContactRequestRow): ContactRequest => ({
  id: row.id,
  name: row.name,
  business: row.business,
  email: row.email,
  phone: row.phone,
  message: row.message,
  language: isLanguage(row.language) ? row.language : 'en',
  createdAt: row.createdAt.toISOString(),
});

/**
 * A business's contact request: stored for the representative panel, and its email to SUPPORT_EMAIL
 * queued in the same transaction, so a stored request is always mailed and a mailed one always listed.
 */
export async function sendContactRequest(ctx: AppContext, body: ContactRequestBody): Promise<void> {
  await withOutbox(ctx, async ({ db, emit }) => {
    const row = await repo.insertContactRequest(db, {
      name: body.name,
      business: body.business,
      email: body.email,
      phone: body.phone ?? '',
      message: body.message,
      language: body.language ?? 'en',
    });
    await emit(contactRequestedEvent(row.id));
  });
}

const invalidCursor = () =>
  new AppError(400, ErrorCode.VALIDATION, Msg.invalidCursor, { cursor: Msg.invalidCursor });

/** The opaque cursor of a page: the last request's created_at (UTC, to the microsecond) and id, base64url JSON. */
const encodeCursor = (key: [string, string]) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeCursor(cursor: string | undefined): [string, string] | null {
  if (!cursor) return null;
  let key: unknown;
  try {
    key = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw invalidCursor();
  }
  // Checked here, so a forged cursor answers 400 rather than failing the SQL casts.
  const [at, id] = Array.isArray(key) ? key : [];
  if (
    !Array.isArray(key) ||
    key.length !== 2 ||
    typeof at !== 'string' ||
    typeof id !== 'string' ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at) ||
    !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)
  )
    throw invalidCursor();
  return [at, id];
}

/** The contact requests, newest first, for the representatives (and admins). */
export async function listContactRequests(
  ctx: AppContext,
  actor: AuthedActor,
  query: ContactRequestListQuery,
): Promise<ContactRequestList> {
  authorize(actor, 'contactRequest:read');
  const { items, lastKey, more } = await repo.listContactRequests(
    ctx.db,
    query.limit,
    decodeCursor(query.cursor),
  );
  return { items: items.map(toContactRequest), nextCursor: more && lastKey ? encodeCursor(lastKey) : null };
}
