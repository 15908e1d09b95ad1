import AlternateEmailOutlined from '@mui/icons-material/AlternateEmailOutlined';
import { Link, Stack, type SxProps, type Theme } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/**
 * What a guest follower (no email, no password) sees where the app would show an email, a name, a
 * password or a comment box: one line that offers more, leading to the register form (for the
 * business at hand when there is one). Registering from this device merges the guest into the account.
 */
export function GuestEmailOffer({
  publicId,
  sx,
  onClick,
}: {
  publicId?: string;
  sx?: SxProps<Theme>;
  onClick?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={[{ alignItems: 'center' }, ...(Array.isArray(sx) ? sx : [sx])]}>
      <AlternateEmailOutlined fontSize="small" color="primary" aria-hidden />
      <Link
        component={RouterLink}
        to={publicId ? `/${publicId}/register` : '/register'}
        variant="body2"
        onClick={onClick}
      >
        {t('guestFollow.addEmail')}
      </Link>
    </Stack>
  );
}
