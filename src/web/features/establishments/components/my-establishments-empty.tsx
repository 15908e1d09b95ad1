import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { Card, CardContent, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The user's establishment list with nothing to show: none at all, or none that matches `search`. */
export function MyEstablishmentsEmpty({ search }: { search: string }) {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent>
        <Stack spacing={1.5} sx={{ alignItems: 'center', textAlign: 'center', py: 4 }}>
          <StorefrontOutlined sx={{ fontSize: 48, color: 'text.disabled' }} />
          <Typography variant="h6" component="h2">
            {search ? t('myEstablishments.noMatch', { search }) : t('myEstablishments.empty')}
          </Typography>
          <Typography color="textSecondary" sx={{ maxWidth: 420 }}>
            {search ? t('myEstablishments.noMatchHint') : t('myEstablishments.emptyHint')}
          </Typography>
        </Stack>
      </CardContent>
    </Card>
  );
}
