/**
 * The actions the audit log records, as stored in `audit_log.action`: the log's filter accepts
 * these, and the web app names each one in every language.
 */
export const AUDIT_ACTIONS = [
  'user.create',
  'user.update',
  'user.delete',
  'user.impersonate',
  'user.impersonationEnd',
  'user.resetPassword',
  'user.sendVerification',
  'impersonation.write',
  'customer.create',
  'account.delete',
  'establishment.create',
  'establishment.clientSignup',
  'establishment.update',
  'establishment.pictures',
  'establishment.block',
  'establishment.unblock',
  'establishment.delete',
  'establishment.memberAdd',
  'establishment.memberRemove',
  'establishment.webhooks',
  'establishment.operatorInvite',
  'establishment.operatorInviteWithdraw',
  'establishment.emailResume',
  'apiKey.create',
  'apiKey.revoke',
  'signInProvider.update',
  'signInProvider.identityDisable',
  'signInProvider.identityEnable',
  'signInProvider.identityRemove',
  'data.export',
  'preference.create',
  'preference.update',
  'preference.delete',
  'preferenceGroup.create',
  'preferenceGroup.update',
  'preferenceGroup.delete',
  'post.send',
  'post.update',
  'post.delete',
  'post.pin',
  'post.unpin',
  'comment.remove',
  'comment.hide',
  'comment.show',
  'comment.settings',
  'comment.asBusiness',
  'comment.mute',
  'comment.unmute',
  'conversation.read',
  'conversation.manage',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const isAuditAction = (value: string): value is AuditAction =>
  (AUDIT_ACTIONS as readonly string[]).includes(value);

/**
 * How a recorded write was answered, read from the status an `impersonation.write` entry keeps:
 * made (2xx, 3xx), refused (4xx: nothing changed), failed (5xx); null for any other entry, and for
 * a write whose answer was never recorded.
 */
export type WriteOutcome = 'made' | 'refused' | 'failed';
export const WRITE_OUTCOMES = ['made', 'refused', 'failed'] as const;

export function writeOutcome(detail: Record<string, unknown>): WriteOutcome | null {
  const status = detail.status;
  if (typeof status !== 'number') return null;
  if (status >= 500) return 'failed';
  return status >= 400 ? 'refused' : 'made';
}
