import InstallMobileOutlined from '@mui/icons-material/InstallMobileOutlined';
import { Button, Paper, Stack, Typography } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { promptInstall } from '../../../lib/install-prompt';

/**
 * The browser's own install dialog behind one button (where the browser offers one); `onAnswered`
 * once the person installed or declined.
 */
export function InstallOffer({ onAnswered }: { onAnswered: () => void }) {
  const { t } = useTranslation();
  const titleId = useId();
  const [pending, setPending] = useState(false);
  const install = async () => {
    setPending(true);
    try {
      if (await promptInstall()) onAnswered();
    } finally {
      setPending(false);
    }
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 3 }, borderColor: 'primary.main' }}
    >
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography id={titleId} variant="h6" component="h2">
          {t('install.offer.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          {t('install.offer.text', { appName: t('appName') })}
        </Typography>
        <Button
          variant="contained"
          size="large"
          startIcon={<InstallMobileOutlined />}
          disabled={pending}
          onClick={() => void install()}
        >
          {t('install.offer.button')}
        </Button>
      </Stack>
    </Paper>
  );
}
