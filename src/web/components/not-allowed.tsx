import { Card, CardContent, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** What a signed-in user sees on a page their role may not open. */
export function NotAllowed() {
  const { t } = useTranslation();
  return (
    <Card>
      <CardContent>
        <Typography variant="h5" component="h1" gutterBottom>
          {t('notAllowed.title')}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>{t('notAllowed.text')}</Typography>
      </CardContent>
    </Card>
  );
}
