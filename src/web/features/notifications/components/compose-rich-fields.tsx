import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Collapse, IconButton, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_ACTION_LABEL_MAX,
  NOTIFICATION_ACTIONS_MAX,
  NOTIFICATION_LINK_MAX,
  NOTIFICATION_TITLE_MAX,
} from '../../../../shared/schemas/rich-notification';
import { translateMessage } from '../../../lib/translate-message';
import type { ComposeRich } from './use-compose-rich';

interface Props {
  rich: ComposeRich;
  /** The business's name: the title when none is written. */
  name: string;
  disabled: boolean;
}

/** Where every link starts (not words to translate). */
const HTTPS_SCHEME = 'https://';

/** What a browser lets one type past a limit, so a paste too long is said rather than cut. */
const SLACK = 20;

/**
 * The rich part of a notification, folded away until asked for: a title, the link a tap
 * opens, and up to two buttons (label and link).
 */
export function ComposeRichFields({ rich, name, disabled }: Props) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(rich.used);
  // Filled from a draft or a past post: open when it brought any of these.
  const { loads, used } = rich;
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new load opens it, not typing.
  useEffect(() => {
    if (loads > 0) setOpen(used);
  }, [loads]);
  const regionId = useId();
  const error = (key: string) => (rich.errors[key] ? translateMessage(t, rich.errors[key]) : null);
  // A problem in a folded section must be seen.
  const shown = open || Object.keys(rich.errors).length > 0;
  return (
    <Box>
      <Button
        onClick={() => setOpen(!shown)}
        aria-expanded={shown}
        aria-controls={regionId}
        endIcon={
          <ExpandMoreIcon
            sx={{ transform: shown ? 'rotate(180deg)' : 'none', transition: 'transform 150ms' }}
          />
        }
        sx={{ px: 1, ml: -1 }}
      >
        {t('rich.section')}
      </Button>
      <Collapse in={shown} unmountOnExit>
        <Stack id={regionId} spacing={2} sx={{ pt: 1 }}>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('rich.sectionHint')}
          </Typography>
          <TextField
            label={t('rich.titleLabel')}
            value={rich.title}
            onChange={(event) => rich.setTitle(event.target.value)}
            placeholder={name}
            disabled={disabled}
            error={Boolean(error('title'))}
            helperText={error('title') ?? t('rich.titleHint', { name })}
            slotProps={{ htmlInput: { maxLength: NOTIFICATION_TITLE_MAX + SLACK, dir: 'auto' } }}
            fullWidth
          />
          <TextField
            label={t('rich.linkLabel')}
            value={rich.link}
            onChange={(event) => rich.setLink(event.target.value)}
            placeholder={HTTPS_SCHEME}
            type="url"
            disabled={disabled}
            error={Boolean(error('link'))}
            helperText={error('link') ?? t('rich.linkHint')}
            slotProps={{ htmlInput: { maxLength: NOTIFICATION_LINK_MAX + SLACK, inputMode: 'url' } }}
            fullWidth
          />
          {rich.actions.map((action, index) => {
            const n = index + 1;
            return (
              // Buttons have no identity but their place: at most two, removed from the end or the start.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ flexGrow: 1, minWidth: 0 }}>
                  <TextField
                    label={t('rich.buttonLabel', { n })}
                    value={action.label}
                    onChange={(event) => rich.setAction(index, { ...action, label: event.target.value })}
                    placeholder={t('rich.buttonPlaceholder')}
                    disabled={disabled}
                    error={Boolean(error(`actions.${index}.label`))}
                    helperText={error(`actions.${index}.label`)}
                    slotProps={{
                      htmlInput: { maxLength: NOTIFICATION_ACTION_LABEL_MAX + SLACK, dir: 'auto' },
                    }}
                    sx={{ flex: { sm: '0 0 40%' } }}
                  />
                  <TextField
                    label={t('rich.buttonUrl', { n })}
                    value={action.url}
                    onChange={(event) => rich.setAction(index, { ...action, url: event.target.value })}
                    type="url"
                    disabled={disabled}
                    error={Boolean(error(`actions.${index}.url`))}
                    helperText={error(`actions.${index}.url`)}
                    slotProps={{ htmlInput: { maxLength: NOTIFICATION_LINK_MAX + SLACK, inputMode: 'url' } }}
                    fullWidth
                  />
                </Stack>
                <IconButton
                  onClick={() => rich.removeAction(index)}
                  aria-label={t('rich.removeButton', { n })}
                  disabled={disabled}
                  sx={{ mt: 1 }}
                >
                  <CloseIcon />
                </IconButton>
              </Stack>
            );
          })}
          {error('actions') && (
            <Typography variant="caption" role="alert" sx={{ color: 'error.main' }}>
              {error('actions')}
            </Typography>
          )}
          {rich.actions.length < NOTIFICATION_ACTIONS_MAX && (
            <Button
              startIcon={<AddIcon />}
              onClick={rich.addAction}
              disabled={disabled}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('rich.addButton')}
            </Button>
          )}
        </Stack>
      </Collapse>
    </Box>
  );
}
