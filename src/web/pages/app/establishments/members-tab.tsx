import BadgeOutlinedIcon from '@mui/icons-material/BadgeOutlined';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import PeopleAltOutlinedIcon from '@mui/icons-material/PeopleAltOutlined';
import {
  Alert,
  Box,
  Card,
  CardContent,
  Chip,
  Divider,
  Grid,
  List,
  ListItem,
  ListItemText,
  Skeleton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Establishment, Member } from '../../../../shared/schemas/establishment.schema';
import { useMembers } from '../../../features/establishments/api/members.api';
import { apiErrorText } from '../../../lib/api-error-text';
import { EmptyState } from './empty-state';
import { useLocaleFormat } from './use-locale-format';

/** Members tab (editors, admins): how many follow and operate it, then who, since when. */
export function MembersTab({ establishment }: { establishment: Establishment }) {
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
        <CardContent sx={{ pb: 1 }}>
          <Typography variant="h6" component="h2">
            {t('establishmentPage.members.title')}
          </Typography>
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
          <>
            <MemberTable members={data.items} />
            <MemberList members={data.items} />
          </>
        )}
      </Card>
    </Stack>
  );
}

function CountCard({ icon, label, value }: { icon: ReactNode; label: string; value: string | undefined }) {
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
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

const nameOf = (member: Member) => `${member.firstName} ${member.lastName}`.trim();

function KindChip({ kind }: { kind: Member['kind'] }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant={kind === 'client' ? 'filled' : 'outlined'}
      color={kind === 'client' ? 'primary' : 'default'}
      label={t(`establishmentPage.members.kind.${kind}`)}
    />
  );
}

/** Wide screens: a table. */
function MemberTable({ members }: { members: Member[] }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  return (
    <TableContainer sx={{ display: { xs: 'none', sm: 'block' } }}>
      <Table size="small" aria-label={t('establishmentPage.members.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('establishmentPage.members.name')}</TableCell>
            <TableCell>{t('establishmentPage.members.email')}</TableCell>
            <TableCell>{t('establishmentPage.members.kindLabel')}</TableCell>
            <TableCell>{t('establishmentPage.members.since')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => (
            <TableRow key={`${member.userId}-${member.kind}`} hover>
              <TableCell sx={{ fontWeight: 500 }}>{nameOf(member)}</TableCell>
              <TableCell dir="ltr" sx={{ textAlign: 'start', wordBreak: 'break-all' }}>
                {member.email}
              </TableCell>
              <TableCell>
                <KindChip kind={member.kind} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.date(member.since)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** Phones: a list, one member per row. */
function MemberList({ members }: { members: Member[] }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  return (
    <List disablePadding sx={{ display: { xs: 'block', sm: 'none' } }}>
      {members.map((member, index) => (
        <Fragment key={`${member.userId}-${member.kind}`}>
          {index > 0 && <Divider component="li" />}
          <ListItem secondaryAction={<KindChip kind={member.kind} />} sx={{ paddingInlineEnd: 14 }}>
            <ListItemText
              primary={nameOf(member)}
              secondary={
                <>
                  <Box component="span" dir="ltr" sx={{ display: 'block', wordBreak: 'break-all' }}>
                    {member.email}
                  </Box>
                  {t('establishmentPage.members.sinceDate', { date: format.date(member.since) })}
                </>
              }
            />
          </ListItem>
        </Fragment>
      ))}
    </List>
  );
}
