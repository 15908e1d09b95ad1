import type { ExportFormat, PersonalData } from '../../../shared/schemas/export.schema';
import { timeOf } from '../../../shared/schemas/quiet-hours.schema';
import { recordAudit } from '../../audit/audit-log.repo';
import type { AppContext, AuthedActor } from '../../context';
import type { UserRow } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import { authorize } from '../../lib/authorize';
import * as accounts from '../account';
import { messagesOfFollower } from '../conversations';
import { CONTENT_TYPES, EXPORT_PAGE_SIZE, type ExportFile, fileDisposition } from './export-file';
import { type CsvCell, csvStream, jsonDocumentStream, keysetRows } from './export-streams';
import * as repo from './exports.repo';

type Head = Omit<PersonalData, 'notifications'>;
type Delivered = PersonalData['notifications'][number];

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The push service a subscription goes through (its origin): never the endpoint, which addresses the device. */
function pushServiceOf(endpoint: string): string {
  try {
    return new URL(endpoint).origin;
  } catch {
    return '';
  }
}

/** What is stored about the user, whitelisted field by field: no password hash, token or push key. */
async function headOf(ctx: AppContext, user: UserRow): Promise<Head> {
  const [memberships, preferences, devices, reactions, comments, messages] = await Promise.all([
    repo.membershipsOf(ctx.db, user.id),
    repo.preferencesOf(ctx.db, [user.id]),
    repo.devicesOf(ctx.db, user.id),
    repo.reactionsOf(ctx.db, user.id),
    repo.commentsOf(ctx.db, user.id),
    messagesOfFollower(ctx.db, user.id),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone,
      bio: user.bio,
      role: user.role,
      language: user.language,
      emailVerified: user.emailVerified,
      discountedPrices: user.discountedPrices,
      marketingConsent: user.marketingConsent,
      termsAcceptedAt: iso(user.termsAcceptedAt),
      avatar: user.avatar,
      createdAt: user.createdAt.toISOString(),
      lastLoginAt: iso(user.lastLoginAt),
    },
    memberships: memberships.map((m) => ({ ...m, since: m.since.toISOString() })),
    preferences: preferences.map(({ id, name, group }) => ({ id, name, group })),
    devices: devices.map(({ endpoint, createdAt, lastSeenAt, ...device }) => ({
      ...device,
      pushService: pushServiceOf(endpoint),
      createdAt: createdAt.toISOString(),
      lastSeenAt: lastSeenAt.toISOString(),
    })),
    quietHours:
      user.quietStart === null || user.quietEnd === null || user.quietTimeZone === null
        ? null
        : { start: timeOf(user.quietStart), end: timeOf(user.quietEnd), timeZone: user.quietTimeZone },
    timeZone: user.timeZone ? { timeZone: user.timeZone, chosen: user.timeZoneChosen } : null,
    birthday:
      user.birthMonth && user.birthDay && user.birthdayConsentAt
        ? { month: user.birthMonth, day: user.birthDay, consentAt: user.birthdayConsentAt.toISOString() }
        : null,
    reactions: reactions.map((r) => ({ ...r, at: r.at.toISOString() })),
    comments: comments.map((c) => ({
      ...c,
      createdAt: c.createdAt.toISOString(),
      editedAt: iso(c.editedAt),
      removedAt: iso(c.removedAt),
    })),
    messages: messages.map((m) => ({ ...m, createdAt: m.createdAt.toISOString() })),
  };
}

/** The notifications delivered to the user, oldest first, read a page at a time. */
async function* deliveredTo(ctx: AppContext, userId: string): AsyncGenerator<Delivered> {
  type Row = Awaited<ReturnType<typeof repo.deliveryPage>>[number];
  const rows = keysetRows(EXPORT_PAGE_SIZE, (last: Row | null) =>
    repo.deliveryPage(
      ctx.db,
      userId,
      last ? [last.sentAtKey, last.notificationId, last.subscriptionId] : null,
      EXPORT_PAGE_SIZE,
    ),
  );
  for await (const row of rows)
    yield {
      notificationId: row.notificationId,
      establishmentName: row.establishmentName,
      text: row.text,
      sentAt: row.sentAt.toISOString(),
      deviceId: row.subscriptionId,
      outcome: row.outcome,
      receivedAt: iso(row.receivedAt),
      clickedAt: iso(row.clickedAt),
    };
}

/** A section of the CSV: its title alone on a line, its header line, its rows, then a blank line. */
function* section<T extends object>(title: string, rows: T[]): Generator<CsvCell[]> {
  yield [title];
  const first = rows[0];
  if (first) {
    yield Object.keys(first);
    for (const row of rows) yield Object.values(row) as CsvCell[];
  }
  yield [];
}

const NOTIFICATION_FIELDS: (keyof Delivered)[] = [
  'notificationId',
  'establishmentName',
  'text',
  'sentAt',
  'deviceId',
  'outcome',
  'receivedAt',
  'clickedAt',
];

/**
 * The sectioned CSV: profile, memberships, preferences, devices, quiet hours, reactions, comments,
 * then the notifications (streamed).
 * One file rather than a zip of several, so a spreadsheet opens it as it is; headers are the JSON
 * field names, so both formats read alike.
 */
async function* personalCsv(head: Head, notifications: AsyncIterable<Delivered>): AsyncGenerator<CsvCell[]> {
  yield* section('Profile', [head.profile]);
  yield* section('Memberships', head.memberships);
  yield* section('Preferences', head.preferences);
  yield* section('Devices', head.devices);
  yield* section('Quiet hours', head.quietHours ? [head.quietHours] : []);
  yield* section('Time zone', head.timeZone ? [head.timeZone] : []);
  yield* section('Reactions', head.reactions);
  yield* section('Comments', head.comments);
  yield* section('Messages', head.messages);
  yield ['Notifications'];
  yield NOTIFICATION_FIELDS;
  for await (const row of notifications) yield NOTIFICATION_FIELDS.map((field) => row[field]);
}

async function personalFile(
  ctx: AppContext,
  user: UserRow,
  base: string,
  format: ExportFormat,
): Promise<ExportFile> {
  const head = await headOf(ctx, user);
  const notifications = deliveredTo(ctx, user.id);
  return {
    disposition: fileDisposition(base, format),
    contentType: CONTENT_TYPES[format],
    body:
      format === 'json'
        ? jsonDocumentStream(head, 'notifications', notifications)
        : csvStream(personalCsv(head, notifications)),
  };
}

/** "Download my data": everything stored about the signed-in user (the right to data portability). */
export async function exportMyData(
  ctx: AppContext,
  actor: AuthedActor,
  format: ExportFormat,
): Promise<ExportFile> {
  // Not from a session opened by registering: whoever typed the address may not be its owner.
  authorize(actor, 'account:export');
  const user = await accounts.findUserById(ctx.db, actor.id);
  if (!user) throw notFound();
  // An admin signed in as this user takes a copy of their data: that is the admin's action to record.
  if (actor.actingAdminId)
    await recordAudit(ctx.db, {
      actorId: actor.actingAdminId,
      action: 'data.export',
      targetUserId: user.id,
      targetLabel: `${user.firstName} ${user.lastName} <${user.email}>`,
      detail: { kind: 'account', format },
    });
  return personalFile(ctx, user, 'my-data', format);
}

/** One user's data, as they would download it themselves (admins); recorded in the audit log. */
export async function exportUserData(
  ctx: AppContext,
  actor: AuthedActor,
  userId: string,
  format: ExportFormat,
): Promise<ExportFile> {
  authorize(actor, 'data:export');
  const user = await accounts.findUserById(ctx.db, userId);
  if (!user) throw notFound();
  await recordAudit(ctx.db, {
    actorId: actor.id,
    action: 'data.export',
    targetUserId: user.id,
    targetLabel: `${user.firstName} ${user.lastName} <${user.email}>`,
    detail: { kind: 'user', format },
  });
  return personalFile(ctx, user, `user-${user.id}`, format);
}
