import CloseIcon from '@mui/icons-material/Close';
import SentimentSatisfiedOutlined from '@mui/icons-material/SentimentSatisfiedOutlined';
import {
  Avatar,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ReactionSummary } from '../../../../shared/schemas/notification.schema';
import { REACTION_EMOJI, type ReactionKind } from '../../../../shared/schemas/reaction-kinds';
import { RetryAlert } from '../../../components/retry-alert';
import { apiErrorText } from '../../../lib/api-error-text';
import { nameInitials } from '../../../lib/initials';
import { avatarUrl } from '../../../lib/media-urls';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useReactionList } from '../api/reactions.api';
import { totalOf } from '../reaction-summary';

interface Props {
  postId: string;
  summary: ReactionSummary;
  open: boolean;
  /** The tab it opens on: one kind, or all (null). */
  initialKind?: ReactionKind | null;
  onClose(): void;
}

/** Rows of placeholders while the first page loads. */
function ListSkeleton() {
  return (
    <Stack spacing={1.5} sx={{ py: 1.5 }} aria-hidden>
      {[0, 1, 2].map((i) => (
        <Stack key={i} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Skeleton variant="circular" width={40} height={40} />
          <Skeleton width="50%" />
        </Stack>
      ))}
    </Stack>
  );
}

/**
 * Who reacted to a post, for the operators of its establishment: a tab for all and one per kind
 * with reactions, people newest first with their picture (or initials) and emoji, "Show more" for
 * the next page. Full screen on a phone.
 */
export function ReactionsDialog({ postId, summary, open, initialKind = null, onClose }: Props) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const [kind, setKind] = useState<ReactionKind | null>(initialKind);
  const query = useReactionList(postId, kind, open);
  const people = query.data?.pages.flatMap((page) => page.items) ?? [];
  const tabLabel = (emoji: string, count: number) => `${emoji} ${format.number(count)}`;

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullWidth
      maxWidth="xs"
      fullScreen={phone}
      slotProps={{ transition: { onEnter: () => setKind(initialKind) } }}
    >
      <DialogTitle id={titleId} sx={{ pr: 7 }}>
        {t('reactions.dialog.title')}
        <IconButton
          aria-label={t('reactions.dialog.close')}
          onClick={onClose}
          sx={{ position: 'absolute', right: 8, top: 8 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <Tabs
        value={kind ?? 'all'}
        onChange={(_event, value: ReactionKind | 'all') => setKind(value === 'all' ? null : value)}
        variant="scrollable"
        scrollButtons={false}
        aria-label={t('reactions.dialog.filter')}
        sx={{ px: 2, borderBottom: 1, borderColor: 'divider', minHeight: 44 }}
      >
        <Tab
          value="all"
          label={`${t('reactions.dialog.all')} ${format.number(totalOf(summary))}`}
          sx={{ minWidth: 0, minHeight: 44, px: 1.5 }}
        />
        {summary.counts.map(({ kind: k, count }) => (
          <Tab
            key={k}
            value={k}
            label={tabLabel(REACTION_EMOJI[k], count)}
            aria-label={t('reactions.count', {
              kind: t(`reactions.kinds.${k}`),
              count: format.number(count),
            })}
            sx={{ minWidth: 0, minHeight: 44, px: 1.5 }}
          />
        ))}
      </Tabs>
      <DialogContent sx={{ pt: 0, minHeight: 240 }} aria-busy={query.isPending}>
        {query.isPending ? (
          <Box role="status" aria-label={t('reactions.dialog.loading')}>
            <ListSkeleton />
          </Box>
        ) : query.isError && people.length === 0 ? (
          <RetryAlert
            retryLabel={t('reactions.dialog.retry')}
            onRetry={() => void query.refetch()}
            sx={{ mt: 2 }}
          >
            {t('reactions.dialog.loadFailed')} {apiErrorText(t, query.error)}
          </RetryAlert>
        ) : people.length === 0 ? (
          <Stack
            spacing={1}
            sx={{ alignItems: 'center', textAlign: 'center', py: 5, color: 'text.secondary' }}
          >
            <SentimentSatisfiedOutlined aria-hidden sx={{ fontSize: 40 }} />
            <Typography>{t('reactions.dialog.empty')}</Typography>
          </Stack>
        ) : (
          <>
            <List aria-label={t('reactions.dialog.title')} disablePadding>
              {people.map((person) => (
                <ListItem
                  key={person.user.id}
                  disableGutters
                  secondaryAction={
                    <Box
                      component="span"
                      role="img"
                      aria-label={t(`reactions.kinds.${person.kind}`)}
                      sx={{ fontSize: 24, lineHeight: 1 }}
                    >
                      {REACTION_EMOJI[person.kind]}
                    </Box>
                  }
                >
                  <ListItemAvatar>
                    <Avatar src={avatarUrl(person.user.avatar)} alt="" sx={{ bgcolor: 'secondary.main' }}>
                      {nameInitials(person.user.name)}
                    </Avatar>
                  </ListItemAvatar>
                  <ListItemText
                    primary={person.user.name}
                    slotProps={{ primary: { noWrap: true } }}
                    sx={{ pr: 5 }}
                  />
                </ListItem>
              ))}
            </List>
            {query.isFetchNextPageError && (
              <RetryAlert
                retryLabel={t('reactions.dialog.retry')}
                onRetry={() => void query.fetchNextPage()}
                sx={{ mt: 1 }}
              >
                {apiErrorText(t, query.error)}
              </RetryAlert>
            )}
            {query.hasNextPage && !query.isFetchNextPageError && (
              <Box sx={{ display: 'flex', justifyContent: 'center', py: 1 }}>
                <Button onClick={() => void query.fetchNextPage()} loading={query.isFetchingNextPage}>
                  {t('reactions.dialog.showMore')}
                </Button>
              </Box>
            )}
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
