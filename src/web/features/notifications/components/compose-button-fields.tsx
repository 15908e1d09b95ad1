import CloseIcon from '@mui/icons-material/Close';
import { IconButton, MenuItem, Stack, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import {
  BUTTON_KINDS,
  type ButtonKind,
  buttonKindOf,
  MAILTO,
  TEL,
} from '../../../../shared/schemas/button-target';
import {
  NOTIFICATION_ACTION_LABEL_MAX,
  NOTIFICATION_LINK_MAX,
  type NotificationAction,
} from '../../../../shared/schemas/rich-notification';

/** What a browser lets one type past a limit, so a paste too long is said rather than cut. */
const SLACK = 20;

/** What a new target of each kind starts as: the scheme, typed for the person only for a web link. */
const START: Record<ButtonKind, string> = { link: 'https://', phone: TEL, email: MAILTO };

/** The part of the URL the person types: all of a web link, the number or the address after the scheme. */
const typedPart = (url: string, kind: ButtonKind) =>
  kind === 'link' ? url : url.trimStart().slice(START[kind].length);

const KIND_TEXT = { link: 'rich.kindLink', phone: 'rich.kindPhone', email: 'rich.kindEmail' } as const;

interface Props {
  index: number;
  action: NotificationAction;
  /** The problem of a field of this button, translated, by its key (`actions.N.label`, `actions.N.url`). */
  error: (key: string) => string | null;
  disabled: boolean;
  onChange: (next: NotificationAction) => void;
  onRemove: () => void;
}

/**
 * One button of a notification: its label, what it does (opens a web page, calls, writes an email)
 * and the link, phone number or address; stored as an https, `tel:` or `mailto:` URL.
 */
export function ComposeButtonFields({ index, action, error, disabled, onChange, onRemove }: Props) {
  const { t } = useTranslation();
  const n = index + 1;
  const kind = buttonKindOf(action.url);
  const urlKey = `actions.${index}.url`;
  const target = {
    link: { label: t('rich.buttonUrl', { n }), inputMode: 'url', type: 'url', hint: null, placeholder: '' },
    phone: {
      label: t('rich.buttonPhone', { n }),
      inputMode: 'tel',
      type: 'tel',
      hint: t('rich.buttonPhoneHint'),
      placeholder: t('rich.buttonPhonePlaceholder'),
    },
    email: {
      label: t('rich.buttonEmail', { n }),
      inputMode: 'email',
      type: 'email',
      hint: null,
      placeholder: 'info@example.com',
    },
  }[kind];
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <Stack spacing={1} sx={{ flexGrow: 1, minWidth: 0 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <TextField
            label={t('rich.buttonLabel', { n })}
            value={action.label}
            onChange={(event) => onChange({ ...action, label: event.target.value })}
            placeholder={t('rich.buttonPlaceholder')}
            disabled={disabled}
            error={Boolean(error(`actions.${index}.label`))}
            helperText={error(`actions.${index}.label`)}
            slotProps={{ htmlInput: { maxLength: NOTIFICATION_ACTION_LABEL_MAX + SLACK, dir: 'auto' } }}
            sx={{ flex: { sm: '1 1 50%' } }}
          />
          <TextField
            select
            label={t('rich.buttonKind', { n })}
            value={kind}
            onChange={(event) => {
              const next = event.target.value as ButtonKind;
              if (next !== kind) onChange({ ...action, url: START[next] });
            }}
            disabled={disabled}
            sx={{ flex: { sm: '1 1 50%' }, minWidth: 0 }}
          >
            {BUTTON_KINDS.map((option) => (
              <MenuItem key={option} value={option}>
                {t(KIND_TEXT[option])}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <TextField
          label={target.label}
          value={typedPart(action.url, kind)}
          onChange={(event) =>
            onChange({
              ...action,
              url: kind === 'link' ? event.target.value : `${START[kind]}${event.target.value}`,
            })
          }
          placeholder={target.placeholder}
          type={target.type}
          disabled={disabled}
          error={Boolean(error(urlKey))}
          helperText={error(urlKey) ?? target.hint}
          slotProps={{
            htmlInput: { maxLength: NOTIFICATION_LINK_MAX + SLACK, inputMode: target.inputMode, dir: 'ltr' },
          }}
          fullWidth
        />
      </Stack>
      <IconButton
        onClick={onRemove}
        aria-label={t('rich.removeButton', { n })}
        disabled={disabled}
        sx={{ mt: 1 }}
      >
        <CloseIcon />
      </IconButton>
    </Stack>
  );
}
