import { Avatar, Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../../shared/schemas/account.schema';
import { userInitials } from '../../../lib/initials';
import { avatarUrl } from '../../../lib/media-urls';

/** Page title with who is signed in: picture, name, email and role. */
export function AccountHeader({ user }: { user: User }) {
  const { t } = useTranslation();
  const name = `${user.firstName} ${user.lastName}`.trim();
  const role = t(`accountPage.roles.${user.role}`);
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t('accountPage.title')}
      </Typography>
      <Card variant="outlined">
        <CardContent>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
            <Avatar
              src={avatarUrl(user.avatar)}
              alt={t('accountPage.avatar.alt', { name })}
              sx={{ width: 56, height: 56, fontSize: 22, fontWeight: 600, bgcolor: 'primary.main' }}
            >
              {userInitials(user)}
            </Avatar>
            <Box sx={{ minWidth: 0, flexGrow: 1 }}>
              <Typography variant="h6" component="p" noWrap>
                {name}
              </Typography>
              <Typography color="textSecondary" noWrap>
                {user.email}
              </Typography>
              <Chip
                label={role}
                color="primary"
                variant="outlined"
                size="small"
                sx={{ display: { xs: 'inline-flex', sm: 'none' }, mt: 1 }}
              />
            </Box>
            {/* Beside the name on wide screens; under it on phones, where the name needs the room. */}
            <Chip
              label={role}
              color="primary"
              variant="outlined"
              sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
            />
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
