import { Box, Link, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AuditEntry } from '../../../../shared/schemas/user-management.schema';
import { ExportFiltersText } from './export-filters-text';

/**
 * An action as a person reads it ("Logged in as"); an action this version does not know shows as
 * recorded. A write made while logged in as someone that was refused or failed says so: nothing changed.
 */
export function ActionText({ action, outcome }: { action: string; outcome?: AuditEntry['outcome'] }) {
  const { t } = useTranslation();
  if (outcome === 'refused' || outcome === 'failed') return <>{t(`auditLog.writeOutcome.${outcome}`)}</>;
  return <>{t(`auditLog.actions.${action}`, { defaultValue: action })}</>;
}

/** Who acted, and as what: "Rita Rep", "Representative" (their role then; none for a deleted account). */
export function ActorText({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation();
  return (
    <>
      <Box component="span" sx={{ display: 'block', wordBreak: 'break-word' }}>
        {entry.actorName || t('auditLog.unknownActor')}
      </Box>
      {entry.actorRole && (
        <Typography component="span" variant="body2" sx={{ display: 'block', color: 'text.secondary' }}>
          {t(`accountPage.roles.${entry.actorRole}`)}
        </Typography>
      )}
    </>
  );
}

/** "by Rita Rep, Representative" on a phone's line. */
export function byActorText(t: TFunction, entry: AuditEntry): string {
  const name = entry.actorName || t('auditLog.unknownActor');
  return entry.actorRole
    ? t('auditLog.byActorWithRole', { name, role: t(`accountPage.roles.${entry.actorRole}`) })
    : t('auditLog.byActor', { name });
}

/** Who the action was done to: a link to the person's page while the account exists. */
export function AuditTarget({ entry }: { entry: AuditEntry }) {
  if (!entry.targetUserId) return <span>{entry.targetLabel}</span>;
  return (
    <Link
      component={RouterLink}
      to={`/app/management/users/${encodeURIComponent(entry.targetUserId)}`}
      sx={{ wordBreak: 'break-word' }}
    >
      {entry.targetLabel}
    </Link>
  );
}

/** A recorded value as text: field names translated (the `changed` list), yes and no for flags. */
function useValueText() {
  const { t } = useTranslation();
  const text = (value: unknown): string => {
    if (Array.isArray(value)) return value.map(text).join(', ');
    if (typeof value === 'boolean') return t(value ? 'auditLog.yes' : 'auditLog.no');
    // Only field names (`vatNumber`, `address1`) are looked up: a name or an address is shown as recorded.
    if (typeof value === 'string')
      return /^[a-zA-Z][a-zA-Z0-9]*$/.test(value)
        ? t(`auditLog.fields.${value}`, { defaultValue: value })
        : value;
    if (value !== null && typeof value === 'object') return JSON.stringify(value);
    return String(value);
  };
  return text;
}

/** What changed, as recorded: one "field: value" line each; a dash when nothing was recorded. */
export function AuditDetail({ detail }: { detail: AuditEntry['detail'] }) {
  const { t } = useTranslation();
  const valueText = useValueText();
  const entries = Object.entries(detail);
  if (entries.length === 0)
    return (
      <Box component="span" sx={{ color: 'text.disabled' }}>
        {'—'}
      </Box>
    );
  return (
    <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
      {entries.map(([key, value]) => (
        <Typography key={key} component="li" variant="body2" sx={{ wordBreak: 'break-word' }}>
          <Box component="span" sx={{ color: 'text.secondary' }}>
            {t('auditLog.detailLine', { field: t(`auditLog.fields.${key}`, { defaultValue: key }) })}
          </Box>{' '}
          {/* An export's filters: as the people list names them, not as JSON. */}
          {key === 'filters' && value !== null && typeof value === 'object' && !Array.isArray(value) ? (
            <ExportFiltersText filters={value} />
          ) : (
            valueText(value)
          )}
        </Typography>
      ))}
    </Box>
  );
}
