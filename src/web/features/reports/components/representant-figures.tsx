import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { Alert, Avatar, Box, Card, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import {
  type EstablishmentFigures,
  useEstablishmentFigures,
} from '../../../lib/api/establishment-figures.api';
import { apiErrorText } from '../../../lib/api-error-text';

type Figure = keyof EstablishmentFigures;

const FIGURES: {
  key: Figure;
  icon: ReactNode;
  color: 'primary' | 'success' | 'warning' | 'error' | 'info';
  size: { xs: number; sm: number; md: 'grow' };
}[] = [
  { key: 'registered', icon: <StorefrontOutlined />, color: 'primary', size: { xs: 6, sm: 4, md: 'grow' } },
  { key: 'active', icon: <CheckCircleOutlined />, color: 'success', size: { xs: 6, sm: 4, md: 'grow' } },
  { key: 'inactive', icon: <PauseCircleOutlined />, color: 'warning', size: { xs: 6, sm: 4, md: 'grow' } },
  { key: 'blocked', icon: <BlockOutlined />, color: 'error', size: { xs: 6, sm: 6, md: 'grow' } },
  { key: 'clients', icon: <PeopleAltOutlined />, color: 'info', size: { xs: 12, sm: 6, md: 'grow' } },
];

/** The representative's figures as stat cards: registered, active, inactive and blocked establishments, clients. */
export function RepresentantFigures() {
  const { t } = useTranslation();
  const { data, isPending, isError, error } = useEstablishmentFigures();
  if (isError) return <Alert severity="error">{apiErrorText(t, error)}</Alert>;
  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {FIGURES.map(({ key, icon, color, size }) => (
        <Grid key={key} size={size} component="li">
          <Card sx={{ height: '100%' }}>
            <CardContent sx={{ p: { xs: 2, sm: 2.5 }, '&:last-child': { pb: { xs: 2, sm: 2.5 } } }}>
              <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
                <Avatar
                  variant="rounded"
                  sx={{ bgcolor: `${color}.main`, color: `${color}.contrastText`, width: 40, height: 40 }}
                >
                  {icon}
                </Avatar>
                <Box sx={{ minWidth: 0, width: '100%' }}>
                  <Typography variant="h4" component="p" sx={{ lineHeight: 1.2 }}>
                    {isPending ? <Skeleton width={48} /> : data[key]}
                  </Typography>
                  <Typography
                    variant="body2"
                    color="textSecondary"
                    sx={{ overflowWrap: 'anywhere', hyphens: 'auto' }}
                  >
                    {t(`representant.figures.${key}`)}
                  </Typography>
                </Box>
              </Stack>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
