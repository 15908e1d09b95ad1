import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Post } from '../../../../shared/schemas/notification.schema';
import { useCancelScheduled } from '../api/scheduled.api';
import { failureText } from './compose-helpers';
import { scheduleMessageText } from './schedule-helpers';

interface Props {
  /** The scheduled send to cancel; null: closed. */
  post: Post | null;
  /** Its due time, as the list writes it. */
  due: string;
  onClose(): void;
}

/** Ask before cancelling a scheduled send: it will not go out, and cannot come back. */
export function CancelScheduledDialog({ post, due, onClose }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const cancel = useCancelScheduled();
  const titleId = useId();
  const textId = useId();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    if (post) setFailure(null);
  }, [post]);

  const close = () => {
    if (!cancel.isPending) onClose();
  };

  const confirm = async () => {
    if (!post) return;
    setFailure(null);
    try {
      const { message } = await cancel.mutateAsync(post.id);
      enqueueSnackbar(scheduleMessageText(t, message), { variant: 'success' });
      onClose();
    } catch (caught) {
      setFailure(failureText(t, caught));
    }
  };

  return (
    <Dialog open={post !== null} onClose={close} aria-labelledby={titleId} aria-describedby={textId}>
      <DialogTitle id={titleId}>{t('schedule.cancelDialog.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>{t('schedule.cancelDialog.text', { when: due })}</DialogContentText>
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {failure}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={close} disabled={cancel.isPending} autoFocus>
          {t('schedule.cancelDialog.keep')}
        </Button>
        <Button color="error" variant="contained" onClick={confirm} loading={cancel.isPending}>
          {t('schedule.cancelDialog.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
