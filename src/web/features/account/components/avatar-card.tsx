import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { User } from '../../../../shared/schemas/account.schema';
import { UploadWithPreview } from '../../../components/upload-with-preview';
import { userInitials } from '../../../lib/initials';
import { avatarUrl } from '../../../lib/media-urls';
import { translateMessage } from '../../../lib/translate-message';
import { useUploadAvatar } from '../api/upload-avatar.api';

/** The current picture, large, with "Change picture": preview while uploading, errors under it. */
export function AvatarCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const upload = useUploadAvatar();
  const name = `${user.firstName} ${user.lastName}`.trim();

  return (
    <Card variant="outlined">
      <CardContent>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
          <Typography variant="h6" component="h2" sx={{ alignSelf: 'stretch', textAlign: 'start' }}>
            {t('accountPage.avatar.title')}
          </Typography>
          <UploadWithPreview
            shape="circle"
            src={avatarUrl(user.avatar)}
            upload={async (file) => translateMessage(t, (await upload.mutateAsync(file)).message)}
            fallback={
              <Box component="span" sx={{ fontSize: 52, fontWeight: 600 }}>
                {userInitials(user)}
              </Box>
            }
            labels={{
              button: t('accountPage.avatar.change'),
              uploading: t('accountPage.avatar.uploading'),
              alt: t('accountPage.avatar.alt', { name }),
              previewAlt: t('accountPage.avatar.previewAlt'),
              hint: t('accountPage.avatar.hint'),
            }}
          />
        </Stack>
      </CardContent>
    </Card>
  );
}
