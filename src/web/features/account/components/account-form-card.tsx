import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { FormEventHandler, ReactNode } from 'react';

interface Props {
  title: string;
  subtitle: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The fields and the submit button, under the heading. */
  children: ReactNode;
}

/** An account settings form in an outlined card, under its heading and a line that explains it. */
export function AccountFormCard({ title, subtitle, onSubmit, children }: Props) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack component="form" noValidate onSubmit={onSubmit} spacing={3}>
          <Box>
            <Typography variant="h6" component="h2">
              {title}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {subtitle}
            </Typography>
          </Box>
          {children}
        </Stack>
      </CardContent>
    </Card>
  );
}
