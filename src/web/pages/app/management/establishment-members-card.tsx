import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardHeader,
  Chip,
  Divider,
  IconButton,
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
  Tooltip,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Member } from '../../../../shared/schemas/establishment.schema';
import { useMembers, useRemoveMember } from '../../../features/establishments/api/members.api';
import { apiErrorText } from '../../../lib/api-error-text';
import { useFormatDate } from '../../../lib/use-format-date';

const BASE = '/app/management/establishment';

/** Clients and followers of an establishment, each with a remove action, and links to add more. */
export function EstablishmentMembersCard({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const { enqueueSnackbar } = useSnackbar();
  const { data, isPending, isError, error } = useMembers(establishmentId);
  const remove = useRemoveMember(establishmentId);
  const query = `?establishment=${encodeURIComponent(establishmentId)}`;

  const onRemove = async (member: Member) => {
    try {
      await remove.mutateAsync(member.userId);
      enqueueSnackbar(t('management.members.removed', { name: nameOf(member) }), { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(apiErrorText(t, failure), { variant: 'error' });
    }
  };

  const removeButton = (member: Member) => (
    <Tooltip title={t('management.members.remove', { name: nameOf(member) })}>
      <span>
        <IconButton
          aria-label={t('management.members.remove', { name: nameOf(member) })}
          onClick={() => onRemove(member)}
          disabled={remove.isPending}
          color="error"
        >
          <PersonRemoveOutlined />
        </IconButton>
      </span>
    </Tooltip>
  );

  return (
    <Card>
      <CardHeader
        title={t('management.members.title')}
        subheader={
          data
            ? t('management.members.counts', { clients: data.clientCount, followers: data.followerCount })
            : undefined
        }
        action={
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
            <Button
              component={RouterLink}
              to={`${BASE}/addclient${query}`}
              size="small"
              startIcon={<PersonAddAltOutlined />}
            >
              {t('management.members.addClient')}
            </Button>
            <Button
              component={RouterLink}
              to={`${BASE}/adduser${query}`}
              size="small"
              startIcon={<GroupAddOutlined />}
            >
              {t('management.members.addUser')}
            </Button>
          </Stack>
        }
        sx={{
          flexWrap: { xs: 'wrap', sm: 'nowrap' },
          gap: 1,
          '& .MuiCardHeader-action': { m: 0, alignSelf: 'center' },
        }}
      />
      <Divider />
      {isError ? (
        <Alert severity="error" sx={{ m: 2 }}>
          {apiErrorText(t, error)}
        </Alert>
      ) : isPending ? (
        <Stack spacing={1} sx={{ p: 3 }}>
          <Skeleton width="60%" />
          <Skeleton width="50%" />
          <Skeleton width="55%" />
        </Stack>
      ) : data.items.length === 0 ? (
        <Box sx={{ p: 3, textAlign: 'center' }}>
          <Typography color="textSecondary">{t('management.members.empty')}</Typography>
        </Box>
      ) : phone ? (
        <List aria-label={t('management.members.title')}>
          {data.items.map((member) => (
            <ListItem
              key={`${member.userId}-${member.kind}`}
              secondaryAction={removeButton(member)}
              sx={{ pe: 8 }}
            >
              <ListItemText
                primary={
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
                  >
                    <span>{nameOf(member)}</span>
                    <KindChip member={member} />
                  </Stack>
                }
                secondary={member.email}
                slotProps={{ secondary: { sx: { wordBreak: 'break-all' } } }}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <MembersTable members={data.items} action={removeButton} />
      )}
    </Card>
  );
}

function MembersTable({
  members,
  action,
}: {
  members: Member[];
  action: (member: Member) => React.ReactNode;
}) {
  const { t } = useTranslation();
  const formatDate = useFormatDate();
  return (
    <TableContainer>
      <Table aria-label={t('management.members.title')}>
        <TableHead>
          <TableRow>
            <TableCell>{t('management.members.name')}</TableCell>
            <TableCell>{t('management.members.email')}</TableCell>
            <TableCell>{t('management.members.kind')}</TableCell>
            <TableCell>{t('management.members.since')}</TableCell>
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                {t('management.members.actions')}
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => (
            <TableRow key={`${member.userId}-${member.kind}`} sx={{ '&:last-child td': { borderBottom: 0 } }}>
              <TableCell sx={{ fontWeight: 600 }}>{nameOf(member)}</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{member.email}</TableCell>
              <TableCell>
                <KindChip member={member} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(member.since)}</TableCell>
              <TableCell align="right" sx={{ py: 0.5 }}>
                {action(member)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function KindChip({ member }: { member: Member }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={member.kind === 'client' ? 'primary' : 'default'}
      label={t(`management.members.kinds.${member.kind}`)}
    />
  );
}

const nameOf = (member: Member) => `${member.firstName} ${member.lastName}`.trim() || member.email;
