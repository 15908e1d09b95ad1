import {
  Box,
  Button,
  Card,
  CardContent,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ProviderSettings } from '../../../../shared/schemas/sign-in-provider.schema';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useSaveProviderSettings } from '../api/sign-in-provider.api';

type CreateRole = ProviderSettings['createRole'];

/** Whether staff the provider knows and no account matches get one, and with which role. */
export function ProviderSettingsCard({ settings }: { settings: ProviderSettings }) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveProviderSettings();
  const { enqueueSnackbar } = useSnackbar();
  const [allowCreate, setAllowCreate] = useState(settings.allowCreate);
  const [createRole, setCreateRole] = useState<CreateRole>(settings.createRole);
  useEffect(() => {
    setAllowCreate(settings.allowCreate);
    setCreateRole(settings.createRole);
  }, [settings]);
  const roleError = save.error instanceof ApiError ? save.error.fields.createRole : undefined;

  const onSave = () =>
    save.mutate(
      { allowCreate, createRole },
      {
        onSuccess: () => enqueueSnackbar(t('signInProvider.saved'), { variant: 'success' }),
        onError: (error) => enqueueSnackbar(apiErrorText(t, error), { variant: 'error' }),
      },
    );

  return (
    <Card component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack spacing={2}>
          <Box>
            <Typography id={titleId} variant="h6" component="h2">
              {t('signInProvider.provider', { issuer: settings.displayName ?? '' })}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {settings.issuer}
            </Typography>
          </Box>
          <FormControlLabel
            control={
              <Switch checked={allowCreate} onChange={(event) => setAllowCreate(event.target.checked)} />
            }
            label={t('signInProvider.allowCreate')}
          />
          <TextField
            select
            label={t('signInProvider.createRole')}
            value={createRole}
            onChange={(event) => setCreateRole(event.target.value as CreateRole)}
            error={Boolean(roleError)}
            helperText={roleError ? translateMessage(t, roleError) : t('signInProvider.neverAdmin')}
            sx={{ maxWidth: 360 }}
          >
            <MenuItem value="client">{t('signInProvider.roleClient')}</MenuItem>
            <MenuItem value="representant">{t('signInProvider.roleRepresentant')}</MenuItem>
          </TextField>
          <Box>
            <Button variant="contained" onClick={onSave} disabled={save.isPending}>
              {t('signInProvider.save')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
