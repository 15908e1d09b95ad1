import { TextField, type TextFieldProps } from '@mui/material';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { NOTIFICATION_TEXT_MAX } from '../../../../shared/schemas/notification.schema';

type Props = Omit<TextFieldProps, 'label' | 'multiline' | 'fullWidth' | 'slotProps'> & {
  textField: UseFormRegisterReturn<'text'>;
};

/**
 * A notification's text, in the compose card and the edit dialogs: it grows with what is written and
 * follows the writing's direction. The browser stops typing a little past the limit, so one who
 * pastes too much sees the message saying so instead of a silently cut text.
 */
export function NotificationTextField({ textField, ...props }: Props) {
  const { t } = useTranslation();
  return (
    <TextField
      {...textField}
      label={t('notifications.compose.textLabel')}
      multiline
      fullWidth
      slotProps={{ htmlInput: { maxLength: NOTIFICATION_TEXT_MAX + 100, dir: 'auto' } }}
      {...props}
    />
  );
}
