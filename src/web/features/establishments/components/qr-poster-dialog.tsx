import CloseIcon from '@mui/icons-material/Close';
import PrintOutlinedIcon from '@mui/icons-material/PrintOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  GlobalStyles,
  IconButton,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Establishment } from '../../../../shared/schemas/establishment.schema';
import { logoUrl } from '../../../lib/media-urls';
import { qrUrl } from '../establishment-links';

const POSTER_CLASS = 'qr-poster';
const DIALOG_CLASS = 'qr-poster-dialog';

// When printing, only the poster is on paper: the app under the dialog and the dialog's own frame
// are left out, and the poster fills one A4 sheet.
const printStyles = {
  '@media print': {
    '@page': { size: 'A4 portrait', margin: 0 },
    [`body > :not(.${DIALOG_CLASS})`]: { display: 'none !important' },
    [`.${DIALOG_CLASS} *`]: { visibility: 'hidden' },
    [`.${POSTER_CLASS}, .${POSTER_CLASS} *`]: { visibility: 'visible' },
    [`.${DIALOG_CLASS} .MuiBackdrop-root`]: { display: 'none' },
    [`.${POSTER_CLASS}`]: {
      position: 'fixed',
      inset: 0,
      width: '210mm !important',
      height: '297mm !important',
      maxWidth: 'none !important',
      margin: '0 !important',
      boxShadow: 'none !important',
      borderRadius: '0 !important',
    },
    html: { printColorAdjust: 'exact', WebkitPrintColorAdjust: 'exact' },
  },
} as const;

interface Props {
  open: boolean;
  onClose: () => void;
  establishment: Establishment;
  /** The public page's address, printed under the code. */
  link: string;
}

/** A printable A4 poster: the business name, a call to action, the QR code big and the link. */
export function QrPosterDialog({ open, onClose, establishment, link }: Props) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      maxWidth="md"
      className={DIALOG_CLASS}
      aria-labelledby={titleId}
    >
      {open && <GlobalStyles styles={printStyles} />}
      <DialogTitle id={titleId} sx={{ paddingInlineEnd: 7 }}>
        {t('establishmentPage.poster.title')}
        <IconButton
          aria-label={t('establishmentPage.poster.close')}
          onClick={onClose}
          sx={{ position: 'absolute', top: 12, insetInlineEnd: 12 }}
        >
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent dividers sx={{ bgcolor: 'action.hover', display: 'flex', justifyContent: 'center' }}>
        <Poster establishment={establishment} link={link} />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', flexGrow: 1, display: { xs: 'none', sm: 'block' } }}
        >
          {t('establishmentPage.poster.hint')}
        </Typography>
        <Button onClick={onClose}>{t('establishmentPage.poster.close')}</Button>
        <Button variant="contained" startIcon={<PrintOutlinedIcon />} onClick={() => window.print()}>
          {t('establishmentPage.poster.print')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The sheet itself, always black on white like paper. Sizes are in container units (cqw), so the
 * preview and the printed A4 page have the same proportions.
 */
function Poster({ establishment, link }: { establishment: Establishment; link: string }) {
  const { t } = useTranslation();
  const logo = logoUrl(establishment.logo);
  return (
    <Box
      className={POSTER_CLASS}
      sx={(theme) => ({
        containerType: 'inline-size',
        width: 'min(100%, 520px)',
        aspectRatio: '210 / 297',
        flexShrink: 0,
        bgcolor: '#fff',
        color: '#111',
        boxShadow: 3,
        borderRadius: 1,
        overflow: 'hidden',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        borderTop: `2.4cqw solid ${theme.palette.primary.main}`,
      })}
    >
      <Box
        sx={{
          flexGrow: 1,
          width: '100%',
          px: '8cqw',
          pt: '8cqw',
          pb: '6cqw',
          display: 'flex',
          flexDirection: 'column',
          alignItems: 'center',
          justifyContent: 'space-between',
          gap: '3cqw',
        }}
      >
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '2.5cqw' }}>
          {logo && (
            <Box
              component="img"
              src={logo}
              alt={t('establishmentPage.header.logoAlt', { name: establishment.name })}
              sx={{ width: '16cqw', height: '16cqw', borderRadius: '2cqw', objectFit: 'cover' }}
            />
          )}
          <Box
            component="p"
            sx={{ m: 0, fontSize: '8cqw', fontWeight: 800, lineHeight: 1.1, wordBreak: 'break-word' }}
          >
            {establishment.name}
          </Box>
          <Box
            component="p"
            sx={{ m: 0, fontSize: '4.4cqw', fontWeight: 500, lineHeight: 1.3, color: '#333' }}
          >
            {t('establishmentPage.poster.callToAction')}
          </Box>
        </Box>
        <Box
          component="img"
          src={qrUrl(establishment.id, 'svg', { source: 'poster' })}
          alt={t('establishmentPage.share.qrAlt', { name: establishment.name })}
          sx={{ width: '62cqw', height: '62cqw', display: 'block' }}
        />
        <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: '1cqw' }}>
          <Box component="p" sx={{ m: 0, fontSize: '3cqw', color: '#555' }}>
            {t('establishmentPage.poster.orVisit')}
          </Box>
          <Box
            component="p"
            dir="ltr"
            sx={{ m: 0, fontSize: '3.6cqw', fontWeight: 700, wordBreak: 'break-all', color: '#111' }}
          >
            {link.replace(/^https?:\/\//, '')}
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
