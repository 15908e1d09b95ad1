import PostAddOutlinedIcon from '@mui/icons-material/PostAddOutlined';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import { Alert, Button, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FormProblems } from '../../../components/form-problems';
import type { FormProblem } from '../../../lib/use-form-problems';

interface Props {
  /** What went wrong with the last send, not tied to a field. */
  failure: string | null;
  onDismissFailure(): void;
  /** The fields still wrong after a refused send, named here where the person pressed Send. */
  problems: FormProblem[];
  /** A scheduled send: the buttons say "Schedule". */
  later: boolean;
  /** Which button's send runs. */
  sending: 'send' | 'post' | null;
  disabled: boolean;
  /** "Send" (push only); "Send and post" is the form's submit button. */
  onSend(): void;
}

/**
 * The end of the compose card: what is still wrong or a failure, a hint, and "Send" and "Send and
 * post" (or their scheduled forms).
 */
export function ComposeSendBar({
  failure,
  onDismissFailure,
  problems,
  later,
  sending,
  disabled,
  onSend,
}: Props) {
  const { t } = useTranslation();
  return (
    <>
      <FormProblems
        problems={problems}
        title={
          later ? t('notifications.compose.problemsTitleLater') : t('notifications.compose.problemsTitle')
        }
        text={t('notifications.compose.problemsText')}
      />
      {failure && (
        <Alert severity="error" sx={{ mb: 2 }} onClose={onDismissFailure}>
          {failure}
        </Alert>
      )}
      <Stack
        direction={{ xs: 'column-reverse', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' }, justifyContent: 'flex-end' }}
      >
        <Typography variant="body2" sx={{ color: 'text.secondary', flexGrow: 1 }}>
          {later ? t('schedule.sendHint') : t('notifications.compose.sendHint')}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<SendOutlinedIcon />}
          onClick={onSend}
          disabled={disabled && sending !== 'send'}
          loading={sending === 'send'}
          loadingPosition="start"
          sx={{ flexShrink: 0 }}
        >
          {later ? t('schedule.schedule') : t('notifications.compose.send')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          startIcon={<PostAddOutlinedIcon />}
          disabled={disabled && sending !== 'post'}
          loading={sending === 'post'}
          loadingPosition="start"
          sx={{ flexShrink: 0 }}
        >
          {later ? t('schedule.scheduleAndPost') : t('notifications.compose.sendAndPost')}
        </Button>
      </Stack>
    </>
  );
}
