import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import { Alert, Box, Card, CardContent, Grid, Skeleton, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import { EmptyState } from '../../../components/empty-state';
import { apiErrorText } from '../../../lib/api-error-text';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useMembers } from '../api/members.api';
import { MemberList } from './member-list';

/**
 * Members tab (editors, admins): how many follow it (and how many more wait for email
 * confirmation) and operate it, then who, since when. `actions` (e.g. the page's export of the
 * followers) sit beside the list's title.
 */
export function MembersTab({
  establishment,
  actions,
}: {
  establishment: Establishment;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const members = useMembers(establishment.id);
  const format = useLocaleFormat();

  if (members.isError) return <Alert severity="error">{apiErrorText(t, members.error)}</Alert>;
  const data = members.data;

  return (
    <Stack spacing={3}>
      <Grid container spacing={2}>
        <Grid size={{ xs: 6 }}>
          <CountCard
            icon={<PeopleAltOutlinedIcon />}
            label={t('establishmentPage.members.followers')}
            value={data ? format.number(data.followerCount) : undefined}
            note={
              data && data.waitingCount > 0
                ? t('establishmentPage.members.waiting', {
                    count: data.waitingCount,
                    formatted: format.number(data.waitingCount),
                  })
                : undefined
            }
          />
        </Grid>
        <Grid size={{ xs: 6 }}>
          <CountCard
            icon={<BadgeOutlinedIcon />}
            label={t('establishmentPage.members.clients')}
            value={data ? format.number(data.clientCount) : undefined}
          />
        </Grid>
      </Grid>
      <Card variant="outlined">
        <CardContent
          sx={{
            pb: 1,
            display: 'flex',
            flexWrap: 'wrap',
            gap: 1,
            alignItems: 'center',
            justifyContent: 'space-between',
          }}
        >
          <Typography variant="h6" component="h2">
            {t('establishmentPage.members.title')}
          </Typography>
          {actions}
        </CardContent>
        {!data ? (
          <Box sx={{ px: 2, pb: 2 }}>
            {[0, 1, 2].map((key) => (
              <Skeleton key={key} height={48} />
            ))}
          </Box>
        ) : data.items.length === 0 ? (
          <EmptyState
            icon={<GroupOutlinedIcon />}
            title={t('establishmentPage.members.emptyTitle')}
            text={t('establishmentPage.members.emptyText')}
          />
        ) : (
          <MemberList
            members={data.items}
            labels={{
              title: t('establishmentPage.members.title'),
              name: t('establishmentPage.members.name'),
              email: t('establishmentPage.members.email'),
              kind: t('establishmentPage.members.kindLabel'),
              since: t('establishmentPage.members.since'),
            }}
            kindLabel={(kind) => t(`establishmentPage.members.kind.${kind}`)}
            sinceText={(date) => t('establishmentPage.members.sinceDate', { date })}
          />
        )}
      </Card>
    </Stack>
  );
}

function CountCard({
  icon,
  label,
  value,
  note,
}: {
  icon: ReactNode;
  label: string;
  value: string | undefined;
  /** A line under the figure, e.g. the followers still waiting for email confirmation. */
  note?: string;
}) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Box
            aria-hidden
            sx={{
              display: { xs: 'none', sm: 'grid' },
              placeItems: 'center',
              width: 48,
              height: 48,
              borderRadius: '50%',
              bgcolor: 'action.hover',
              color: 'primary.main',
              flexShrink: 0,
            }}
          >
            {icon}
          </Box>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {label}
            </Typography>
            <Typography variant="h4" component="p">
              {value ?? <Skeleton width={48} />}
            </Typography>
            {note && (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {note}
              </Typography>
            )}
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}
