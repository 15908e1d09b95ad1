import { Stack } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EditPostBodySchema, type Post } from '../../../../shared/schemas/notification.schema';
import { instantToZoned, type WallTime } from '../../../../shared/zoned-time';
import { ApiError } from '../../../lib/api-client';
import { useApiForm } from '../../../lib/use-api-form';
import { useDialogAction } from '../../../lib/use-dialog-action';
import { useEditScheduled } from '../api/scheduled.api';
import { failureText } from './compose-helpers';
import { PostTextDialog } from './post-text-dialog';
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
  const edit = useEditScheduled();
  const action = useDialogAction(edit.isPending, onClose);
  const form = useApiForm(EditPostBodySchema, { defaultValues: { text: post?.text ?? '' } });
  const [when, setWhen] = useState<WallTime>(() => wallOf(post, timeZone));
  const [whenError, setWhenError] = useState<string | null>(null);
  const textError = form.formState.errors.text?.message;
  const { reset } = form;

  // Each opening starts from the send as it is now.
  useEffect(() => {
    if (!post) return;
    reset({ text: post.text });
    setWhen(wallOf(post, timeZone));
    setWhenError(null);
  }, [post, timeZone, reset]);

  const save = form.handleSubmit(async ({ text }) => {
    if (!post) return;
    const initial = wallOf(post, timeZone);
    const moved = when.date !== initial.date || when.time !== initial.time;
    if (!moved && text === post.text) {
      action.close();
      return;
    }
    // Only a time that changed is checked and sent: a send due in a few seconds keeps its text editable.
    const scheduled = moved ? scheduledInstant(when, timeZone) : null;
    if (scheduled?.problem) {
      setWhenError(problemText(t, scheduled.problem));
      return;
    }
    await action.run(
      async () => {
        const answer = await edit.mutateAsync({
          id: post.id,
          ...(text !== post.text ? { text } : {}),
          ...(scheduled?.at ? { scheduledFor: scheduled.at.toISOString() } : {}),
        });
        enqueueSnackbar(scheduleMessageText(t, answer.message), { variant: 'success' });
      },
      (caught) => {
        const fields = caught instanceof ApiError ? caught.fields : {};
        if (fields.text)
          form.setError('text', { type: 'server', message: fields.text }, { shouldFocus: true });
        if (fields.scheduledFor) setWhenError(scheduleMessageText(t, fields.scheduledFor));
        if (fields.text || fields.scheduledFor) return null;
        return caught instanceof ApiError ? scheduleMessageText(t, caught.message) : failureText(t, caught);
      },
    );
  });

  return (
    <PostTextDialog
      open={post !== null}
      title={t('schedule.editDialog.title')}
      intro={t('schedule.editDialog.text')}
      textField={form.register('text')}
      textError={textError ? scheduleMessageText(t, textError) : null}
      required
      pending={edit.isPending}
      failure={action.failure}
      cancelLabel={t('schedule.editDialog.close')}
      saveLabel={t('schedule.editDialog.save')}
      onSubmit={save}
      onClose={action.close}
    >
      <Stack sx={{ mt: 2.5 }}>
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
    </PostTextDialog>
  );
}
