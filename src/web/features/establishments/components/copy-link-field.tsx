import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, IconButton, Stack, TextField, Tooltip } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Msg } from '../../../../shared/messages';
import { copyText } from '../../../lib/copy-text';
import { translateMessage } from '../../../lib/translate-message';

/** A link in a read-only field, with Copy ("Link copied!") and a button that opens it in a new tab. */
export function CopyLinkField({
  label,
  value,
  helperText,
}: {
  label: string;
  value: string;
  helperText?: string;
}) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const id = useId();

  const onCopy = async () => {
    if (await copyText(value)) enqueueSnackbar(translateMessage(t, Msg.linkCopied), { variant: 'success' });
    else enqueueSnackbar(t('establishmentPage.share.copyFailed'), { variant: 'error' });
  };

  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        id={id}
        label={label}
        value={value}
        helperText={helperText}
        onFocus={(event) => event.target.select()}
        slotProps={{
          htmlInput: { readOnly: true, dir: 'ltr' },
          input: {
            endAdornment: (
              <Tooltip title={t('establishmentPage.share.open')}>
                <IconButton
                  component="a"
                  href={value}
                  target="_blank"
                  rel="noopener"
                  edge="end"
                  aria-label={t('establishmentPage.share.openLabel', { label })}
                >
                  <OpenInNewIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            ),
          },
        }}
        sx={{ flexGrow: 1, minWidth: 0 }}
      />
      {/* On phones only the icon shows, so the link keeps the room; the name stays for screen readers. */}
      <Button
        variant="contained"
        onClick={onCopy}
        aria-label={t('establishmentPage.share.copyLabel', { label })}
        sx={{ flexShrink: 0, minHeight: 56, minWidth: 56, px: { xs: 0, sm: 2 }, gap: 1 }}
      >
        <ContentCopyIcon fontSize="small" />
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {t('establishmentPage.share.copy')}
        </Box>
      </Button>
    </Stack>
  );
}
