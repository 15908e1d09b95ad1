import {
  Box,
  Chip,
  type ChipProps,
  Link,
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
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ManagedUserDetail } from '../../../../shared/schemas/user-management.schema';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { PersonSectionCard } from './person-section-card';

type Delivery = ManagedUserDetail['deliveries'][number];

const OUTCOME_COLOR: Record<Delivery['outcome'], ChipProps['color']> = {
  sent: 'success',
  pending: 'default',
  failed: 'error',
  gone: 'warning',
};

function OutcomeChip({ delivery }: { delivery: Delivery }) {
  const { t } = useTranslation();
  return (
    <Chip
      size="small"
      color={OUTCOME_COLOR[delivery.outcome]}
      label={t(`people.outcomes.${delivery.outcome}`)}
      title={delivery.httpStatus ? t('people.detail.httpStatus', { status: delivery.httpStatus }) : undefined}
    />
  );
}

/** The last notifications sent to the person: where from, when, what the push service answered, received and clicked. */
export function PersonDeliveriesCard({ person }: { person: ManagedUserDetail }) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const format = useLocaleFormat();
  const when = (iso: string | null) => (iso ? format.date(iso, { withTime: true }) : '—');
  const postLink = (d: Delivery) => (
    <Link
      component={RouterLink}
      to={`/app/management/establishment/${encodeURIComponent(d.establishmentId)}`}
      sx={{ fontWeight: 600 }}
    >
      {d.establishmentName}
    </Link>
  );
  const title = t('people.detail.deliveries');

  return (
    <PersonSectionCard
      title={title}
      subheader={t('people.detail.deliveriesHint')}
      emptyText={t('people.detail.noDeliveries')}
      empty={person.deliveries.length === 0}
    >
      {phone ? (
        <List aria-label={title}>
          {person.deliveries.map((d) => (
            <ListItem
              key={`${d.notificationId}-${d.subscriptionId}`}
              divider
              sx={{ alignItems: 'flex-start' }}
            >
              <ListItemText
                primary={
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}
                  >
                    {postLink(d)}
                    <OutcomeChip delivery={d} />
                  </Stack>
                }
                secondary={
                  <>
                    <Box component="span" sx={{ display: 'block', color: 'text.primary', my: 0.5 }}>
                      {d.text}
                    </Box>
                    <Box component="span" sx={{ display: 'block' }}>
                      {t('people.detail.sentAt', { date: when(d.sentAt) })}
                    </Box>
                    <Box component="span" sx={{ display: 'block' }}>
                      {t('people.detail.receivedClicked', {
                        received: when(d.receivedAt),
                        clicked: when(d.clickedAt),
                      })}
                    </Box>
                  </>
                }
                slotProps={{ secondary: { component: 'div' } }}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <TableContainer>
          <Table size="small" aria-label={title} sx={{ minWidth: 720 }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('people.detail.establishment')}</TableCell>
                <TableCell>{t('people.detail.text')}</TableCell>
                <TableCell>{t('people.detail.sent')}</TableCell>
                <TableCell>{t('people.detail.outcome')}</TableCell>
                <TableCell>{t('people.detail.received')}</TableCell>
                <TableCell>{t('people.detail.clicked')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {person.deliveries.map((d) => (
                <TableRow
                  key={`${d.notificationId}-${d.subscriptionId}`}
                  sx={{ '&:last-child td': { borderBottom: 0 } }}
                >
                  <TableCell>{postLink(d)}</TableCell>
                  <TableCell sx={{ maxWidth: 280 }}>
                    <Typography variant="body2" noWrap title={d.text}>
                      {d.text}
                    </Typography>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(d.sentAt)}</TableCell>
                  <TableCell>
                    <OutcomeChip delivery={d} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(d.receivedAt)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(d.clickedAt)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </PersonSectionCard>
  );
}
