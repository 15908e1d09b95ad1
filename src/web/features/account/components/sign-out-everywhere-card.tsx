import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { DangerCard } from '../../../components/danger-card';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useLogoutAll } from '../api/logout-all.api';

/** "Sign out on all devices": ends every session, this one too, then the app is on /login. */
export function SignOutEverywhereCard() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const logoutAll = useLogoutAll();

  const onConfirm = async () => {
    try {
      const { message } = await logoutAll.mutateAsync();
      enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  };

  return (
    <DangerCard
      tone="neutral"
      title={t('accountPage.sessions.title')}
      text={t('accountPage.sessions.text')}
      button={t('accountPage.sessions.button')}
      icon={<LogoutOutlined />}
      onConfirm={onConfirm}
      pending={logoutAll.isPending}
    />
  );
}
