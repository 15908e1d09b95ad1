import BlockOutlined from '@mui/icons-material/BlockOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LockOpenOutlined from '@mui/icons-material/LockOpenOutlined';
import OpenInNew from '@mui/icons-material/OpenInNew';
import { Button, CircularProgress } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { useSetBlocked } from '../../../lib/api/establishments.api';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';

const MANAGEMENT_BASE = '/app/management/establishment';

/**
 * The admin's actions on one establishment: edit, open the establishment's own page, block or
 * unblock. Blocking takes a business offline, so like deleting it asks first (and so does unblocking).
 */
export function EstablishmentAdminActions({ establishment: e }: { establishment: Establishment }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const setBlocked = useSetBlocked(e.id);
  const [confirming, setConfirming] = useState(false);
  const [failure, setFailure] = useState<string>();
  const copy = e.blocked ? 'blockEstablishment.unblock' : 'blockEstablishment.block';

  const toggleBlocked = async () => {
    setFailure(undefined);
    try {
      const { message } = await setBlocked.mutateAsync(!e.blocked);
      setConfirming(false);
      enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
    } catch (error) {
      // Said in the dialog, which stays open: try again or cancel.
      setFailure(apiErrorText(t, error));
    }
  };

  return (
    <>
      <Button
        component={RouterLink}
        to={`${MANAGEMENT_BASE}/${encodeURIComponent(e.id)}/edit`}
        variant="contained"
        startIcon={<EditOutlined />}
      >
        {t('management.detail.edit')}
      </Button>
      <Button
        component={RouterLink}
        to={`/app/establishment/${encodeURIComponent(e.id)}`}
        variant="outlined"
        startIcon={<OpenInNew />}
      >
        {t('management.detail.open')}
      </Button>
      <Button
        variant="outlined"
        color={e.blocked ? 'success' : 'warning'}
        onClick={() => {
          setFailure(undefined);
          setConfirming(true);
        }}
        disabled={setBlocked.isPending}
        startIcon={
          setBlocked.isPending ? (
            <CircularProgress size={18} color="inherit" />
          ) : e.blocked ? (
            <LockOpenOutlined />
          ) : (
            <BlockOutlined />
          )
        }
      >
        {e.blocked ? t('management.detail.unblock') : t('management.detail.block')}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={t(`${copy}.title`, { name: e.name })}
        text={t(`${copy}.text`)}
        confirmLabel={t(`${copy}.confirm`)}
        danger={!e.blocked}
        pending={setBlocked.isPending}
        error={failure}
        onConfirm={toggleBlocked}
        onClose={() => setConfirming(false)}
      />
    </>
  );
}
