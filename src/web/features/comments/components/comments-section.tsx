import ChatBubbleOutlineIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import CommentsDisabledOutlinedIcon from '@mui/icons-material/CommentsDisabledOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CircularProgress,
  Divider,
  FormControlLabel,
  Skeleton,
  Stack,
  Switch,
  Typography,
} from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { Post } from '../../../../shared/schemas/notification.schema';
import { GuestEmailOffer } from '../../../components/guest-email-offer';
import { RetryAlert } from '../../../components/retry-alert';
import { useSession } from '../../../lib/session';
import { useCan } from '../../../lib/use-can';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useComments, useCreateComment } from '../api/comments.api';
import { commentErrorText } from '../comment-message';
import { CommentForm } from './comment-form';
import { CommentThread, threadsOf } from './comment-thread';
import { CommentsSwitch } from './comments-switch';

/** Whether a post has a conversation: a post in the feeds, not a push-only or a scheduled send. */
export const takesComments = (post: Post) => post.inFeed && post.delivery?.status !== 'scheduled';

/**
 * The post page's conversation (#comments): the comments oldest first with "Show more", the
 * composer for those who may comment (a note instead while comments are off), and the moderators'
 * switch. A link to /…/notification/{id}#comments scrolls here.
 */
export function CommentsSection({ post }: { post: Post }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const can = useCan();
  const headingId = useId();
  const query = useComments(post.id);
  const create = useCreateComment(post.id);
  // Operators speak as the business by default: the owner answers as the bar.
  const [asBusiness, setAsBusiness] = useState(true);
  const sectionRef = useRef<HTMLElement>(null);
  const { hash } = useLocation();
  const first = query.data?.pages[0];
  const comments = query.data?.pages.flatMap((page) => page.items) ?? [];
  const mayComment = can('comment:create', { establishmentId: post.establishment.id });
  // A follower may take a comment to the business privately (operators answer in the inbox).
  const mayAsk =
    can('conversation:start', { establishmentId: post.establishment.id }) &&
    !can('conversation:manage', { establishmentId: post.establishment.id });
  // A guest follower may read the conversation; an email comes first to join it.
  const { user } = useSession();
  const offerEmail = Boolean(user?.guest) && !mayComment;

  // Opened from "3 comments" or a comment notice: bring the conversation into view once it is there.
  const loaded = Boolean(first);
  useEffect(() => {
    if (hash === '#comments' && loaded) {
      sectionRef.current?.scrollIntoView({ block: 'start' });
      sectionRef.current?.focus({ preventScroll: true });
    }
  }, [hash, loaded]);

  return (
    <Card
      variant="outlined"
      component="section"
      id="comments"
      ref={sectionRef}
      tabIndex={-1}
      aria-labelledby={headingId}
      sx={{ scrollMarginTop: 80, '&:focus': { outline: 'none' } }}
    >
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 1 }}
        >
          <Typography id={headingId} variant="h6" component="h2">
            {t('comments.section.title', {
              count: post.comments.count,
              formatted: format.number(post.comments.count),
            })}
          </Typography>
          {first?.canModerate && <CommentsSwitch postId={post.id} page={first} />}
        </Stack>

        {query.isPending ? (
          <Stack
            spacing={2}
            sx={{ py: 1 }}
            role="status"
            aria-busy="true"
            aria-label={t('comments.section.loading')}
          >
            {[0, 1].map((i) => (
              <Stack key={i} direction="row" spacing={1.5}>
                <Skeleton variant="circular" width={36} height={36} />
                <Box sx={{ flex: 1 }}>
                  <Skeleton width="30%" />
                  <Skeleton />
                </Box>
              </Stack>
            ))}
          </Stack>
        ) : query.isError && !query.data ? (
          <RetryAlert retryLabel={t('comments.section.retry')} onRetry={query.refetch}>
            {t('comments.section.error')} {commentErrorText(t, query.error)}
          </RetryAlert>
        ) : comments.length === 0 ? (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'text.secondary', py: 2 }}>
            <ChatBubbleOutlineIcon aria-hidden />
            <Typography variant="body2">
              {first?.enabled && mayComment ? t('comments.section.emptyInvite') : t('comments.section.empty')}
            </Typography>
          </Stack>
        ) : (
          <Box
            component="ul"
            aria-label={t('comments.section.listLabel')}
            sx={{ listStyle: 'none', p: 0, m: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
          >
            {threadsOf(comments).map(({ comment, replies }) => (
              <CommentThread
                key={comment.id}
                postId={post.id}
                establishment={post.establishment}
                comment={comment}
                replies={replies}
                rights={{
                  canReply: Boolean(first?.enabled && !first.muted && mayComment),
                  asBusiness: Boolean(first?.canCommentAsBusiness),
                  privately: mayAsk,
                  businessPrivately: can('conversation:manage', { establishmentId: post.establishment.id }),
                }}
              />
            ))}
          </Box>
        )}

        {query.hasNextPage && (
          <Box sx={{ display: 'grid', placeItems: 'center', py: 1 }}>
            {query.isFetchingNextPage ? (
              <CircularProgress size={24} aria-label={t('comments.section.loadingMore')} />
            ) : (
              <Button onClick={() => query.fetchNextPage()}>{t('comments.section.showMore')}</Button>
            )}
          </Box>
        )}
        {query.isFetchNextPageError && (
          <RetryAlert retryLabel={t('comments.section.retry')} onRetry={query.fetchNextPage} sx={{ mt: 1 }}>
            {commentErrorText(t, query.error)}
          </RetryAlert>
        )}

        {first && mayComment && (
          <>
            <Divider sx={{ my: 2 }} />
            {first.muted ? (
              <Alert severity="info" icon={<CommentsDisabledOutlinedIcon />}>
                {t('comments.section.muted')}
              </Alert>
            ) : first.enabled ? (
              <CommentForm
                label={t('comments.form.label')}
                placeholder={t('comments.form.placeholder')}
                submitLabel={t('comments.form.submit')}
                onSubmit={(text) =>
                  create.mutateAsync({ text, asBusiness: first.canCommentAsBusiness && asBusiness })
                }
                extra={
                  first.canCommentAsBusiness ? (
                    <FormControlLabel
                      control={
                        <Switch
                          checked={asBusiness}
                          onChange={(event) => setAsBusiness(event.target.checked)}
                        />
                      }
                      label={t('comments.form.asBusiness', { name: post.establishment.name })}
                    />
                  ) : undefined
                }
              />
            ) : (
              <Alert severity="info" icon={<ChatBubbleOutlineIcon />}>
                {first.establishmentEnabled
                  ? t('comments.section.offForPost')
                  : t('comments.section.offForBusiness')}
              </Alert>
            )}
          </>
        )}
        {first && offerEmail && (
          <>
            <Divider sx={{ my: 2 }} />
            <GuestEmailOffer publicId={post.establishment.publicId} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
