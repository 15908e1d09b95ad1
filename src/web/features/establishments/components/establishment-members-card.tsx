import GroupAddOutlined from '@mui/icons-material/GroupAddOutlined';
import PersonAddAltOutlined from '@mui/icons-material/PersonAddAltOutlined';
import PersonRemoveOutlined from '@mui/icons-material/PersonRemoveOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardHeader,
  Divider,
  IconButton,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { Member } from '../../../../shared/schemas/establishment.schema';
import { apiErrorText } from '../../../lib/api-error-text';
import { useMembers, useRemoveMember } from '../api/members.api';
import { MemberList, useMemberName } from './member-list';

const BASE = '/app/management/establishment';

/** Clients and followers of an establishment, each with a remove action, and links to add more. */
export function EstablishmentMembersCard({ establishmentId }: { establishmentId: string }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { data, isPending, isError, error } = useMembers(establishmentId);
  const remove = useRemoveMember(establishmentId);
  const memberName = useMemberName();
  const query = `?establishment=${encodeURIComponent(establishmentId)}`;

  const onRemove = async (member: Member) => {
    try {
      await remove.mutateAsync(member.userId);
      enqueueSnackbar(t('management.members.removed', { name: memberName(member) }), { variant: 'success' });
    } catch (failure) {
      enqueueSnackbar(apiErrorText(t, failure), { variant: 'error' });
    }
  };

  const removeButton = (member: Member) => (
    <Tooltip title={t('management.members.remove', { name: memberName(member) })}>
      <span>
        <IconButton
          aria-label={t('management.members.remove', { name: memberName(member) })}
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
          !data
            ? undefined
            : data.waitingCount > 0
              ? t('management.members.countsWaiting', {
                  clients: data.clientCount,
                  followers: data.followerCount,
                  count: data.waitingCount,
                  waiting: data.waitingCount,
                })
              : t('management.members.counts', { clients: data.clientCount, followers: data.followerCount })
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
      ) : (
        <MemberList
          members={data.items}
          labels={{
            title: t('management.members.title'),
            name: t('management.members.name'),
            email: t('management.members.email'),
            kind: t('management.members.kind'),
            since: t('management.members.since'),
            actions: t('management.members.actions'),
          }}
          kindLabel={(kind) => t(`management.members.kinds.${kind}`)}
          action={removeButton}
        />
      )}
    </Card>
  );
}
