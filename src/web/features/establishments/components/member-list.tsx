import {
  Box,
  Chip,
  List,
  ListItem,
  ListItemText,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import type { ReactNode } from 'react';
import type { Member } from '../../../../shared/schemas/establishment.schema';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { MemberDiscountChip, MemberWaitingChip } from './member-chips';

/** A member's name as listed; their email when they gave none. */
export const memberName = (member: Member) => `${member.firstName} ${member.lastName}`.trim() || member.email;

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
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const format = useLocaleFormat();
  const kinds = (member: Member) => (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
      <KindChip kind={member.kind} label={kindLabel(member.kind)} />
      <MemberWaitingChip member={member} />
      <MemberDiscountChip member={member} />
    </Stack>
  );

  if (phone)
    return (
      <List aria-label={labels.title}>
        {members.map((member) => (
          <ListItem
            key={`${member.userId}-${member.kind}`}
            secondaryAction={action?.(member)}
            sx={action ? { pe: 8 } : undefined}
          >
            <ListItemText
              primary={
                <Stack
                  direction="row"
                  spacing={1}
                  sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
                >
                  <span>{memberName(member)}</span>
                  <KindChip kind={member.kind} label={kindLabel(member.kind)} />
                  <MemberWaitingChip member={member} />
                  <MemberDiscountChip member={member} />
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
        ))}
      </List>
    );

  return (
    <TableContainer>
      <Table size="small" aria-label={labels.title}>
        <TableHead>
          <TableRow>
            <TableCell>{labels.name}</TableCell>
            <TableCell>{labels.email}</TableCell>
            <TableCell>{labels.kind}</TableCell>
            <TableCell>{labels.since}</TableCell>
            {action && (
              <TableCell align="right">
                <Box component="span" sx={visuallyHidden}>
                  {labels.actions}
                </Box>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => (
            <TableRow key={`${member.userId}-${member.kind}`} sx={{ '&:last-child td': { borderBottom: 0 } }}>
              <TableCell sx={{ fontWeight: 600 }}>{memberName(member)}</TableCell>
              <TableCell dir="ltr" sx={{ textAlign: 'start', wordBreak: 'break-all' }}>
                {member.email}
              </TableCell>
              <TableCell>{kinds(member)}</TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>{format.date(member.since)}</TableCell>
              {action && (
                <TableCell align="right" sx={{ py: 0.5 }}>
                  {action(member)}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
