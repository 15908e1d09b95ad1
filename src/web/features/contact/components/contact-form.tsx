import CheckCircleOutlineOutlined from '@mui/icons-material/CheckCircleOutlineOutlined';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { type Ref, useEffect, useRef, useState } from 'react';
import { isLanguage } from '../../../../shared/i18n/languages';
import { ContactRequestBodySchema } from '../../../../shared/schemas/contact.schema';
import { SubmitButton } from '../../../components/submit-button';
import { apiErrorText } from '../../../lib/api-error-text';
import { useApiForm } from '../../../lib/use-api-form';
import { useSendContactRequest } from '../api/contact.api';
import { contactErrorText } from '../contact-error-text';

// What the visitor fills in; the language is the one they use the interface in.
const ContactFormSchema = ContactRequestBodySchema.omit({ language: true });
type FieldName = 'name' | 'business' | 'email' | 'phone' | 'message';

const FIELDS: Array<{
  name: FieldName;
  autoComplete: string;
  type?: string;
  required: boolean;
  multiline?: boolean;
}> = [
  { name: 'name', autoComplete: 'name', required: true },
  { name: 'business', autoComplete: 'organization', required: true },
  { name: 'email', autoComplete: 'email', type: 'email', required: true },
  { name: 'phone', autoComplete: 'tel', type: 'tel', required: false },
  { name: 'message', autoComplete: 'off', required: true, multiline: true },
];

/**
 * A business writes to the representatives: name, business, email, phone (optional) and a message,
 * each error beside its field; on success, a thank-you that names the address they will hear at.
 * `t` is the page's translator (the landing page is in Slovak whatever the interface language).
 */
export function ContactForm({
  t,
  language,
  firstFieldRef,
}: {
  t: TFunction;
  /** The visitor's interface language, sent along: the language to answer in. */
  language: string | undefined;
  firstFieldRef?: Ref<HTMLInputElement>;
}) {
  const send = useSendContactRequest();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { register, handleSubmit, formState, reset, applyServerErrors } = useApiForm(ContactFormSchema, {
    defaultValues: { name: '', business: '', email: '', phone: '', message: '' },
    // Messages appear on sending, not when a field is left: the hero's button puts the cursor in the
    // first field, and a message shown on its blur would push the send button away mid-click.
    mode: 'onSubmit',
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await send.mutateAsync({ ...values, language: isLanguage(language) ? language : undefined });
      setSentTo(values.email);
      reset();
    } catch (error) {
      // A field's message goes beside it; anything else (too many attempts, no network) above the button.
      if (!applyServerErrors(error)) setFailure(apiErrorText(t, error));
    }
  });

  if (sentTo) return <ContactSent t={t} email={sentTo} onAnother={() => setSentTo(null)} />;

  return (
    <Stack component="form" noValidate onSubmit={onSubmit} spacing={2.5} aria-labelledby="home-contact-title">
      {FIELDS.map((field, index) => {
        const error = formState.errors[field.name];
        const { ref, ...registered } = register(field.name);
        return (
          <TextField
            key={field.name}
            label={t(`contact.form.${field.name}`)}
            required={field.required}
            type={field.type}
            autoComplete={field.autoComplete}
            multiline={field.multiline}
            minRows={field.multiline ? 4 : undefined}
            {...registered}
            inputRef={(element: HTMLInputElement | null) => {
              ref(element);
              if (index === 0 && firstFieldRef) assignRef(firstFieldRef, element);
            }}
            error={Boolean(error)}
            helperText={
              error
                ? contactErrorText(t, error.message)
                : field.multiline
                  ? t('contact.form.messageHint')
                  : undefined
            }
          />
        );
      })}
      {failure && <Alert severity="error">{failure}</Alert>}
      <Box>
        <SubmitButton submitting={formState.isSubmitting}>{t('contact.form.submit')}</SubmitButton>
      </Box>
    </Stack>
  );
}

function assignRef<T>(ref: Ref<T>, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) (ref as { current: T | null }).current = value;
}

/** The thank-you in place of the form; it takes the focus so a screen reader announces it. */
function ContactSent({ t, email, onAnother }: { t: TFunction; email: string; onAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack role="status" spacing={2} sx={{ alignItems: 'flex-start', py: 2 }}>
      <CheckCircleOutlineOutlined color="success" sx={{ fontSize: 48 }} aria-hidden />
      <Typography ref={heading} tabIndex={-1} variant="h5" component="h3" sx={{ outline: 'none' }}>
        {t('contact.form.sentTitle')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
        {t('contact.form.sentText', { email })}
      </Typography>
      <Button variant="outlined" onClick={onAnother}>
        {t('contact.form.another')}
      </Button>
    </Stack>
  );
}
