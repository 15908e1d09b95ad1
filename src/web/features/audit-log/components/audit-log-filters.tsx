import { Autocomplete, Button, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AUDIT_ACTIONS } from '../../../../shared/audit-actions';
import { DateRangeFields } from '../../../components/date-range-fields';
import { EstablishmentFilter } from '../../../components/establishment-filter';
import { ActorFilter } from './actor-filter';
import type { useAuditLogParams } from './use-audit-log-params';

/**
 * The log's filters above its table: actions (several at once), who acted, which business, and a
 * range of days. One column on a phone, two rows on wider screens; each field is reached with
 * Tab and works from the keyboard (the pickers open with the arrow keys and search as one types).
 */
export function AuditLogFilters({ list }: { list: ReturnType<typeof useAuditLogParams> }) {
  const { t } = useTranslation();
  const actionText = (action: string) => t(`auditLog.actions.${action}`, { defaultValue: action });
  return (
    <Stack role="search" aria-label={t('auditLog.filters.label')} spacing={2} sx={{ p: 2 }}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'flex-start' } }}>
        <Autocomplete
          multiple
          size="small"
          options={AUDIT_ACTIONS}
          value={list.actions}
          onChange={(_, next) => list.setActions(next)}
          getOptionLabel={actionText}
          disableCloseOnSelect
          limitTags={2}
          noOptionsText={t('auditLog.filters.noAction')}
          renderInput={(params) => (
            <TextField
              {...params}
              label={t('auditLog.filters.action')}
              placeholder={list.actions.length ? undefined : t('auditLog.filters.allActions')}
            />
          )}
          sx={{ flexGrow: 1, minWidth: 0 }}
        />
        <ActorFilter value={list.actorId} onChange={list.setActorId} />
        <EstablishmentFilter
          value={list.establishmentId}
          onChange={list.setEstablishmentId}
          label={t('auditLog.filters.establishment')}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <DateRangeFields
          from={list.from}
          to={list.to}
          onChange={list.setDates}
          fromLabel={t('auditLog.filters.from')}
          toLabel={t('auditLog.filters.to')}
          backwards={list.datesBackwards}
        />
        {list.filtered && (
          <Button onClick={list.clear} sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}>
            {t('auditLog.filters.clear')}
          </Button>
        )}
      </Stack>
    </Stack>
  );
}
