import PauseCircleOutlineIcon from '@mui/icons-material/PauseCircleOutlined';
import PlayCircleOutlineIcon from '@mui/icons-material/PlayCircleOutlined';
import { Button } from '@mui/material';
import { useSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import type { Recurrence } from '../../../../shared/schemas/weekly-send.schema';
import { ApiError } from '../../../lib/api-client';
import { usePauseWeeklySend } from '../api/scheduled.api';
import { failureText } from './compose-helpers';
import { scheduleMessageText } from './schedule-helpers';

interface Props {
  recurrence: Recurrence;
  /** Its waiting send's due time, as the list writes it. */
  due: string;
}

/** Pause a running weekly send, or resume a paused one; the server's answer shows as a snackbar. */
export function WeeklyPauseButton({ recurrence, due }: Props) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const toggle = usePauseWeeklySend();
  const pause = !recurrence.paused;

  const run = async () => {
    try {
      const { message } = await toggle.mutateAsync({ id: recurrence.id, pause });
      enqueueSnackbar(scheduleMessageText(t, message), { variant: 'success' });
    } catch (caught) {
      const text =
        caught instanceof ApiError ? scheduleMessageText(t, caught.message) : failureText(t, caught);
      enqueueSnackbar(text, { variant: 'error' });
    }
  };

  return (
    <Button
      size="small"
      startIcon={pause ? <PauseCircleOutlineIcon /> : <PlayCircleOutlineIcon />}
      onClick={() => void run()}
      loading={toggle.isPending}
      aria-label={pause ? t('weekly.pauseLabel', { when: due }) : t('weekly.resumeLabel', { when: due })}
    >
      {pause ? t('weekly.pause') : t('weekly.resume')}
    </Button>
  );
}
