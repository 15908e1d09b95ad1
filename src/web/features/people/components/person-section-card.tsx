import { Card, CardHeader, Divider, Typography } from '@mui/material';
import type { ReactNode } from 'react';

interface Props {
  title: string;
  subheader?: string;
  /** Shown instead of the content when the section has nothing. */
  emptyText: string;
  empty: boolean;
  /** Fill the grid cell beside another card. */
  fullHeight?: boolean;
  children: ReactNode;
}

/** One section of a person's page: a titled card holding a list, or a line saying it is empty. */
export function PersonSectionCard({ title, subheader, emptyText, empty, fullHeight, children }: Props) {
  return (
    <Card sx={fullHeight ? { height: '100%' } : undefined}>
      <CardHeader title={title} subheader={subheader} />
      <Divider />
      {empty ? (
        <Typography color="textSecondary" sx={{ p: 3, textAlign: 'center' }}>
          {emptyText}
        </Typography>
      ) : (
        children
      )}
    </Card>
  );
}
