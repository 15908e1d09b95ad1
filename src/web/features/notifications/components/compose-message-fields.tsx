import { Box, LinearProgress } from '@mui/material';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { MediaPicker } from './media-picker';
import { NotificationTextField } from './notification-text-field';
import type { ComposePicture } from './use-compose-picture';
import type { PushBudget } from './use-push-budget';

interface Props {
  textField: UseFormRegisterReturn<'text'>;
  /** The text's problem, or null: the room left shows in its place. */
  textError: string | null;
  budget: PushBudget;
  picture: ComposePicture;
  disabled: boolean;
}

/** The notification's text, with how much of a push message it takes, and its picture. */
export function ComposeMessageFields({ textField, textError, budget, picture, disabled }: Props) {
  const { t } = useTranslation();
  const format = useLocaleFormat();
  const { charactersLeft, used, over } = budget;
  return (
    <>
      <Box>
        <NotificationTextField
          textField={textField}
          placeholder={t('notifications.compose.textPlaceholder')}
          minRows={5}
          maxRows={16}
          required
          disabled={disabled}
          error={Boolean(textError)}
          helperText={
            textError ??
            (over
              ? t('notifications.compose.charsOver', { count: format.number(-charactersLeft) })
              : t('notifications.compose.charsLeft', { count: format.number(charactersLeft) }))
          }
        />
        <LinearProgress
          variant="determinate"
          value={used}
          color={over ? 'error' : used > 85 ? 'warning' : 'primary'}
          aria-label={t('notifications.compose.budgetLabel')}
          sx={{ mt: 0.5, mx: 1.75, height: 3, borderRadius: 1 }}
        />
      </Box>
      <MediaPicker
        src={picture.src}
        kind={picture.kind}
        uploading={picture.uploading}
        error={picture.error}
        disabled={disabled}
        onFile={picture.onFile}
        onRemove={picture.remove}
      />
    </>
  );
}
