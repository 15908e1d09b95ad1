import { Avatar, Box, Card, CardContent, Link, List, ListItem, Stack, Typography } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { FollowList, FollowNotify } from '../../../../shared/schemas/notify.schema';
import { ListSkeleton } from '../../../components/list-skeleton';
import { RetryAlert } from '../../../components/retry-alert';
import { nameInitials } from '../../../lib/initials';
import { logoUrl } from '../../../lib/media-urls';
import { useCan } from '../../../lib/use-can';
import { useMyFollows } from '../api/follows.api';
import { EmailBouncedAlert } from './email-bounced-alert';
import { NotifyChoiceControl } from './notify-choice-control';

/**
 * "Your businesses" on the account page: every business the user follows, and how its news reaches
 * them (phone, email, both, feed only, paused), each changed in place. Hidden from whom can() does
 * not give a feed.
 */
export function YourBusinessesCard() {
  const { t } = useTranslation();
  const can = useCan();
  const allowed = can('feed:read');
  const follows = useMyFollows(allowed);
  const titleId = useId();
  if (!allowed) return null;
  const list = follows.data;

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent>
        <Stack spacing={2}>
          <Box>
            <Typography id={titleId} variant="h6" component="h2">
              {t('notify.title')}
            </Typography>
            <Typography variant="body2" color="textSecondary">
              {t('notify.subtitle')}
            </Typography>
          </Box>
          {follows.error && !list ? (
            <RetryAlert retryLabel={t('notify.retry')} onRetry={() => void follows.refetch()}>
              {t('notify.loadFailed')}
            </RetryAlert>
          ) : !list ? (
            <Box role="status" aria-busy aria-label={t('notify.loading')} sx={{ mx: -2 }}>
              <ListSkeleton rows={2} picture="rounded" />
            </Box>
          ) : list.items.length === 0 ? (
            <Box>
              <Typography>{t('notify.empty')}</Typography>
              <Typography variant="body2" color="textSecondary">
                {t('notify.emptyHint')}
              </Typography>
            </Box>
          ) : (
            <>
              {list.emailBounced && <EmailBouncedAlert />}
              <List aria-labelledby={titleId} disablePadding>
                {list.items.map((follow) => (
                  <FollowRow key={follow.establishment.id} follow={follow} account={list} />
                ))}
              </List>
            </>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

function FollowRow({ follow, account }: { follow: FollowNotify; account: FollowList }) {
  const { establishment } = follow;
  const logo = logoUrl(establishment.logo);
  return (
    <ListItem
      divider
      disableGutters
      sx={{
        flexWrap: 'wrap',
        alignItems: 'flex-start',
        columnGap: 2,
        rowGap: 1.5,
        py: 1.5,
        '&:last-of-type': { borderBottom: 0 },
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flex: '1 1 12rem', minWidth: 0, pt: 0.25 }}>
        <Avatar
          src={logo}
          // The name is written beside it: the picture itself is decorative.
          alt=""
          variant="rounded"
          sx={{
            width: 40,
            height: 40,
            bgcolor: logo ? 'transparent' : 'primary.main',
            color: 'primary.contrastText',
            fontWeight: 700,
            fontSize: 16,
          }}
        >
          {nameInitials(establishment.name)}
        </Avatar>
        <Link
          component={RouterLink}
          to={`/app/establishment/${establishment.id}`}
          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
        >
          {establishment.name}
        </Link>
      </Box>
      <Box sx={{ flex: '1 1 22rem', minWidth: 0 }}>
        <NotifyChoiceControl follow={follow} account={account} />
      </Box>
    </ListItem>
  );
}
