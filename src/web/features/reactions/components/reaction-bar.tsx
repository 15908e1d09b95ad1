import AddReactionOutlined from '@mui/icons-material/AddReactionOutlined';
import { Box, Button, Chip, Stack, type SxProps, type Theme } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../shared/schemas/notification.schema';
import { REACTION_EMOJI, type ReactionKind } from '../../../../shared/schemas/reaction-kinds';
import { apiErrorText } from '../../../lib/api-error-text';
import { useCan } from '../../../lib/use-can';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useReaction } from '../api/reactions.api';
import { nextReaction, totalOf, withReaction } from '../reaction-summary';
import { ReactionPicker } from './reaction-picker';
import { ReactionsDialog } from './reactions-dialog';

/** Whether a post takes reactions: a post in the feeds, not a push-only or a scheduled send. */
export const takesReactions = (post: Post) => post.inFeed && post.delivery?.status !== 'scheduled';

/**
 * A post's reactions: a chip per kind with its count ("👍 3"), the reader's own highlighted and
 * pressed. Who may react (a follower or operator of the establishment, an admin: can('reaction'))
 * clicks a chip to react the same way or to take their own back, and "React" opens the picker.
 * The choice shows at once and goes back, with a snackbar, if the server refuses it. Those who may
 * see who reacted (the establishment's senders) open the list; everybody else sees the counts only.
 */
export function ReactionBar({ post, sx }: { post: Post; sx?: SxProps<Theme> }) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const can = useCan();
  const { enqueueSnackbar } = useSnackbar();
  const pickerId = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [listing, setListing] = useState<{ kind: ReactionKind | null } | null>(null);
  const reaction = useReaction(post.id);

  const resource = { establishmentId: post.establishment.id };
  const mayReact = can('reaction', resource);
  // Delivery figures come only to those who may send for the establishment, the same people as
  // reaction:list; they also cover the representative who registered it, whom the card does not name.
  const mayList = can('reaction:list', resource) || post.delivery !== null;

  // What the reader chose shows before the server answers (TanStack Query's optimistic UI).
  const shown = reaction.isPending
    ? withReaction(post.reactions, reaction.variables ?? null)
    : post.reactions;
  const total = totalOf(shown);

  const choose = (kind: ReactionKind | null) => {
    setAnchor(null);
    reaction.mutate(kind, {
      onError: (error) =>
        enqueueSnackbar(`${t('reactions.saveFailed')} ${apiErrorText(t, error)}`, { variant: 'error' }),
    });
  };

  if (!mayReact && total === 0) return null;

  return (
    <Stack
      direction="row"
      role="group"
      aria-label={t('reactions.label')}
      useFlexGap
      sx={[{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }, ...(Array.isArray(sx) ? sx : [sx])]}
    >
      {shown.counts.map(({ kind, count }) => {
        const label = t('reactions.count', {
          kind: t(`reactions.kinds.${kind}`),
          count: format.number(count),
        });
        const mine = shown.mine === kind;
        const text = `${REACTION_EMOJI[kind]} ${format.number(count)}`;
        if (mayReact) {
          return (
            <Chip
              key={kind}
              label={text}
              aria-label={label}
              aria-pressed={mine}
              color={mine ? 'primary' : 'default'}
              variant={mine ? 'filled' : 'outlined'}
              onClick={() => choose(nextReaction(shown, kind))}
              sx={{ fontWeight: mine ? 600 : undefined }}
            />
          );
        }
        if (mayList) {
          return (
            <Chip
              key={kind}
              label={text}
              aria-label={label}
              aria-haspopup="dialog"
              variant="outlined"
              onClick={() => setListing({ kind })}
            />
          );
        }
        return <Chip key={kind} label={text} aria-label={label} variant="outlined" role="img" />;
      })}
      {mayReact && (
        <Button
          size="small"
          color={shown.mine ? 'inherit' : 'primary'}
          startIcon={<AddReactionOutlined />}
          aria-haspopup="true"
          aria-controls={anchor ? pickerId : undefined}
          aria-expanded={anchor ? 'true' : undefined}
          onClick={(event) => setAnchor(event.currentTarget)}
          sx={{ borderRadius: 4, px: 1.25 }}
        >
          {t('reactions.react')}
        </Button>
      )}
      {mayList && total > 0 && (
        <Box sx={{ ml: 'auto' }}>
          <Button size="small" aria-haspopup="dialog" onClick={() => setListing({ kind: null })}>
            {t('reactions.whoReacted')}
          </Button>
        </Box>
      )}
      {mayReact && (
        <ReactionPicker
          id={pickerId}
          anchor={anchor}
          mine={shown.mine}
          onPick={(kind) => choose(nextReaction(shown, kind))}
          onClose={() => setAnchor(null)}
        />
      )}
      {mayList && (
        <ReactionsDialog
          postId={post.id}
          summary={shown}
          open={listing !== null}
          initialKind={listing?.kind ?? null}
          onClose={() => setListing(null)}
        />
      )}
    </Stack>
  );
}
