import { Checkbox, FormControl, FormControlLabel, FormHelperText } from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { translateMessage } from '../../../lib/translate-message';

interface Props {
  open: boolean;
  /** The business whose news would come by email. */
  name: string;
  pending: boolean;
  /** The server's refusal of the consent (400 on `marketingConsent`), shown beside the box. */
  consentError?: string | null;
  /** Anything else that went wrong, inside the dialog so one can try again or cancel. */
  error?: string | null;
  onConfirm(): void;
  onClose(): void;
}

/**
 * "Get their news by email?": asked before the first email choice of someone who has not agreed to
 * news by email; the box must be ticked, as the server requires the consent with the choice. Its
 * owner mounts a fresh one for each question, so the box always starts unticked.
 */
export function EmailConsentDialog({ open, name, pending, consentError, error, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const [agreed, setAgreed] = useState(false);
  const [unticked, setUnticked] = useState(false);
  const helperId = useId();
  const fieldError = unticked ? Msg.emailNeedsConsent : consentError;

  return (
    <ConfirmDialog
      open={open}
      title={t('notify.consent.title')}
      text={t('notify.consent.text', { name })}
      confirmLabel={t('notify.consent.confirm')}
      cancelLabel={t('notify.consent.cancel')}
      pending={pending}
      error={error}
      onConfirm={() => {
        if (agreed) onConfirm();
        else setUnticked(true);
      }}
      onClose={onClose}
    >
      <FormControl error={Boolean(fieldError)} required sx={{ mt: 2 }}>
        <FormControlLabel
          required
          control={
            <Checkbox
              checked={agreed}
              onChange={(event) => {
                setAgreed(event.target.checked);
                setUnticked(false);
              }}
              disabled={pending}
              slotProps={{
                input: {
                  'aria-invalid': Boolean(fieldError),
                  'aria-describedby': fieldError ? helperId : undefined,
                },
              }}
            />
          }
          label={t('notify.consent.agree')}
        />
        {fieldError && <FormHelperText id={helperId}>{translateMessage(t, fieldError)}</FormHelperText>}
      </FormControl>
    </ConfirmDialog>
  );
}
