import { Box, Button, Container, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** /404 */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Container
      maxWidth="sm"
      sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', textAlign: 'center' }}
    >
      <Box component="main">
        <Typography variant="h1" gutterBottom sx={{ color: 'primary.main' }}>
          404
        </Typography>
        <Typography variant="h4" component="h2" gutterBottom>
          {t('notFound.title')}
        </Typography>
        <Typography sx={{ mb: 4, color: 'text.secondary' }}>{t('notFound.text')}</Typography>
        <Button variant="contained" component={RouterLink} to="/redirect">
          {t('notFound.back')}
        </Button>
      </Box>
    </Container>
  );
}
