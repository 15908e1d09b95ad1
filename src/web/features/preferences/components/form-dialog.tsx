import CloseIcon from '@mui/icons-material/Close';
import {
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';

interface Props {
  open: boolean;
  onClose: () => void;
  title: string;
  subtitle?: string;
  /** The form; it renders its own buttons. */
  children: ReactNode;
}

/** A dialog holding a create form: full screen on phones, where a floating dialog leaves no room to type. */
export function FormDialog({ open, onClose, title, subtitle, children }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const id = useId();
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" fullScreen={phone} aria-labelledby={id}>
      <DialogTitle id={id} sx={{ pr: 7 }}>
        {title}
        {subtitle && (
          <Typography variant="body2" color="textSecondary" component="span" sx={{ display: 'block' }}>
            {subtitle}
          </Typography>
        )}
      </DialogTitle>
      <IconButton
        onClick={onClose}
        aria-label={t('preferences.form.close')}
        sx={{ position: 'absolute', insetInlineEnd: 12, top: 12 }}
      >
        <CloseIcon />
      </IconButton>
      {/* The top padding keeps the first field's floating label clear of the title. */}
      <DialogContent sx={{ pt: '8px !important' }}>{children}</DialogContent>
    </Dialog>
  );
}
