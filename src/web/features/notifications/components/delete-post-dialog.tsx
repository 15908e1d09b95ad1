import { Box, Checkbox, FormControlLabel, FormHelperText } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import type { Post } from '../../../../shared/schemas/notification.schema';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useDeletePost } from '../api/notifications.api';
import { wentToPhones } from './edit-post-dialog';

interface Props {
  post: Post;
  open: boolean;
  onClose(): void;
  /** After the post is gone (the post page leaves for the establishment). */
  onDeleted?(): void;
}

/**
 * Ask before deleting a post; it leaves every feed and cannot come back. A send that reached phones
 * can be withdrawn from them too (issue 26).
 */
export function DeletePostDialog({ post, open, onClose, onDeleted }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const remove = useDeletePost();
  const [failure, setFailure] = useState<string | null>(null);
  // Off unless asked: the phones keep what they showed, as before issue 26.
  const [withdraw, setWithdraw] = useState(false);
  const offerWithdraw = wentToPhones(post);
  const hintId = useId();

  // Each opening starts unticked.
  useEffect(() => {
    if (open) setWithdraw(false);
  }, [open]);

  const close = () => {
    if (remove.isPending) return;
    setFailure(null);
    onClose();
  };

  const confirm = async () => {
    setFailure(null);
    try {
      const { message } = await remove.mutateAsync({ id: post.id, withdraw: offerWithdraw && withdraw });
      enqueueSnackbar(translateMessage(t, message || Msg.postDeleted), { variant: 'success' });
      onClose();
      onDeleted?.();
    } catch (caught) {
      setFailure(apiErrorText(t, caught));
    }
  };

  return (
    <ConfirmDialog
      open={open}
      title={t('notifications.delete.title')}
      text={t('notifications.delete.text')}
      confirmLabel={t('notifications.delete.confirm')}
      cancelLabel={t('notifications.delete.cancel')}
      danger
      pending={remove.isPending}
      error={failure}
      onConfirm={confirm}
      onClose={close}
    >
      {offerWithdraw && (
        <Box sx={{ mt: 2 }}>
          <FormControlLabel
            control={
              <Checkbox
                checked={withdraw}
                onChange={(event) => setWithdraw(event.target.checked)}
                disabled={remove.isPending}
                slotProps={{ input: { 'aria-describedby': hintId } }}
              />
            }
            label={t('notifications.delete.withdraw')}
          />
          <FormHelperText id={hintId} sx={{ mt: -0.5, ml: 4 }}>
            {t('notifications.delete.withdrawHint')}
          </FormHelperText>
        </Box>
      )}
    </ConfirmDialog>
  );
}
