import AndroidOutlined from '@mui/icons-material/AndroidOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import { Box, Button, Link, Stack, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePublicConfig } from '../../../../lib/public-config';

const ITEMS = [
  { key: 'verify', Icon: MarkEmailReadOutlined },
  { key: 'password', Icon: KeyOutlined },
  { key: 'app', Icon: AndroidOutlined },
] as const;

/** After registering: what the email holds (verification link, password, app download), then sign in. */
export function RegisteredNotice({ email, publicId }: { email: string; publicId: string }) {
  const { t } = useTranslation();
  const config = usePublicConfig();
  const appUrl = config.data?.androidAppUrl;
  return (
    <Stack spacing={2.5}>
      <Typography sx={{ color: 'text.secondary', textAlign: 'center' }}>
        {t('publicPage.registered.sent', { email })}
      </Typography>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {ITEMS.map(({ key, Icon }) => (
          <Stack component="li" key={key} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Box
              aria-hidden
              sx={{
                width: 40,
                height: 40,
                flexShrink: 0,
                borderRadius: '50%',
                display: 'grid',
                placeItems: 'center',
                bgcolor: 'action.hover',
                color: 'primary.main',
              }}
            >
              <Icon fontSize="small" />
            </Box>
            <Typography>
              {t(`publicPage.registered.${key}`)}
              {key === 'app' && appUrl && (
                <>
                  {' '}
                  <Link href={appUrl} target="_blank" rel="noopener noreferrer">
                    {t('publicPage.registered.appLink')}
                    <Box component="span" sx={visuallyHidden}>
                      {` ${t('publicPage.opensInNewTab')}`}
                    </Box>
                  </Link>
                </>
              )}
            </Typography>
          </Stack>
        ))}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('publicPage.registered.hint')}
      </Typography>
      <Button
        component={RouterLink}
        to="/login"
        state={{ from: `/${publicId}` }}
        variant="contained"
        size="large"
      >
        {t('publicPage.registered.signIn')}
      </Button>
    </Stack>
  );
}
