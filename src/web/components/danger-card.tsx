import { Box, Button, Card, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';

interface Confirm {
  title: string;
  text: string;
  cancel: string;
  confirm: string;
}

interface Props {
  /** Prefix of the id that ties the warning to the button. */
  id?: string;
  title: string;
  /** What the button does, beside it before the click. */
  text: string;
  button: string;
  icon: ReactNode;
  /** Runs the action; the card shows a spinner meanwhile. */
  onConfirm: () => Promise<void>;
  pending: boolean;
  /** Asks in a dialog first; without it the button acts at once. */
  confirm?: Confirm;
  /** 'danger' (red, for what cannot be undone) or 'neutral'. */
  tone?: 'danger' | 'neutral';
  variant?: 'outlined' | 'elevation';
}

/** A card with a title, a warning and one action button, optionally confirmed in a dialog. */
export function DangerCard({
  id,
  title,
  text,
  button,
  icon,
  onConfirm,
  pending,
  confirm,
  tone = 'danger',
  variant = 'outlined',
}: Props) {
  const [open, setOpen] = useState(false);
  const danger = tone === 'danger';
  const warningId = id && `${id}-warning`;
  const busyIcon = pending ? <CircularProgress size={18} color="inherit" /> : icon;

  const run = async () => {
    await onConfirm();
    setOpen(false);
  };

  return (
    <Card variant={variant} sx={danger ? { borderColor: 'error.main' } : undefined}>
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'space-between' }}
        >
          <Box>
            <Typography variant="h6" component="h2" color={danger ? 'error' : undefined}>
              {title}
            </Typography>
            <Typography id={warningId} variant="body2" color="textSecondary">
              {text}
            </Typography>
          </Box>
          <Button
            variant={danger ? 'contained' : 'outlined'}
            color={danger ? 'error' : 'primary'}
            startIcon={confirm ? icon : busyIcon}
            onClick={confirm ? () => setOpen(true) : onConfirm}
            disabled={!confirm && pending}
            aria-describedby={warningId}
            sx={{ flexShrink: 0 }}
          >
            {button}
          </Button>
        </Stack>
      </CardContent>
      {confirm && (
        <ConfirmDialog
          open={open}
          title={confirm.title}
          text={confirm.text}
          confirmLabel={confirm.confirm}
          cancelLabel={confirm.cancel}
          danger
          pending={pending}
          onConfirm={() => void run()}
          onClose={() => setOpen(false)}
        />
      )}
    </Card>
  );
}
