import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { useLogoutAll } from '../../../features/account/api/logout-all.api';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';

/** "Sign out on all devices": ends every session, this one too, then the app is on /login. */
export function SignOutEverywhereCard() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const logoutAll = useLogoutAll();

  const onClick = async () => {
    try {
      const { message } = await logoutAll.mutateAsync();
      enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    }
  };

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Box>
            <Typography variant="h6" component="h2">
              {t('accountPage.sessions.title')}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t('accountPage.sessions.text')}
            </Typography>
          </Box>
          <Button
            variant="outlined"
            startIcon={<LogoutOutlined />}
            onClick={onClick}
            disabled={logoutAll.isPending}
            sx={{ flexShrink: 0 }}
          >
            {t('accountPage.sessions.button')}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
