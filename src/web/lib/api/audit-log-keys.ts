/** TanStack Query keys of the audit log; here because the admin actions refresh it too. */
export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (targetUserId: string | undefined, limit: number) =>
    [...auditLogKeys.all, targetUserId ?? 'all', limit] as const,
};
