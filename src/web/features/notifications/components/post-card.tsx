import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import NotificationsActiveOutlinedIcon from '@mui/icons-material/NotificationsActiveOutlined';
import PublicOutlinedIcon from '@mui/icons-material/PublicOutlined';
import PushPinOutlinedIcon from '@mui/icons-material/PushPinOutlined';
import StorefrontOutlinedIcon from '@mui/icons-material/StorefrontOutlined';
import {
  Avatar,
  Button,
  Card,
  CardActions,
  CardContent,
  CardHeader,
  Chip,
  Link,
  Skeleton,
  Stack,
  type SxProps,
  type Theme,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { postPath } from '../../../../shared/push/payload';
import type { Post } from '../../../../shared/schemas/notification.schema';
import { inLanguage } from '../../../../shared/schemas/post-translations';
import { RelativeTime } from '../../../components/relative-time';
import { logoUrl } from '../../../lib/media-urls';
import { DeliveryLine } from './delivery-figures';
import { OfferEndChip, useOfferEnded } from './offer-end';
import { PostActions } from './post-actions';
import { PostLinks } from './post-links';
import { PostMedia } from './post-media';
import { TargetingLine } from './targeting-line';

/** What a post card shows; the readers' parts (reactions, comments) are slots the page fills. */
export interface PostCardProps {
  post: Post;
  /** The compact delivery line (managers; their posts carry the figures). */
  showDelivery?: boolean;
  /** The business's name links to its public page (the social feed, where posts of many businesses mix). */
  linkBusiness?: boolean;
  /** A link to the post's own page (not on that page itself). */
  linkToPost?: boolean;
  /** The whole picture instead of a crop (the post page). */
  fullPicture?: boolean;
  /** Shown first in its establishment's feed, marked "Pinned". */
  pinned?: boolean;
  onDeleted?(): void;
  /**
   * The readers' reactions under the post, spaced as `sx` says; given by the page that composes the
   * reactions feature with this one (a feature never imports another). None: no reactions shown.
   */
  renderReactions?(sx: SxProps<Theme>): ReactNode;
  /** The link to the post's comments, first among the card's actions; given by the page only when there is one. */
  renderCommentsLink?(sx: SxProps<Theme>): ReactNode;
}

/** A post (or a push-only notification) as a card: business, time, text with its line breaks, picture. */
export function PostCard({
  post,
  showDelivery,
  linkBusiness,
  linkToPost,
  fullPicture,
  pinned,
  onDeleted,
  renderReactions,
  renderCommentsLink,
}: PostCardProps) {
  const { t, i18n } = useTranslation();
  const { establishment } = post;
  const titleId = `post-${post.id}-title`;
  // The reader's language, piece by piece, where the business translated it.
  const shown = inLanguage(post, i18n.language);
  const ended = useOfferEnded(post.validUntil);
  const actions = linkToPost || linkBusiness || renderCommentsLink !== undefined;
  const name = linkBusiness ? (
    <Link component={RouterLink} to={`/${establishment.publicId}`} underline="hover" color="inherit">
      {establishment.name}
    </Link>
  ) : (
    establishment.name
  );

  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId}>
      <CardHeader
        avatar={
          <Avatar
            src={logoUrl(establishment.logo)}
            alt={t('notifications.post.logoAlt', { name: establishment.name })}
            variant="rounded"
            sx={{ bgcolor: 'primary.main', color: 'primary.contrastText' }}
          >
            <StorefrontOutlinedIcon />
          </Avatar>
        }
        action={<PostActions post={post} onDeleted={onDeleted} />}
        disableTypography
        title={
          <Typography
            id={titleId}
            component="h3"
            variant="subtitle1"
            sx={{ fontWeight: 600, lineHeight: 1.3 }}
          >
            {name}
          </Typography>
        }
        subheader={
          <Stack
            direction="row"
            useFlexGap
            sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 1, rowGap: 0.5, mt: 0.25 }}
          >
            {pinned && (
              <Chip
                size="small"
                color="primary"
                variant="outlined"
                icon={<PushPinOutlinedIcon />}
                label={t('notifications.post.pinned')}
              />
            )}
            <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
              <RelativeTime iso={post.createdAt} />
              {post.editedAt && ` · ${t('notifications.post.edited')}`}
            </Typography>
            {!post.inFeed && (
              <Chip
                size="small"
                variant="outlined"
                icon={<NotificationsActiveOutlinedIcon />}
                label={t('notifications.post.pushOnly')}
              />
            )}
            {showDelivery && post.localTime && (
              <Chip
                size="small"
                variant="outlined"
                icon={<PublicOutlinedIcon />}
                label={t('schedule.localTime.chip')}
              />
            )}
            {post.validUntil && <OfferEndChip validUntil={post.validUntil} ended={ended} />}
          </Stack>
        }
        sx={{ pb: 1, '& .MuiCardHeader-content': { minWidth: 0 } }}
      />
      <CardContent sx={{ pt: 0, pb: 1.5 }}>
        {shown.title && (
          <Typography
            variant="subtitle1"
            component="p"
            dir="auto"
            sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}
          >
            {shown.title}
          </Typography>
        )}
        <Typography
          dir="auto"
          sx={{
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            fontSize: fullPicture ? '1.0625rem' : undefined,
            // An offer that is over stays readable, a step back from those that still run.
            color: ended ? 'text.secondary' : undefined,
          }}
        >
          {shown.text}
        </Typography>
        <PostLinks link={post.link} actions={shown.actions ?? []} />
      </CardContent>
      {post.media && <PostMedia media={post.media} name={establishment.name} full={fullPicture} />}
      {showDelivery && post.delivery && (
        <CardContent sx={{ pt: 1.5, pb: linkToPost ? 0 : undefined }}>
          <Stack spacing={1}>
            {post.targets && post.targets.length > 0 && (
              <TargetingLine targets={post.targets} delivery={post.delivery} />
            )}
            <DeliveryLine figures={post.delivery} />
          </Stack>
        </CardContent>
      )}
      {renderReactions?.({ px: 2, pt: 1.5, pb: actions ? 0.5 : 2 })}
      {actions && (
        <CardActions sx={{ px: 2, justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1 }}>
          {renderCommentsLink?.({ mr: 'auto' })}
          {linkBusiness && (
            <Button component={RouterLink} to={`/${establishment.publicId}`} size="small">
              {t('notifications.post.businessPage')}
            </Button>
          )}
          {linkToPost && (
            <Button
              component={RouterLink}
              to={postPath(establishment.id, post.id)}
              size="small"
              endIcon={<ChevronRightIcon />}
              aria-label={t('notifications.post.openLabel', { name: establishment.name })}
            >
              {t('notifications.post.open')}
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}

/** The shape of a post card while the list loads. */
export function PostCardSkeleton() {
  return (
    <Card variant="outlined" aria-hidden>
      <CardHeader
        avatar={<Skeleton variant="rounded" width={40} height={40} />}
        title={<Skeleton width="40%" />}
        subheader={<Skeleton width="25%" />}
      />
      <CardContent sx={{ pt: 0 }}>
        <Skeleton />
        <Skeleton />
        <Skeleton width="60%" />
      </CardContent>
    </Card>
  );
}
