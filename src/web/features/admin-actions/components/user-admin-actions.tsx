import DeleteForeverOutlined from '@mui/icons-material/DeleteForeverOutlined';
import LockResetOutlined from '@mui/icons-material/LockResetOutlined';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { Box, Button, Card, CardHeader, CircularProgress, Divider, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { can as actorCan } from '../../../../shared/permissions';
import type { ManagedUser } from '../../../../shared/schemas/user-management.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { apiErrorText } from '../../../lib/api-error-text';
import { useSession } from '../../../lib/session';
import { translateMessage } from '../../../lib/translate-message';
import { useCan } from '../../../lib/use-can';
import {
  useDeleteUser,
  useImpersonateUser,
  useResetUserPassword,
  useSendUserVerification,
} from '../api/admin-actions.api';
import { rememberReturnPath } from '../impersonation-return';
import { useSwitchSession } from '../use-switch-session';

interface Props {
  person: ManagedUser;
  /** Where the admin goes once the account is deleted. */
  listPath: string;
}

type Dialog = 'reset' | 'delete' | null;

/** What an admin can do to an account, each shown only when can() gives its right. */
export function UserAdminActions({ person, listPath }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const location = useLocation();
  const can = useCan();
  const { user: me } = useSession();
  const switchSession = useSwitchSession();
  const impersonate = useImpersonateUser(person.id);
  const reset = useResetUserPassword(person.id);
  const verify = useSendUserVerification(person.id);
  const remove = useDeleteUser(person.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [dialogError, setDialogError] = useState<string>();
  const name = `${person.firstName} ${person.lastName}`;
  const self = me?.id === person.id;
  // As the server decides: nobody who may log in as others in turn (an admin) is logged in as.
  const mayBeImpersonated = !actorCan(
    { id: person.id, role: person.role, emailVerified: person.emailVerified, establishments: [] },
    'user:impersonate',
  );

  const open = (which: Dialog) => {
    setDialogError(undefined);
    setDialog(which);
  };
  const logInAs = async () => {
    try {
      const session = await impersonate.mutateAsync();
      rememberReturnPath(location.pathname + location.search);
      switchSession(session, '/redirect');
    } catch (error) {
      enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  };
  const sendVerification = async () => {
    try {
      const { message } = await verify.mutateAsync();
      enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  };
  const resetPassword = async () => {
    try {
      const { message } = await reset.mutateAsync();
      setDialog(null);
      enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
    } catch (error) {
      setDialogError(apiErrorText(t, error));
    }
  };
  const deleteAccount = async () => {
    try {
      const { message } = await remove.mutateAsync();
      setDialog(null);
      enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
      navigate(listPath, { replace: true });
    } catch (error) {
      setDialogError(apiErrorText(t, error));
    }
  };

  const rows = [
    can('user:impersonate') && !self && mayBeImpersonated && (
      <ActionRow
        key="impersonate"
        title={t('adminActions.impersonate.title')}
        text={t('adminActions.impersonate.text', { name })}
        button={
          <ActionButton icon={<LoginOutlined />} pending={impersonate.isPending} onClick={logInAs}>
            {t('adminActions.impersonate.button')}
          </ActionButton>
        }
      />
    ),
    // One's own password is changed in one's account (the server refuses it here).
    can('user:resetPassword') && !self && (
      <ActionRow
        key="reset"
        title={t('adminActions.reset.title')}
        text={t('adminActions.reset.text')}
        button={
          <ActionButton icon={<LockResetOutlined />} onClick={() => open('reset')}>
            {t('adminActions.reset.button')}
          </ActionButton>
        }
      />
    ),
    can('user:sendVerification') && (
      <ActionRow
        key="verify"
        title={t('adminActions.verify.title')}
        text={t(person.emailVerified ? 'adminActions.verify.already' : 'adminActions.verify.text')}
        button={
          <ActionButton
            icon={<MarkEmailReadOutlined />}
            pending={verify.isPending}
            disabled={person.emailVerified}
            onClick={sendVerification}
          >
            {t('adminActions.verify.button')}
          </ActionButton>
        }
      />
    ),
    can('user:delete') && !self && (
      <ActionRow
        key="delete"
        title={t('adminActions.delete.title')}
        text={t('adminActions.delete.text')}
        danger
        button={
          <ActionButton icon={<DeleteForeverOutlined />} danger onClick={() => open('delete')}>
            {t('adminActions.delete.button')}
          </ActionButton>
        }
      />
    ),
  ].filter(Boolean);
  if (rows.length === 0) return null;

  return (
    <Card>
      <CardHeader title={t('adminActions.title')} subheader={t('adminActions.subtitle')} />
      <Divider />
      <Stack divider={<Divider />}>{rows}</Stack>
      <ConfirmDialog
        open={dialog === 'reset'}
        title={t('adminActions.reset.confirmTitle', { name })}
        text={t('adminActions.reset.confirmText', { email: person.email })}
        confirmLabel={t('adminActions.reset.confirm')}
        pending={reset.isPending}
        error={dialog === 'reset' ? dialogError : undefined}
        onConfirm={resetPassword}
        onClose={() => setDialog(null)}
      />
      <ConfirmDialog
        open={dialog === 'delete'}
        title={t('adminActions.delete.confirmTitle', { name })}
        text={t('adminActions.delete.confirmText')}
        confirmLabel={t('adminActions.delete.confirm')}
        danger
        pending={remove.isPending}
        error={dialog === 'delete' ? dialogError : undefined}
        onConfirm={deleteAccount}
        onClose={() => setDialog(null)}
      />
    </Card>
  );
}

function ActionRow({
  title,
  text,
  button,
  danger,
}: {
  title: string;
  text: string;
  button: ReactNode;
  danger?: boolean;
}) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ px: { xs: 2, sm: 3 }, py: 2, alignItems: { xs: 'stretch', sm: 'center' } }}
    >
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography
          variant="subtitle1"
          component="h3"
          color={danger ? 'error' : undefined}
          sx={{ fontWeight: 600 }}
        >
          {title}
        </Typography>
        <Typography variant="body2" color="textSecondary">
          {text}
        </Typography>
      </Box>
      <Box sx={{ flexShrink: 0, display: 'flex', flexDirection: 'column' }}>{button}</Box>
    </Stack>
  );
}

function ActionButton({
  icon,
  pending,
  disabled,
  danger,
  onClick,
  children,
}: {
  icon: ReactNode;
  pending?: boolean;
  disabled?: boolean;
  danger?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button
      variant={danger ? 'contained' : 'outlined'}
      color={danger ? 'error' : 'primary'}
      onClick={onClick}
      disabled={disabled || pending}
      startIcon={pending ? <CircularProgress size={18} color="inherit" /> : icon}
    >
      {children}
    </Button>
  );
}
