import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { ExportMenu } from './export-menu';

/** "Download my data" on the account page: the right to data portability, as JSON or CSV. */
export function DownloadMyDataCard() {
  const { t } = useTranslation();
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
              {t('exports.myData.title')}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t('exports.myData.text')}
            </Typography>
          </Box>
          <Box sx={{ flexShrink: 0 }}>
            <ExportMenu kind="account" label={t('exports.myData.button')} variant="contained" fullWidth />
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
