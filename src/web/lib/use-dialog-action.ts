import { useState } from 'react';

/**
 * The part every dialog that confirms or saves one action shares: what went wrong stays inside the
 * dialog (to try again or cancel), it does not close while the action runs, and it closes once the
 * action succeeded.
 */
export function useDialogAction(pending: boolean, onClose: () => void) {
  const [failure, setFailure] = useState<string | null>(null);
  const close = () => {
    if (pending) return;
    setFailure(null);
    onClose();
  };
  /**
   * Run `action`, then close; when it throws, `failureOf` says why in the dialog (null: the form
   * already shows it beside a field). Answers whether it succeeded.
   */
  const run = async (action: () => Promise<void>, failureOf: (caught: unknown) => string | null) => {
    setFailure(null);
    try {
      await action();
      onClose();
      return true;
    } catch (caught) {
      setFailure(failureOf(caught));
      return false;
    }
  };
  return {
    failure,
    close,
    run,
    /** ConfirmDialog's share: its buttons wait while the action runs, the failure shows inside. */
    confirmProps: { pending, error: failure, onClose: close },
  };
}
