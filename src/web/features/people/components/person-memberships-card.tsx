import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { Chip, Link, List, ListItem, ListItemIcon, ListItemText } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ManagedUserDetail } from '../../../../shared/schemas/user-management.schema';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { PersonSectionCard } from './person-section-card';

/** The establishments the person follows or operates, each a link to its admin page. */
export function PersonMembershipsCard({ person }: { person: ManagedUserDetail }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  return (
    <PersonSectionCard
      title={t('people.detail.establishments')}
      subheader={t('people.detail.establishmentsCount', { count: person.establishments.length })}
      emptyText={t('people.detail.noEstablishments')}
      empty={person.establishments.length === 0}
      fullHeight
    >
      <List aria-label={t('people.detail.establishments')}>
        {person.establishments.map((membership) => (
          <ListItem
            key={`${membership.establishmentId}-${membership.kind}`}
            secondaryAction={
              <Chip
                size="small"
                variant="outlined"
                color={membership.kind === 'client' ? 'primary' : 'default'}
                label={t(`people.kinds.${membership.kind}`)}
              />
            }
            sx={{ pe: 14 }}
          >
            <ListItemIcon sx={{ minWidth: 40 }}>
              <StorefrontOutlined />
            </ListItemIcon>
            <ListItemText
              primary={
                <Link
                  component={RouterLink}
                  to={`/app/management/establishment/${encodeURIComponent(membership.establishmentId)}`}
                  sx={{ fontWeight: 600, wordBreak: 'break-word' }}
                >
                  {membership.name}
                </Link>
              }
              secondary={t('people.detail.since', { date: format.date(membership.since) })}
            />
          </ListItem>
        ))}
      </List>
    </PersonSectionCard>
  );
}
