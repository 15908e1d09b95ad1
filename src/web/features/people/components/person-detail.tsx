import EditOutlined from '@mui/icons-material/EditOutlined';
import { Button, Grid, Skeleton, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ManagedUserDetail } from '../../../../shared/schemas/user-management.schema';
import { PageHeader } from '../../../components/page-header';
import { DiscountChip, PersonAvatar, VerifiedChip } from './person-chips';
import { PersonDeliveriesCard } from './person-deliveries-card';
import { PersonDevicesCard } from './person-devices-card';
import { PersonMembershipsCard } from './person-memberships-card';
import { PersonPreferencesCard } from './person-preferences-card';
import { PersonProfileCard } from './person-profile-card';

interface Props {
  person: ManagedUserDetail;
  back: { to: string; label: string };
  editTo: string;
  /** The admin's actions and the person's audit entries, under the cards. */
  children?: ReactNode;
}

import { usePersonName } from './people-table';

/** The admin's view of one person: profile, establishments, devices, preferences and last notifications. */
export function PersonDetail({ person, back, editTo, children }: Props) {
  const { t } = useTranslation();
  const nameOf = usePersonName();
  return (
    <Stack spacing={3}>
      <PageHeader
        back={back}
        avatar={<PersonAvatar person={person} size={56} />}
        title={nameOf(person)}
        subtitle={
          <Stack
            component="span"
            direction="row"
            spacing={1}
            sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
          >
            <span>{t(`accountPage.roles.${person.role}`)}</span>
            <VerifiedChip person={person} />
            <DiscountChip person={person} />
          </Stack>
        }
        actions={
          <Button component={RouterLink} to={editTo} variant="contained" startIcon={<EditOutlined />}>
            {t('people.detail.edit')}
          </Button>
        }
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <PersonProfileCard person={person} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <PersonMembershipsCard person={person} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PersonDevicesCard person={person} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <PersonPreferencesCard person={person} />
        </Grid>
      </Grid>
      <PersonDeliveriesCard person={person} />
      {children}
    </Stack>
  );
}

/** The detail page's shape while the person loads. */
export function PersonDetailSkeleton({ back }: { back: { to: string; label: string } }) {
  return (
    <Stack spacing={3}>
      <PageHeader
        back={back}
        avatar={<Skeleton variant="circular" width={56} height={56} />}
        title={<Skeleton width={260} />}
      />
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 7 }}>
          <Skeleton variant="rounded" height={380} />
        </Grid>
        <Grid size={{ xs: 12, md: 5 }}>
          <Skeleton variant="rounded" height={380} />
        </Grid>
      </Grid>
      <Skeleton variant="rounded" height={200} />
    </Stack>
  );
}
