import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import ReplyIcon from '@mui/icons-material/Reply';
import { Box, Button, FormControlLabel, Stack, Switch } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Comment } from '../../../../shared/schemas/comment.schema';
import { useCreateComment } from '../api/comments.api';
import { BusinessPrivateReplyDialog } from './business-private-reply-dialog';
import { CommentForm } from './comment-form';
import { CommentItem } from './comment-item';
import { PrivateReplyDialog } from './private-reply-dialog';

/** What the reader may do in the conversation (from its page). */
export interface ReplyRights {
  /** The reader may write here now: comments on, not muted. */
  canReply: boolean;
  /** An operator: the reply box offers "Reply as {business}", on by default. */
  asBusiness: boolean;
  /** A follower who may write to the business: "Reply privately" quotes the comment in a message. */
  privately: boolean;
  /** An operator: "Message privately" writes to the comment's author, quoting it, as the business. */
  businessPrivately?: boolean;
}

/** A page's comments as threads: each comment with its replies (one level), in the order they came. */
export function threadsOf(comments: Comment[]): { comment: Comment; replies: Comment[] }[] {
  const threads = new Map<string, { comment: Comment; replies: Comment[] }>();
  const orphans: Comment[] = [];
  for (const comment of comments) {
    if (comment.parentId === null) threads.set(comment.id, { comment, replies: [] });
    else if (threads.has(comment.parentId)) threads.get(comment.parentId)!.replies.push(comment);
    else orphans.push(comment);
  }
  // A reply whose comment is not on the loaded pages (gone meanwhile) stands on its own.
  for (const comment of orphans) threads.set(comment.id, { comment, replies: [] });
  return [...threads.values()];
}

/**
 * One comment with its replies under it, and "Reply" opening a box below them. A reply is not
 * answered in turn (one level deep): replying to a reply answers its comment's thread.
 */
export function CommentThread({
  postId,
  establishment,
  comment,
  replies,
  rights,
}: {
  postId: string;
  establishment: { id: string; name: string };
  comment: Comment;
  replies: Comment[];
  rights: ReplyRights;
}) {
  const { t } = useTranslation();
  const create = useCreateComment(postId);
  const [replying, setReplying] = useState(false);
  const [asBusiness, setAsBusiness] = useState(true);
  const [privately, setPrivately] = useState(false);
  const [businessPrivately, setBusinessPrivately] = useState(false);
  const mayMessageAuthor = Boolean(rights.businessPrivately) && !comment.asBusiness && !comment.mine;
  const threadable = comment.parentId === null;
  // The reply box closes (sent or cancelled) with the focus in it: the focus goes back to "Reply",
  // not to the page.
  const replyButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const closeReply = () => {
    returnFocus.current = true;
    setReplying(false);
  };
  useEffect(() => {
    if (replying || !returnFocus.current) return;
    returnFocus.current = false;
    replyButton.current?.focus();
  }, [replying]);

  return (
    <CommentItem postId={postId} establishmentId={establishment.id} comment={comment}>
      {replies.length > 0 && (
        <Box
          component="ul"
          aria-label={t('comments.item.replies', { name: comment.author.name })}
          sx={{ listStyle: 'none', p: 0, m: 0, mt: 0.5 }}
        >
          {replies.map((reply) => (
            <CommentItem key={reply.id} postId={postId} establishmentId={establishment.id} comment={reply} />
          ))}
        </Box>
      )}
      {threadable && !replying && (rights.canReply || rights.privately || mayMessageAuthor) && (
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', columnGap: 1, ml: -1 }}>
          {rights.canReply && (
            <Button
              ref={replyButton}
              size="small"
              startIcon={<ReplyIcon />}
              onClick={() => setReplying(true)}
              aria-label={t('comments.item.replyTo', { name: comment.author.name })}
            >
              {t('comments.item.reply')}
            </Button>
          )}
          {rights.privately && !comment.asBusiness && (
            <Button size="small" startIcon={<LockOutlinedIcon />} onClick={() => setPrivately(true)}>
              {t('comments.item.replyPrivately')}
            </Button>
          )}
          {mayMessageAuthor && (
            <Button
              size="small"
              startIcon={<LockOutlinedIcon />}
              onClick={() => setBusinessPrivately(true)}
              aria-label={t('conversations.privateReply.title', { name: comment.author.name })}
            >
              {t('conversations.privateReply.button')}
            </Button>
          )}
        </Stack>
      )}
      {mayMessageAuthor && (
        <BusinessPrivateReplyDialog
          open={businessPrivately}
          onClose={() => setBusinessPrivately(false)}
          comment={comment}
        />
      )}
      {rights.privately && (
        <PrivateReplyDialog
          open={privately}
          onClose={() => setPrivately(false)}
          comment={comment}
          establishment={establishment}
          postId={postId}
        />
      )}
      {threadable && replying && (
        <Box sx={{ mt: 1 }}>
          <CommentForm
            label={t('comments.form.replyLabel', { name: comment.author.name })}
            submitLabel={t('comments.form.replySubmit')}
            autoFocus
            onSubmit={async (text) => {
              await create.mutateAsync({
                text,
                parentId: comment.id,
                asBusiness: rights.asBusiness && asBusiness,
              });
              closeReply();
            }}
            onCancel={closeReply}
            extra={
              rights.asBusiness ? (
                <FormControlLabel
                  control={
                    <Switch checked={asBusiness} onChange={(event) => setAsBusiness(event.target.checked)} />
                  }
                  label={t('comments.form.replyAsBusiness', { name: establishment.name })}
                />
              ) : undefined
            }
          />
        </Box>
      )}
    </CommentItem>
  );
}
