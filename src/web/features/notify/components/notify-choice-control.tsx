import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import { MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { TFunction } from 'i18next';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NOTIFY_CHOICES, type NotifyChoice } from '../../../../shared/schemas/channels';
import type { FollowList, FollowNotify, NotifyBody } from '../../../../shared/schemas/notify.schema';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { translateMessage } from '../../../lib/translate-message';
import { useLocaleFormat } from '../../../lib/use-locale-format';
import { useSetNotifyChoice } from '../api/follows.api';
import { emailsNews, pausedUntilResumed } from '../notify-choice';
import { EmailConsentDialog } from './email-consent-dialog';
import { PauseMenuButton } from './pause-menu-button';

interface Props {
  follow: FollowNotify;
  /** What the follower's account allows: email needs their consent, the phone a device. */
  account: Pick<FollowList, 'marketingConsent' | 'hasDevice'>;
}

/** A refusal in words: a 404's own message ("You do not follow this business.") says more than "Not found.". */
function refusalText(t: TFunction, error: unknown): string {
  return error instanceof ApiError && error.status === 404
    ? translateMessage(t, error.message)
    : apiErrorText(t, error);
}

/** The consent dialog's state: open for the email choice waiting for it. */
type Consent = { choice: NotifyChoice; fieldError: string | null; error: string | null } | null;

/**
 * "How you get their news" for one business the user follows: a select (automatic, phone, email,
 * both, feed only) and a Pause menu, saved as soon as chosen (PUT /api/establishments/{id}/notify).
 * An email choice without consent to news by email asks for it first. The account card and the
 * business's page both use it.
 */
export function NotifyChoiceControl({ follow, account }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const format = useLocaleFormat();
  const save = useSetNotifyChoice();
  const [consent, setConsent] = useState<Consent>(null);
  // Each opening of the consent dialog starts with the box unticked: the consent is asked, never remembered.
  const [consentRound, setConsentRound] = useState(0);
  const askConsent = (next: NonNullable<Consent>) => {
    if (!consent) setConsentRound((round) => round + 1);
    setConsent(next);
  };
  // The choice being saved shows at once; the saved one comes back if the server refuses it.
  const [choosing, setChoosing] = useState<NotifyChoice | null>(null);
  const { establishment, notify, pausedUntil } = follow;

  const send = async (body: NotifyBody) => {
    setChoosing(body.notify);
    try {
      const { message } = await save.mutateAsync({ establishmentId: establishment.id, body });
      setConsent(null);
      enqueueSnackbar(translateMessage(t, message), { variant: 'success' });
    } catch (error) {
      const fieldError = error instanceof ApiError ? error.fields.marketingConsent : undefined;
      // Consent withdrawn elsewhere meanwhile, or refused: asked (again) beside the box.
      if (fieldError) askConsent({ choice: body.notify, fieldError, error: null });
      else if (consent) setConsent({ ...consent, fieldError: null, error: refusalText(t, error) });
      else enqueueSnackbar(refusalText(t, error), { variant: 'error' });
    } finally {
      setChoosing(null);
    }
  };

  const choose = (choice: NotifyChoice) => {
    // One change at a time: the select keeps the keyboard's focus while the last one is saved.
    if (choice === notify || save.isPending) return;
    if (emailsNews(choice) && !account.marketingConsent) {
      askConsent({ choice, fieldError: null, error: null });
      return;
    }
    void send({ notify: choice });
  };

  // Nothing would ring: the phone is chosen (or automatic with no email to fall back on), but no device gets push.
  const noDevice =
    !account.hasDevice &&
    (notify === 'phone' || notify === 'both' || (notify === 'auto' && !account.marketingConsent));
  // Feed only sends nothing to pause; a pause already set can still be lifted. Why the button is
  // greyed out is said under it: a tooltip never shows on a phone.
  const nothingToPause = notify === 'feed' && pausedUntil === null;
  const pauseHintId = useId();

  return (
    <Stack spacing={1} sx={{ minWidth: 0 }}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
        <TextField
          select
          size="small"
          label={t('notify.choice.label')}
          value={choosing ?? notify}
          onChange={(event) => choose(event.target.value as NotifyChoice)}
          aria-busy={save.isPending}
          helperText={noDevice ? t('notify.choice.noDevice') : undefined}
          // A long choice ("Automatic: phone, else email" and its translations) wraps on a phone, not cut off.
          sx={{ flex: '1 1 15rem', minWidth: 0, '&& .MuiSelect-select': { whiteSpace: 'normal' } }}
        >
          {NOTIFY_CHOICES.map((choice) => (
            <MenuItem key={choice} value={choice}>
              {t(`notify.choice.${choice}`)}
            </MenuItem>
          ))}
        </TextField>
        <PauseMenuButton
          name={establishment.name}
          paused={pausedUntil !== null}
          disabled={nothingToPause}
          describedBy={nothingToPause ? pauseHintId : undefined}
          // A pause is sent with the choice as it is: the spinner shows on the button that asked for it.
          pending={save.isPending && choosing === notify}
          onChoose={(pause) => !save.isPending && void send({ notify, pause })}
        />
      </Stack>
      {nothingToPause && (
        <Typography id={pauseHintId} variant="body2" sx={{ color: 'text.secondary' }}>
          {t('notify.pause.feedOnlyHint')}
        </Typography>
      )}
      {pausedUntil && (
        <Typography
          variant="body2"
          sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: 'text.primary' }}
        >
          <PauseCircleOutlineIcon fontSize="small" color="warning" aria-hidden />
          {pausedUntilResumed(pausedUntil)
            ? t('notify.pause.untilResumedText')
            : t('notify.pause.until', { when: format.date(pausedUntil, { withTime: true }) })}
        </Typography>
      )}
      <EmailConsentDialog
        key={consentRound}
        open={consent !== null}
        name={establishment.name}
        pending={save.isPending}
        consentError={consent?.fieldError}
        error={consent?.error}
        onConfirm={() => consent && void send({ notify: consent.choice, marketingConsent: true })}
        onClose={() => setConsent(null)}
      />
    </Stack>
  );
}
