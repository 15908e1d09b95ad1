import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  EditPostBodySchema,
  NOTIFICATION_TEXT_MAX,
  type Post,
} from '../../../../shared/schemas/notification.schema';
import { instantToZoned, type WallTime } from '../../../../shared/zoned-time';
import { ApiError } from '../../../lib/api-client';
import { useApiForm } from '../../../lib/use-api-form';
import { useEditScheduled } from '../api/scheduled.api';
import { failureText } from './compose-helpers';
import { WhenFields } from './schedule-field';
import { problemText, scheduledInstant, scheduleMessageText } from './schedule-helpers';

interface Props {
  /** The scheduled send being edited; null: closed. */
  post: Post | null;
  timeZone: string;
  onClose(): void;
}

const wallOf = (post: Post | null, timeZone: string): WallTime =>
  post?.scheduledFor ? instantToZoned(post.scheduledFor, timeZone) : { date: '', time: '' };

/** Change a scheduled send's text, date and time until it goes; the server's messages land beside the fields. */
export function EditScheduledDialog({ post, timeZone, onClose }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'));
  const edit = useEditScheduled();
  const titleId = useId();
  const form = useApiForm(EditPostBodySchema, { defaultValues: { text: post?.text ?? '' } });
  const [when, setWhen] = useState<WallTime>(() => wallOf(post, timeZone));
  const [whenError, setWhenError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const textError = form.formState.errors.text?.message;
  const { reset } = form;

  // Each opening starts from the send as it is now.
  useEffect(() => {
    if (!post) return;
    reset({ text: post.text });
    setWhen(wallOf(post, timeZone));
    setWhenError(null);
    setFailure(null);
  }, [post, timeZone, reset]);

  const close = () => {
    if (!edit.isPending) onClose();
  };

  const save = form.handleSubmit(async ({ text }) => {
    if (!post) return;
    const initial = wallOf(post, timeZone);
    const moved = when.date !== initial.date || when.time !== initial.time;
    if (!moved && text === post.text) {
      onClose();
      return;
    }
    // Only a time that changed is checked and sent: a send due in a few seconds keeps its text editable.
    const scheduled = moved ? scheduledInstant(when, timeZone) : null;
    if (scheduled?.problem) {
      setWhenError(problemText(t, scheduled.problem));
      return;
    }
    setFailure(null);
    try {
      const answer = await edit.mutateAsync({
        id: post.id,
        ...(text !== post.text ? { text } : {}),
        ...(scheduled?.at ? { scheduledFor: scheduled.at.toISOString() } : {}),
      });
      enqueueSnackbar(scheduleMessageText(t, answer.message), { variant: 'success' });
      onClose();
    } catch (caught) {
      const fields = caught instanceof ApiError ? caught.fields : {};
      if (fields.text) form.setError('text', { type: 'server', message: fields.text }, { shouldFocus: true });
      if (fields.scheduledFor) setWhenError(scheduleMessageText(t, fields.scheduledFor));
      if (!fields.text && !fields.scheduledFor) {
        setFailure(
          caught instanceof ApiError ? scheduleMessageText(t, caught.message) : failureText(t, caught),
        );
      }
    }
  });

  return (
    <Dialog
      open={post !== null}
      onClose={close}
      fullWidth
      maxWidth="sm"
      fullScreen={fullScreen}
      aria-labelledby={titleId}
    >
      <form onSubmit={save} noValidate>
        <DialogTitle id={titleId}>{t('schedule.editDialog.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t('schedule.editDialog.text')}</DialogContentText>
          <Stack spacing={2.5}>
            <TextField
              {...form.register('text')}
              label={t('notifications.compose.textLabel')}
              multiline
              minRows={4}
              maxRows={14}
              fullWidth
              autoFocus
              required
              error={Boolean(textError)}
              helperText={textError ? scheduleMessageText(t, textError) : ' '}
              slotProps={{ htmlInput: { maxLength: NOTIFICATION_TEXT_MAX + 100, dir: 'auto' } }}
            />
            <Stack>
              <WhenFields
                timeZone={timeZone}
                value={when}
                onChange={(next) => {
                  setWhen(next);
                  setWhenError(null);
                }}
                error={whenError}
                disabled={edit.isPending}
              />
            </Stack>
          </Stack>
          {failure && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failure}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={close} disabled={edit.isPending}>
            {t('schedule.editDialog.close')}
          </Button>
          <Button type="submit" variant="contained" loading={edit.isPending}>
            {t('schedule.editDialog.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
