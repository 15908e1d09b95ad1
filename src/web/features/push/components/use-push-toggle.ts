import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePushState } from '../../../lib/push-state';
import type { PushState } from '../../../lib/push-subscription';

/** Turn this device's notifications on or off from a button, saying how it went. */
export function usePushToggle() {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { state, turnOn, turnOff } = usePushState();
  const [pending, setPending] = useState(false);

  /** Runs a change; says `done` only when it reached `goal` (a refusal in the browser is no error). */
  const run = async (change: () => Promise<PushState>, goal: PushState, done: string) => {
    setPending(true);
    try {
      if ((await change()) === goal) enqueueSnackbar(done, { variant: 'success' });
    } catch {
      enqueueSnackbar(t('push.failed'), { variant: 'error' });
    } finally {
      setPending(false);
    }
  };

  return {
    state,
    pending,
    // Denied in the browser: the state becomes 'blocked' and its text says how to undo that.
    turnOn: () => run(turnOn, 'on', t('push.turnedOn')),
    turnOff: () => run(turnOff, 'off', t('push.turnedOff')),
  };
}
