import { Box, Chip, type ChipProps, Link, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ManagedUserDetail } from '../../../../shared/schemas/user-management.schema';
import { DataTable } from '../../../components/data-table';
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
  const nowrap = { sx: { whiteSpace: 'nowrap' } } as const;

  return (
    <PersonSectionCard
      title={title}
      subheader={t('people.detail.deliveriesHint')}
      emptyText={t('people.detail.noDeliveries')}
      empty={person.deliveries.length === 0}
    >
      <DataTable
        items={person.deliveries}
        keyOf={(d) => `${d.notificationId}-${d.subscriptionId}`}
        label={title}
        size="small"
        minWidth={720}
        columns={[
          { key: 'establishment', header: t('people.detail.establishment'), cell: postLink },
          {
            key: 'text',
            header: t('people.detail.text'),
            cellProps: { sx: { maxWidth: 280 } },
            cell: (d) => (
              <Typography variant="body2" noWrap title={d.text}>
                {d.text}
              </Typography>
            ),
          },
          { key: 'sent', header: t('people.detail.sent'), cellProps: nowrap, cell: (d) => when(d.sentAt) },
          { key: 'outcome', header: t('people.detail.outcome'), cell: (d) => <OutcomeChip delivery={d} /> },
          {
            key: 'received',
            header: t('people.detail.received'),
            cellProps: nowrap,
            cell: (d) => when(d.receivedAt),
          },
          {
            key: 'clicked',
            header: t('people.detail.clicked'),
            cellProps: nowrap,
            cell: (d) => when(d.clickedAt),
          },
        ]}
        phoneItem={(d) => (
          <ListItem divider sx={{ alignItems: 'flex-start' }}>
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
        )}
      />
    </PersonSectionCard>
  );
}
