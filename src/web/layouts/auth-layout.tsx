import { Box, Card, CardContent, Container, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** A centered card for the sign-in, registration and password pages. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', alignItems: 'center', py: 4 }}
    >
      <Container maxWidth="sm" component="main">
        <Link
          component={RouterLink}
          to="/redirect"
          variant="h5"
          sx={{ display: 'block', textAlign: 'center', mb: 3, fontWeight: 700 }}
        >
          {t('appName')}
        </Link>
        <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }}>
          <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
            <Typography variant="h4" component="h1" gutterBottom>
              {title}
            </Typography>
            {subtitle && (
              <Typography color="text.secondary" sx={{ mb: 3 }}>
                {subtitle}
              </Typography>
            )}
            {children}
          </CardContent>
        </Card>
      </Container>
    </Box>
  );
}
