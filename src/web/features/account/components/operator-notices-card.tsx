import { Box, MenuItem, Skeleton, Stack, TextField } from '@mui/material';
import { useSnackbar } from 'notistack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  OPERATOR_NOTICE_CADENCES,
  type OperatorNoticeCadence,
} from '../../../../shared/schemas/operator-notice.schema';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorText } from '../../../lib/api-error-text';
import { useCan } from '../../../lib/use-can';
import { useOperatorNotices, useSetOperatorNotices } from '../api/operator-notices.api';
import { SettingCard } from './setting-card';

/**
 * "Email about comments and messages" on the account page, for operators: when none of their
 * devices has notifications on, how often they are emailed what came in for their businesses (GET and
 * PUT /api/account/operator-notices). Operators with push get push whatever this says.
 */
export function OperatorNoticesCard() {
  const can = useCan();
  const allowed = can('user:client');
  const saved = useOperatorNotices(allowed);
  if (!allowed) return null;

  return (
    <SettingCard
      section="operatorNotices"
      query={saved}
      skeleton={<Skeleton variant="rounded" height={56} aria-busy />}
    >
      {(data) => <CadenceForm key={data.cadence} saved={data.cadence} />}
    </SettingCard>
  );
}

function CadenceForm({ saved }: { saved: OperatorNoticeCadence }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSetOperatorNotices();
  const [cadence, setCadence] = useState(saved);
  const [error, setError] = useState<string | null>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      await save.mutateAsync({ cadence });
      enqueueSnackbar(t('operatorNotices.saved'), { variant: 'success' });
    } catch (caught) {
      setError(apiErrorText(t, caught));
    }
  };

  return (
    <Stack
      component="form"
      noValidate
      onSubmit={onSubmit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
    >
      <TextField
        select
        label={t('operatorNotices.label')}
        value={cadence}
        onChange={(event) => setCadence(event.target.value as OperatorNoticeCadence)}
        error={Boolean(error)}
        helperText={error ?? ' '}
        sx={{ minWidth: { sm: 340 } }}
        fullWidth
      >
        {OPERATOR_NOTICE_CADENCES.map((option) => (
          <MenuItem key={option} value={option}>
            {t(`operatorNotices.options.${option}`)}
          </MenuItem>
        ))}
      </TextField>
      <Box sx={{ pt: { sm: 1 } }}>
        <SubmitButton submitting={save.isPending}>{t('operatorNotices.save')}</SubmitButton>
      </Box>
    </Stack>
  );
}
