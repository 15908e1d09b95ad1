import { Button, Link, Stack } from '@mui/material';
import type { FormEventHandler, ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from './auth-layout';

interface Props {
  title: string;
  subtitle: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  submitting: boolean;
  /** The fields (and any message above them). */
  children: ReactNode;
  /** Links under the submit button. */
  footer?: ReactNode;
}

/** An auth card that holds one form: its fields, a large submit button and links under it. */
export function AuthFormLayout({
  title,
  subtitle,
  onSubmit,
  submitLabel,
  submitting,
  children,
  footer,
}: Props) {
  return (
    <AuthLayout title={title} subtitle={subtitle}>
      <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5}>
        {children}
        <Button type="submit" variant="contained" size="large" disabled={submitting}>
          {submitLabel}
        </Button>
        {footer}
      </Stack>
    </AuthLayout>
  );
}

/** The centred link back to the login page, under an auth card's actions. */
export function BackToLoginLink({ children }: { children: ReactNode }) {
  return (
    <Link component={RouterLink} to="/login" sx={{ alignSelf: 'center' }}>
      {children}
    </Link>
  );
}
