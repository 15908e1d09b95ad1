import AddIcon from '@mui/icons-material/Add';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Collapse, Stack, TextField, Typography } from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_ACTIONS_MAX,
  NOTIFICATION_LINK_MAX,
  NOTIFICATION_TITLE_MAX,
} from '../../../../shared/schemas/rich-notification';
import { translateMessage } from '../../../lib/translate-message';
import { ComposeButtonFields } from './compose-button-fields';
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
 * opens, and up to two buttons (a label, and a web page, a phone number or an email address).
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
          {rich.actions.map((action, index) => (
            <ComposeButtonFields
              // Buttons have no identity but their place: at most two, removed from the end or the start.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above.
              key={index}
              index={index}
              action={action}
              error={error}
              disabled={disabled}
              onChange={(next) => rich.setAction(index, next)}
              onRemove={() => rich.removeAction(index)}
            />
          ))}
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
