import NotificationsActiveOutlined from '@mui/icons-material/NotificationsActiveOutlined';
import { Box, Stack, TextField, Typography } from '@mui/material';
import { type Control, Controller, type FieldErrors, type UseFormRegister, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../../shared/i18n/languages';
import { type EstablishmentFields, WELCOME_TEXT_MAX } from '../../../../shared/schemas/establishment.schema';
import { filledTranslations, TranslationFields } from '../../../components/translation-fields';
import { translateMessage } from '../../../lib/translate-message';

interface Props {
  register: UseFormRegister<never>;
  control: Control<never>;
  errors: FieldErrors<EstablishmentFields> | undefined;
  /** The field's name inside the form (a prefix in larger forms). */
  path: (name: string) => never;
}

/**
 * The welcome notification: the text a new follower's phone gets once push is on, and its
 * translations; empty sends none.
 */
export function WelcomeNotificationFields({ register, control, errors, path }: Props) {
  const { t } = useTranslation();
  const translations = useWatch({ control, name: path('welcomeTranslations') }) as
    | EstablishmentFields['welcomeTranslations']
    | undefined;
  const translationErrors = errors?.welcomeTranslations as
    | Partial<Record<Language, { message?: string }>>
    | undefined;
  return (
    <Stack component="section" spacing={1.5} aria-labelledby="welcome-notification-title">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <NotificationsActiveOutlined color="action" />
        <Typography
          id="welcome-notification-title"
          variant="subtitle1"
          component="h3"
          sx={{ fontWeight: 600 }}
        >
          {t('establishmentForm.welcome.title')}
        </Typography>
      </Box>
      <Typography variant="body2" color="textSecondary">
        {t('establishmentForm.welcome.help')}
      </Typography>
      <Controller
        control={control}
        name={path('welcomeText')}
        render={({ field }) => {
          const value = (field.value as string | undefined) ?? '';
          const error = translateMessage(t, errors?.welcomeText?.message);
          return (
            <TextField
              label={t('establishmentForm.welcome.label')}
              placeholder={t('establishmentForm.welcome.placeholder')}
              multiline
              minRows={2}
              fullWidth
              name={field.name}
              inputRef={field.ref}
              value={value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={Boolean(error)}
              helperText={
                error || t('establishmentForm.welcome.count', { count: value.length, max: WELCOME_TEXT_MAX })
              }
            />
          );
        }}
      />
      <TranslationFields
        multiline
        hint={t('establishmentForm.welcome.translationsHint')}
        filled={Object.keys(filledTranslations(translations)).length}
        defaultExpanded={Boolean(translationErrors)}
        fieldProps={(code) => ({
          ...register(path(`welcomeTranslations.${code}`)),
          error: Boolean(translationErrors?.[code]),
          helperText: translateMessage(t, translationErrors?.[code]?.message),
        })}
      />
    </Stack>
  );
}
