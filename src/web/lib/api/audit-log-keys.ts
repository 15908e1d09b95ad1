/** What the log is asked for: the server's filters as the list sends them (instants for dates). */
export interface AuditLogFilters {
  targetUserId?: string;
  /** Comma-separated actions. */
  action?: string;
  actorId?: string;
  establishmentId?: string;
  from?: string;
  to?: string;
}

/** TanStack Query keys of the audit log; here because the admin actions refresh it too. */
export const auditLogKeys = {
  all: ['audit-log'] as const,
  list: (filters: AuditLogFilters, limit: number) => [...auditLogKeys.all, filters, limit] as const,
};
