import { Box, Link, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { AuditEntry } from '../../../../shared/schemas/user-management.schema';

/** An action as a person reads it ("Logged in as"); an action this version does not know shows as recorded. */
export function ActionText({ action }: { action: string }) {
  const { t } = useTranslation();
  return <>{t(`auditLog.actions.${action}`, { defaultValue: action })}</>;
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
          {valueText(value)}
        </Typography>
      ))}
    </Box>
  );
}
