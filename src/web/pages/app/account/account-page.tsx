import { Avatar, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session';

/** /app/account: the signed-in user's account. */
export function AccountPage() {
  const { t } = useTranslation();
  const { user } = useSession();
  if (!user) return null;
  const name = `${user.firstName} ${user.lastName}`.trim();
  return (
    <Stack spacing={3}>
      <Typography variant="h4" component="h1">
        {t('account.title')}
      </Typography>
      <Card>
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Avatar
              src={user.avatar ? `/image/logo/${user.avatar}.jpeg` : undefined}
              sx={{ width: 64, height: 64 }}
            >
              {user.firstName.charAt(0)}
            </Avatar>
            <Stack>
              <Typography variant="h6">{t('account.signedInAs', { name })}</Typography>
              <Typography color="text.secondary">{user.email}</Typography>
            </Stack>
            <Chip label={t(`account.role.${user.role}`)} color="primary" variant="outlined" />
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
