import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditCalendarOutlinedIcon from '@mui/icons-material/EditCalendarOutlined';
import EventAvailableOutlinedIcon from '@mui/icons-material/EventAvailableOutlined';
import RepeatIcon from '@mui/icons-material/Repeat';
import ScheduleSendOutlinedIcon from '@mui/icons-material/ScheduleSendOutlined';
import {
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  List,
  ListItem,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../shared/schemas/notification.schema';
import { RetryAlert } from '../../../components/retry-alert';
import { apiErrorText } from '../../../lib/api-error-text';
import { useCan } from '../../../lib/use-can';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useScheduled } from '../api/scheduled.api';
import { CancelScheduledDialog } from './cancel-scheduled-dialog';
import { EditScheduledDialog } from './edit-scheduled-dialog';
import { dueText, zoneName } from './schedule-helpers';
import { WeeklyPauseButton } from './weekly-pause-button';
import { weeklyText } from './weekly-text';

interface Props {
  establishment: { id: string; name: string; timeZone: string };
}

/** The scheduler may be up to a minute late; past that, a send still listed waits for the business. */
const LATE_MS = 2 * 60_000;

/**
 * The establishment's scheduled sends, soonest first, each with its due time on the establishment's
 * clock; its owner (or an admin) edits or cancels it until it goes.
 */
export function ScheduledList({ establishment }: Props) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const titleId = useId();
  const query = useScheduled(establishment.id);
  const [editing, setEditing] = useState<Post | null>(null);
  const [cancelling, setCancelling] = useState<Post | null>(null);
  const due = (post: Post) =>
    dueText(format.locale, post.scheduledFor ?? post.createdAt, establishment.timeZone);
  const items = query.data ?? [];

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId}>
      <CardContent sx={{ p: { xs: 2, sm: 3 }, '&:last-child': { pb: { xs: 2, sm: 3 } } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography id={titleId} variant="h6" component="h2">
            {t('schedule.list.title')}
          </Typography>
          {items.length > 0 && <Chip size="small" label={format.number(items.length)} />}
        </Stack>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('schedule.list.subtitle', { zone: zoneName(establishment.timeZone) })}
        </Typography>
        {query.isPending ? (
          <Stack spacing={1.5} role="status" aria-busy="true" aria-label={t('schedule.list.loading')}>
            <Skeleton variant="rounded" height={72} />
            <Skeleton variant="rounded" height={72} />
          </Stack>
        ) : query.isError ? (
          <RetryAlert retryLabel={t('schedule.list.retry')} onRetry={() => void query.refetch()}>
            {apiErrorText(t, query.error)}
          </RetryAlert>
        ) : items.length === 0 ? (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', color: 'text.secondary', py: 1 }}>
            <EventAvailableOutlinedIcon aria-hidden />
            <Typography variant="body2">{t('schedule.list.empty')}</Typography>
          </Stack>
        ) : (
          <List disablePadding aria-label={t('schedule.list.listLabel', { name: establishment.name })}>
            {items.map((post, index) => (
              <ScheduledItem
                key={post.id}
                post={post}
                due={due(post)}
                divider={index < items.length - 1}
                onEdit={() => setEditing(post)}
                onCancel={() => setCancelling(post)}
              />
            ))}
          </List>
        )}
      </CardContent>
      <EditScheduledDialog
        post={editing}
        timeZone={establishment.timeZone}
        onClose={() => setEditing(null)}
      />
      <CancelScheduledDialog
        post={cancelling}
        due={cancelling ? due(cancelling) : ''}
        onClose={() => setCancelling(null)}
      />
    </Card>
  );
}

interface ItemProps {
  post: Post;
  due: string;
  divider: boolean;
  onEdit(): void;
  onCancel(): void;
}

/**
 * One scheduled send: when (and whether at each follower's local time), push only or also a post,
 * its text, and its owner's actions.
 */
function ScheduledItem({ post, due, divider, onEdit, onCancel }: ItemProps) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const can = useCan();
  const resource = { ownerId: post.ownerId ?? undefined, establishmentId: post.establishment.id };
  const mayEdit = can('notificationPost:edit', resource);
  const mayCancel = can('notificationPost:delete', resource);
  const paused = post.recurrence?.paused === true;
  const late = !paused && post.scheduledFor !== null && Date.parse(post.scheduledFor) < Date.now() - LATE_MS;
  const weekly = post.recurrence && !post.recurrence.ended ? post.recurrence : null;
  const labelId = `scheduled-${post.id}`;

  return (
    <ListItem divider={divider} disableGutters sx={{ display: 'block', py: 1.5 }} aria-labelledby={labelId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
        <ScheduleSendOutlinedIcon fontSize="small" color="primary" aria-hidden />
        <Typography id={labelId} variant="subtitle2" component="p" sx={{ fontWeight: 600 }}>
          {/* A weekly send's rule says it below. */}
          {post.localTime && !post.recurrence ? t('schedule.localTime.due', { when: due }) : due}
        </Typography>
        <Chip
          size="small"
          variant="outlined"
          label={post.inFeed ? t('schedule.list.withPost') : t('notifications.post.pushOnly')}
        />
        {paused && <Chip size="small" color="warning" label={t('weekly.paused')} />}
      </Stack>
      {post.recurrence && (
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', mt: 0.5, color: 'text.secondary' }}>
          <RepeatIcon fontSize="small" aria-hidden />
          <Typography variant="body2">{weeklyText(t, format.locale, post.recurrence)}</Typography>
        </Stack>
      )}
      {paused && (
        <Typography variant="caption" component="p" sx={{ color: 'text.secondary', mt: 0.5 }}>
          {t('weekly.pausedNote')}
        </Typography>
      )}
      {late && (
        <Typography variant="caption" component="p" sx={{ color: 'warning.main', mt: 0.5 }}>
          {t('schedule.list.late')}
        </Typography>
      )}
      <Typography
        variant="body2"
        dir="auto"
        sx={{
          mt: 0.75,
          whiteSpace: 'pre-line',
          overflowWrap: 'anywhere',
          display: '-webkit-box',
          WebkitLineClamp: 3,
          WebkitBoxOrient: 'vertical',
          overflow: 'hidden',
        }}
      >
        {post.text}
      </Typography>
      {(mayEdit || mayCancel) && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', flexWrap: 'wrap', gap: 1, mt: 1 }}>
          {mayEdit && weekly && <WeeklyPauseButton recurrence={weekly} due={due} />}
          {mayEdit && (
            <Button
              size="small"
              startIcon={<EditCalendarOutlinedIcon />}
              onClick={onEdit}
              aria-label={t('schedule.list.editLabel', { when: due })}
            >
              {t('schedule.list.edit')}
            </Button>
          )}
          {mayCancel && (
            <Button
              size="small"
              color="error"
              startIcon={<DeleteOutlineIcon />}
              onClick={onCancel}
              aria-label={t('schedule.list.cancelLabel', { when: due })}
            >
              {t('schedule.list.cancel')}
            </Button>
          )}
        </Box>
      )}
    </ListItem>
  );
}
