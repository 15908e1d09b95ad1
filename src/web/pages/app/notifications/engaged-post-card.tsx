import { CommentsLink, hasCommentsLink } from '../../../features/comments/components/comments-link';
import { PostCard, type PostCardProps } from '../../../features/notifications/components/post-card';
import { ReactionBar, takesReactions } from '../../../features/reactions/components/reaction-bar';

/**
 * A post's card with its readers' reactions and the link to its comments: three features, so the
 * pages compose them here rather than one feature importing the others.
 */
export function EngagedPostCard(props: Omit<PostCardProps, 'renderReactions' | 'renderCommentsLink'>) {
  const { post } = props;
  return (
    <PostCard
      {...props}
      renderReactions={takesReactions(post) ? (sx) => <ReactionBar post={post} sx={sx} /> : undefined}
      renderCommentsLink={hasCommentsLink(post) ? (sx) => <CommentsLink post={post} sx={sx} /> : undefined}
    />
  );
}
