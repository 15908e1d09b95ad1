import FileDownloadOutlined from '@mui/icons-material/FileDownloadOutlined';
import { Button, type ButtonProps, CircularProgress, ListItemText, Menu, MenuItem } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EXPORT_FORMATS, type ExportFormat } from '../../../../shared/schemas/export.schema';
import { ApiError } from '../../../lib/api-client';
import { apiErrorText } from '../../../lib/api-error-text';
import { useSession } from '../../../lib/session';
import { useMenuButton } from '../../../lib/use-menu-button';
import { downloadExport, type ExportRequest } from '../api/download-export';

interface Props extends ExportRequest {
  /** The button's text; "Export" by default. */
  label?: string;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  fullWidth?: boolean;
}

/**
 * A button opening a menu of formats (CSV, JSON); picking one downloads the export with the
 * signed-in user's token. `kind`, `params` and `query` say what to export (the people list passes
 * its filters as `query`).
 */
export function ExportMenu({ kind, params, query, label, variant = 'outlined', size, fullWidth }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { forget } = useSession();
  const { button, menu, close } = useMenuButton();
  const [pending, setPending] = useState<ExportFormat | null>(null);
  const buttonId = useId();

  const download = async (format: ExportFormat) => {
    close();
    setPending(format);
    try {
      await downloadExport({ kind, params, query }, format);
    } catch (error) {
      // The session has ended (signed out elsewhere, expired): as on any 401, sign out here too.
      if (error instanceof ApiError && error.status === 401) forget();
      else enqueueSnackbar(apiErrorText(t, error), { variant: 'error' });
    } finally {
      setPending(null);
    }
  };

  return (
    <>
      <Button
        id={buttonId}
        variant={variant}
        size={size}
        fullWidth={fullWidth}
        startIcon={pending ? <CircularProgress size={18} color="inherit" /> : <FileDownloadOutlined />}
        disabled={pending !== null}
        {...button}
        aria-busy={pending !== null}
      >
        {pending ? t('exports.preparing') : (label ?? t('exports.button'))}
      </Button>
      <Menu
        {...menu}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {EXPORT_FORMATS.map((format) => (
          <MenuItem key={format} onClick={() => download(format)} sx={{ minWidth: 220 }}>
            <ListItemText
              primary={t(`exports.formats.${format}.label`)}
              secondary={t(`exports.formats.${format}.hint`)}
            />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
