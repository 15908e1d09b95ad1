import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { type NavigateOptions, useNavigate } from 'react-router';
import { useSession } from './session';

/** Sign out, then go to the login page; a failure is said in a snackbar and the user stays. */
export function useSignOut(navigateOptions?: NavigateOptions) {
  const { t } = useTranslation();
  const { logout } = useSession();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  return async () => {
    try {
      await logout();
      navigate('/login', navigateOptions);
    } catch {
      enqueueSnackbar(t('common:errors.logoutFailed'), { variant: 'error' });
    }
  };
}
