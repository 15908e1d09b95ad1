import SupervisorAccountOutlinedIcon from '@mui/icons-material/SupervisorAccountOutlined';
import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { fullNameOf } from '../components/user-menu';
import { useEndImpersonation } from '../features/admin-actions/api/admin-actions.api';
import { takeReturnPath } from '../features/admin-actions/impersonation-return';
import { useSwitchSession } from '../features/admin-actions/use-switch-session';
import { apiErrorText } from '../lib/api-error-text';
import { useSession } from '../lib/session';

/**
 * A bar above the page while an admin acts as this user ("log in as", DESIGN section 4): who, by
 * which admin, and the way back to the admin's own session.
 */
export function ImpersonationBar() {
  const { user } = useSession();
  if (!user?.impersonatedBy) return null;
  return <Bar name={fullNameOf(user)} admin={user.impersonatedBy.name} />;
}

function Bar({ name, admin }: { name: string; admin: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const end = useEndImpersonation();
  const switchSession = useSwitchSession();

  const returnToAdmin = async () => {
    try {
      // Back to the page they were on when they chose "Log in as" (e.g. this user's page).
      const session = await end.mutateAsync();
      switchSession(session, takeReturnPath());
    } catch (error) {
      enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  };

  return (
    <Box
      role="region"
      aria-label={t('layout.impersonation.label')}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        columnGap: 1.5,
        rowGap: 0.75,
        px: { xs: 2, sm: 3 },
        py: 0.75,
        bgcolor: 'warning.main',
        color: 'warning.contrastText',
      }}
    >
      <SupervisorAccountOutlinedIcon fontSize="small" />
      <Typography
        variant="body2"
        sx={{ fontWeight: 500, flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
      >
        {t('layout.impersonation.signedInAs', { name, admin })}
      </Typography>
      <Button
        size="small"
        variant="contained"
        color="inherit"
        onClick={returnToAdmin}
        disabled={end.isPending}
        startIcon={end.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        sx={{ bgcolor: 'background.paper', color: 'text.primary', flexShrink: 0 }}
      >
        {t('layout.impersonation.return')}
      </Button>
    </Box>
  );
}
