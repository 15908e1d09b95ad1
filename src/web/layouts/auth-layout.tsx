import { Avatar, Box, Card, CardContent, Container, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { LanguagePicker } from '../components/language-picker';
import { useSession } from '../lib/session';
import { ImpersonationBar } from './impersonation-bar';
import { ProductLogo } from './product-logo';

/** The accent colours an auth card's status icon can take. */
export type AuthIconTone = 'primary' | 'success' | 'error' | 'warning' | 'info';

/**
 * A centered card for the sign-in, registration, password and account-status pages. With an
 * `icon`, the header is centered under it: that is the look of a status (sent, verified, failed).
 */
export function AuthLayout({
  title,
  subtitle,
  icon,
  iconTone = 'primary',
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  iconTone?: AuthIconTone;
  children?: ReactNode;
}) {
  const { status } = useSession();
  const centered = Boolean(icon);
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
      {/* An admin acting as this user ("log in as") finds the way back here too (/waiting, /noestablishments). */}
      <ImpersonationBar />
      <Box sx={{ flexGrow: 1, display: 'flex', alignItems: 'center', py: 4 }}>
        <Container maxWidth="sm" component="main">
          <Box
            sx={{
              display: 'flex',
              justifyContent: 'center',
              alignItems: 'center',
              mb: 3,
              position: 'relative',
            }}
          >
            {/* Guests go to the landing page; signed-in users on to where they belong. */}
            <ProductLogo to={status === 'authenticated' ? '/redirect' : '/home'} />
            {/* Sign-in, registration and password pages in the reader's language. */}
            <Box sx={{ position: 'absolute', insetInlineEnd: 0 }}>
              <LanguagePicker />
            </Box>
          </Box>
          <Card elevation={0} sx={{ border: 1, borderColor: 'divider' }}>
            <CardContent sx={{ p: { xs: 3, sm: 5 }, '&:last-child': { pb: { xs: 3, sm: 5 } } }}>
              <Box sx={{ textAlign: centered ? 'center' : 'start' }}>
                {icon && (
                  <Avatar
                    aria-hidden
                    sx={{
                      width: 64,
                      height: 64,
                      mx: 'auto',
                      mb: 2,
                      bgcolor: `${iconTone}.main`,
                      color: `${iconTone}.contrastText`,
                      '& svg': { fontSize: 34 },
                    }}
                  >
                    {icon}
                  </Avatar>
                )}
                <Typography variant="h4" component="h1" gutterBottom>
                  {title}
                </Typography>
                {subtitle && (
                  <Typography component="div" sx={{ color: 'text.secondary', mb: 3 }}>
                    {subtitle}
                  </Typography>
                )}
              </Box>
              {children}
            </CardContent>
          </Card>
        </Container>
      </Box>
    </Box>
  );
}
