import { Box, Chip, ListItem, ListItemText, Stack } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Member } from '../../../../shared/schemas/establishment.schema';
import { columnsOf, DataTable } from '../../../components/data-table';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { MemberDiscountChip, MemberWaitingChip } from './member-chips';

/**
 * A member's name as listed: their email when they gave none; "Device without an account" for a
 * follower who followed with one tap (no name, no email).
 */
export function useMemberName(): (member: Member) => string {
  const { t } = useTranslation();
  return (member) =>
    member.guest
      ? t('establishmentPage.members.guest')
      : `${member.firstName} ${member.lastName}`.trim() || member.email;
}

interface Props {
  members: Member[];
  labels: { title: string; name: string; email: string; kind: string; since: string; actions?: string };
  kindLabel: (kind: Member['kind']) => string;
  /** On phones, where there is no "since" column: the line under the email, if wanted. */
  sinceText?: (date: string) => string;
  /** A per-member action (e.g. remove), in its own column. */
  action?: (member: Member) => ReactNode;
}

function KindChip({ kind, label }: { kind: Member['kind']; label: string }) {
  return (
    <Chip size="small" variant="outlined" color={kind === 'client' ? 'primary' : 'default'} label={label} />
  );
}

/** Clients and followers of an establishment: a table on wide screens, a list on phones. */
export function MemberList({ members, labels, kindLabel, sinceText, action }: Props) {
  const format = useLocaleFormat();
  const memberName = useMemberName();
  const chips = (member: Member) => (
    <>
      <KindChip kind={member.kind} label={kindLabel(member.kind)} />
      <MemberWaitingChip member={member} />
      <MemberDiscountChip member={member} />
    </>
  );
  const columns = columnsOf<Member>(
    { key: 'name', header: labels.name, cellProps: { sx: { fontWeight: 600 } }, cell: memberName },
    {
      key: 'email',
      header: labels.email,
      cellProps: { dir: 'ltr', sx: { textAlign: 'start', wordBreak: 'break-all' } },
      cell: (member) => member.email,
    },
    {
      key: 'kind',
      header: labels.kind,
      cell: (member) => (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
          {chips(member)}
        </Stack>
      ),
    },
    {
      key: 'since',
      header: labels.since,
      cellProps: { sx: { whiteSpace: 'nowrap' } },
      cell: (member) => format.date(member.since),
    },
    action && {
      key: 'actions',
      header: (
        <Box component="span" sx={visuallyHidden}>
          {labels.actions}
        </Box>
      ),
      align: 'right',
      cellProps: { sx: { py: 0.5 } },
      cell: action,
    },
  );

  return (
    <DataTable
      items={members}
      keyOf={(member) => `${member.userId}-${member.kind}`}
      label={labels.title}
      columns={columns}
      size="small"
      phoneItem={(member) => (
        <ListItem secondaryAction={action?.(member)} sx={action ? { pe: 8 } : undefined}>
          <ListItemText
            primary={
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
                <span>{memberName(member)}</span>
                {chips(member)}
              </Stack>
            }
            secondary={
              <>
                <Box component="span" dir="ltr" sx={{ display: 'block', wordBreak: 'break-all' }}>
                  {member.email}
                </Box>
                {sinceText?.(format.date(member.since))}
              </>
            }
          />
        </ListItem>
      )}
    />
  );
}
