import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import { Button, CircularProgress, Divider, Menu, MenuItem } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PAUSE_LENGTHS, type PauseLength } from '../../../../shared/schemas/channels';
import { useMenuButton } from '../../../lib/use-menu-button';

interface Props {
  /** The business, for the button's accessible name (several rows have a Pause button). */
  name: string;
  paused: boolean;
  disabled?: boolean;
  /** The id of the text that says why the button is greyed out. */
  describedBy?: string;
  /** A pause being saved: the button says so but keeps the focus (a disabled button would drop it). */
  pending?: boolean;
  /** A pause length, or null to resume now. */
  onChoose(pause: PauseLength | null): void;
}

/** "Pause": a menu of how long (a day, a week, until turned back on), and "Resume" while paused. */
export function PauseMenuButton({ name, paused, disabled, describedBy, pending, onChoose }: Props) {
  const { t } = useTranslation();
  const { button, menu, close } = useMenuButton();
  const buttonId = useId();

  const choose = (pause: PauseLength | null) => {
    close();
    onChoose(pause);
  };

  return (
    <>
      <Button
        id={buttonId}
        variant="outlined"
        startIcon={pending ? <CircularProgress size={18} color="inherit" /> : <PauseCircleOutlineIcon />}
        disabled={disabled}
        aria-busy={pending}
        aria-label={t('notify.pause.buttonLabel', { name })}
        aria-describedby={describedBy}
        {...button}
        onClick={(event) => !pending && button.onClick(event)}
        sx={{ minHeight: 40, flexShrink: 0 }}
      >
        {t('notify.pause.button')}
      </Button>
      <Menu
        {...menu}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-labelledby': buttonId } }}
      >
        {paused && <MenuItem onClick={() => choose(null)}>{t('notify.pause.resume')}</MenuItem>}
        {paused && <Divider />}
        {PAUSE_LENGTHS.map((length) => (
          <MenuItem key={length} onClick={() => choose(length)} sx={{ minWidth: 240 }}>
            {t(`notify.pause.${length}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
