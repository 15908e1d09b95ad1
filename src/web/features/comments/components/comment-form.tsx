import { Alert, Box, Button, Stack, TextField } from '@mui/material';
import { type KeyboardEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMMENT_TEXT_MAX, CommentBodySchema } from '../../../../shared/schemas/comment.schema';
import { useApiForm } from '../../../lib/use-api-form';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { commentErrorText, commentMessage } from '../comment-message';

interface Props {
  /** The field's accessible label. */
  label: string;
  placeholder?: string;
  initialText?: string;
  submitLabel: string;
  /** Sends the text; a failure's field messages land on the field, the others below it. */
  onSubmit(text: string): Promise<unknown>;
  onCancel?(): void;
  autoFocus?: boolean;
  /** Shown beside the buttons: the operators' "as the business" switch. */
  extra?: ReactNode;
}

/**
 * A comment's text: multiline, with a character counter and the rule's messages beside the field
 * (the same schema as the server's). Ctrl+Enter (⌘+Enter) sends, as in chat apps.
 */
export function CommentForm({
  label,
  placeholder,
  initialText = '',
  submitLabel,
  onSubmit,
  onCancel,
  autoFocus,
  extra,
}: Props) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useApiForm(CommentBodySchema, { defaultValues: { text: initialText }, mode: 'onSubmit' });
  const text = form.watch('text') ?? '';
  const error = form.formState.errors.text?.message;
  const over = text.trim().length > COMMENT_TEXT_MAX;
  const submitting = form.formState.isSubmitting;

  const submit = form.handleSubmit(async ({ text: value }) => {
    setFailure(null);
    try {
      await onSubmit(value);
      form.reset({ text: '' });
    } catch (caught) {
      if (!form.applyServerErrors(caught)) setFailure(commentErrorText(t, caught));
    }
  });

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      void submit();
    }
  };

  return (
    <Stack component="form" noValidate onSubmit={submit} spacing={1}>
      <TextField
        {...form.register('text')}
        label={label}
        placeholder={placeholder}
        multiline
        minRows={2}
        maxRows={10}
        fullWidth
        autoFocus={autoFocus}
        onKeyDown={onKeyDown}
        error={Boolean(error) || over}
        helperText={
          <Box component="span" sx={{ display: 'flex', justifyContent: 'space-between', gap: 2 }}>
            <span>{error ? commentMessage(t, error) : t('comments.form.hint')}</span>
            <Box component="span" sx={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}>
              {t('comments.form.counter', {
                length: format.number(text.trim().length),
                max: format.number(COMMENT_TEXT_MAX),
              })}
            </Box>
          </Box>
        }
        slotProps={{ htmlInput: { maxLength: COMMENT_TEXT_MAX + 100, dir: 'auto' } }}
      />
      {failure && <Alert severity="error">{failure}</Alert>}
      <Stack
        direction="row"
        useFlexGap
        sx={{ justifyContent: 'flex-end', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}
      >
        {extra && <Box sx={{ mr: 'auto' }}>{extra}</Box>}
        {onCancel && (
          <Button onClick={onCancel} disabled={submitting}>
            {t('comments.form.cancel')}
          </Button>
        )}
        <Button type="submit" variant="contained" loading={submitting}>
          {submitLabel}
        </Button>
      </Stack>
    </Stack>
  );
}
