import { FormControlLabel, Stack, Switch, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { CommentPage } from '../../../../shared/schemas/comment.schema';
import { useSetCommentsEnabled } from '../api/comments.api';
import { commentErrorText, commentMessage } from '../comment-message';

/**
 * The moderators' "Comments on/off" for one post. While the establishment's own switch is off
 * ("Followers may comment" in its settings) it says so and stays as it is.
 */
export function CommentsSwitch({ postId, page }: { postId: string; page: CommentPage }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const setEnabled = useSetCommentsEnabled(postId);
  const noteId = useId();
  const blockedByBusiness = !page.establishmentEnabled;
  const on = page.postEnabled && page.establishmentEnabled;

  const change = async (enabled: boolean) => {
    try {
      const { message } = await setEnabled.mutateAsync(enabled);
      enqueueSnackbar(commentMessage(t, message), { variant: 'success' });
    } catch (caught) {
      enqueueSnackbar(commentErrorText(t, caught), { variant: 'error' });
    }
  };

  return (
    <Stack sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' } }}>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={blockedByBusiness || setEnabled.isPending}
            onChange={(_, checked) => void change(checked)}
            slotProps={{ input: { 'aria-describedby': blockedByBusiness ? noteId : undefined } }}
          />
        }
        // The label says the state it is in: "Comments on", "Comments off".
        label={t(on ? 'comments.switch.label' : 'comments.switch.labelOff')}
        sx={{ mr: 0 }}
      />
      {blockedByBusiness && (
        <Typography id={noteId} variant="caption" sx={{ color: 'text.secondary' }}>
          {t('comments.switch.offForBusiness')}
        </Typography>
      )}
    </Stack>
  );
}
