import { Button, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from './auth-layout';

interface Props {
  title: string;
  subtitle: string;
  icon: ReactNode;
  /** What to do next, under the subtitle. */
  hint: string;
  /** The label of the main button, which leads to the login page. */
  loginLabel: string;
  /** More actions, under the login button. */
  children?: ReactNode;
}

/** An auth flow's happy end (say, an email was sent): a success card with a hint and the way to log in. */
export function AuthSuccessLayout({ title, subtitle, icon, hint, loginLabel, children }: Props) {
  return (
    <AuthLayout title={title} subtitle={subtitle} icon={icon} iconTone="success">
      <Stack spacing={2.5} sx={{ textAlign: 'center' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {hint}
        </Typography>
        <Button component={RouterLink} to="/login" variant="contained" size="large">
          {loginLabel}
        </Button>
        {children}
      </Stack>
    </AuthLayout>
  );
}
