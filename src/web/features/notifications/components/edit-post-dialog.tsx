import { useSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import { EditPostBodySchema, type Post } from '../../../../shared/schemas/notification.schema';
import { HintedCheckbox } from '../../../components/hinted-checkbox';
import { translateMessage } from '../../../lib/translate-message';
import { useApiForm } from '../../../lib/use-api-form';
import { useDialogAction } from '../../../lib/use-dialog-action';
import { useEditPost } from '../api/notifications.api';
import { failureText } from './compose-helpers';
import { PostTextDialog } from './post-text-dialog';

interface Props {
  post: Post;
  open: boolean;
  onClose(): void;
}

/** Whether a send reached some phone, so "Update on phones" has somewhere to go (its senders see the figures). */
export const wentToPhones = (post: Post) => post.delivery !== null && post.delivery.sent > 0;

/**
 * Change a post's text (its owner or an admin), and for a send that reached phones, there too if
 * asked; the server's field messages land on the field.
 */
export function EditPostDialog({ post, open, onClose }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const edit = useEditPost();
  const action = useDialogAction(edit.isPending, onClose);
  // Off unless asked: each phone that got it gets one more push.
  const [updatePhones, setUpdatePhones] = useState(false);
  const offerPhones = wentToPhones(post);
  const form = useApiForm(EditPostBodySchema, { defaultValues: { text: post.text } });
  const error = form.formState.errors.text?.message;
  const { reset } = form;

  // Each opening starts from the post as it is now.
  useEffect(() => {
    if (!open) return;
    reset({ text: post.text });
    setUpdatePhones(false);
  }, [open, post.text, reset]);

  const close = () => {
    // What was typed goes with the dialog, unless it waits for the save.
    if (!edit.isPending) form.reset({ text: post.text });
    action.close();
  };

  const save = form.handleSubmit((values) =>
    action.run(
      async () => {
        const { message } = await edit.mutateAsync({
          id: post.id,
          text: values.text,
          updatePhones: offerPhones && updatePhones,
        });
        enqueueSnackbar(translateMessage(t, message || Msg.postUpdated), { variant: 'success' });
        form.reset({ text: values.text });
      },
      // The server's own refusal (the hourly limit of "Update on phones") beside Save, not its code's.
      (caught) => (form.applyServerErrors(caught) ? null : failureText(t, caught)),
    ),
  );

  return (
    <PostTextDialog
      open={open}
      title={t('notifications.edit.title')}
      intro={offerPhones ? t('notifications.edit.textPhones') : t('notifications.edit.text')}
      textField={form.register('text')}
      textError={error ? translateMessage(t, error) : null}
      pending={edit.isPending}
      failure={action.failure}
      cancelLabel={t('notifications.edit.cancel')}
      saveLabel={t('notifications.edit.save')}
      onSubmit={save}
      onClose={close}
    >
      {offerPhones && (
        <HintedCheckbox
          checked={updatePhones}
          onChange={setUpdatePhones}
          disabled={edit.isPending}
          label={t('notifications.edit.updatePhones')}
          hint={t('notifications.edit.updatePhonesHint')}
        />
      )}
    </PostTextDialog>
  );
}
