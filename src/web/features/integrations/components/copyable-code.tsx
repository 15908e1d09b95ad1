import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Button, Typography } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '../../../lib/copy-text';
import { MONOSPACE } from './monospace';

interface Props {
  /** What it is, above it ("API key", "Send a notification with curl"). */
  label: string;
  /** The Copy button's name for screen readers ("Copy the API key"). */
  copyLabel: string;
  value: string;
  /** One line that may wrap anywhere (a key), or a block that keeps its lines (a command). */
  variant?: 'line' | 'block';
}

/** Text to copy as it is (a key, a command): shown in a monospace box, with a Copy button. */
export function CopyableCode({ label, copyLabel, value, variant = 'block' }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const id = useId();
  const onCopy = async () => {
    if (await copyText(value)) enqueueSnackbar(t('apiKeys.copied'), { variant: 'success' });
    else enqueueSnackbar(t('apiKeys.copyFailed'), { variant: 'error' });
  };
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, mb: 0.5 }}>
        <Typography id={id} variant="subtitle2" component="p">
          {label}
        </Typography>
        <Button
          size="small"
          startIcon={<ContentCopyIcon fontSize="small" />}
          onClick={() => void onCopy()}
          aria-label={copyLabel}
        >
          {t('apiKeys.copy')}
        </Button>
      </Box>
      <Box
        component="pre"
        aria-labelledby={id}
        dir="ltr"
        tabIndex={0}
        sx={{
          m: 0,
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          border: 1,
          borderColor: 'divider',
          fontFamily: MONOSPACE,
          fontSize: 13,
          lineHeight: 1.5,
          overflowX: 'auto',
          ...(variant === 'line'
            ? { whiteSpace: 'pre-wrap', wordBreak: 'break-all' }
            : { whiteSpace: 'pre' }),
        }}
      >
        <code>{value}</code>
      </Box>
    </Box>
  );
}
