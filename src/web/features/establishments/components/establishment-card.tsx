import LocationOnOutlined from '@mui/icons-material/LocationOnOutlined';
import PeopleAltOutlined from '@mui/icons-material/PeopleAltOutlined';
import { Box, Card, CardActionArea, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { EstablishmentView } from '../../../../shared/schemas/establishment.schema';
import { EstablishmentAvatar } from './establishment-avatar';
import { EstablishmentStatusChip } from './establishment-status-chip';
import { useFollowersText } from './followers-text';

const cellSize = { xs: 12, sm: 6, lg: 4 };

/** The list that holds establishment cards (and their skeletons), in a responsive grid. */
export function EstablishmentCardGrid({ children }: { children: ReactNode }) {
  return (
    <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {children}
    </Grid>
  );
}

/** One establishment: logo, name, city, state and followers (and who waits); the whole card opens it. */
export function EstablishmentCard({ establishment }: { establishment: EstablishmentView }) {
  const { t } = useTranslation();
  const followers = useFollowersText();
  return (
    <Grid size={cellSize} component="li">
      <Card sx={{ height: '100%' }}>
        <CardActionArea
          component={RouterLink}
          to={`/app/establishment/${encodeURIComponent(establishment.id)}`}
          sx={{ height: '100%', alignItems: 'stretch' }}
        >
          <CardContent sx={{ p: 2.5, '&:last-child': { pb: 2.5 } }}>
            <Stack direction="row" spacing={2} sx={{ alignItems: 'center', minWidth: 0 }}>
              <EstablishmentAvatar establishment={establishment} size={56} />
              <Box sx={{ minWidth: 0, flexGrow: 1 }}>
                <Typography variant="h6" component="h2" noWrap title={establishment.name}>
                  {establishment.name}
                </Typography>
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
                  <LocationOnOutlined sx={{ fontSize: 18 }} />
                  <Typography variant="body2" noWrap>
                    {establishment.city || t('myEstablishments.noCity')}
                  </Typography>
                </Stack>
              </Box>
            </Stack>
            <Stack
              direction="row"
              spacing={1}
              sx={{ mt: 2, alignItems: 'center', justifyContent: 'space-between' }}
            >
              <EstablishmentStatusChip status={establishment.status} />
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: 'text.secondary' }}>
                <PeopleAltOutlined sx={{ fontSize: 18 }} />
                <Typography variant="body2">{followers(establishment)}</Typography>
              </Stack>
            </Stack>
          </CardContent>
        </CardActionArea>
      </Card>
    </Grid>
  );
}

/** The shape of an establishment card while the list loads. */
export function EstablishmentCardSkeleton() {
  return (
    <Grid size={cellSize} component="li">
      <Card>
        <CardContent sx={{ p: 2.5, '&:last-child': { pb: 2.5 } }}>
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            <Skeleton variant="rounded" width={56} height={56} />
            <Box sx={{ flexGrow: 1 }}>
              <Skeleton width="70%" height={28} />
              <Skeleton width="40%" />
            </Box>
          </Stack>
          <Stack direction="row" sx={{ mt: 2, justifyContent: 'space-between' }}>
            <Skeleton variant="rounded" width={64} height={24} />
            <Skeleton width={90} />
          </Stack>
        </CardContent>
      </Card>
    </Grid>
  );
}
