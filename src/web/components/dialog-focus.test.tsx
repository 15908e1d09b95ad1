import { Button } from '@mui/material';
import { screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../tests/support/web/render';
import { ConfirmDialog } from './confirm-dialog';
import { MessageDialog } from './message-dialog';

// The keyboard in the app's two shared dialogs: the focus starts inside, Tab and Shift+Tab go round
// inside and never out, Escape closes, and the focus comes back to the button that opened it.

function ConfirmHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Delete the post</Button>
      <Button>Something after</Button>
      <ConfirmDialog
        open={open}
        title="Delete this post?"
        text="This cannot be undone."
        confirmLabel="Delete"
        danger
        pending={false}
        onConfirm={() => setOpen(false)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

function MessageHarness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Ask the business</Button>
      <Button>Something after</Button>
      <MessageDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Ask Corner Bakery"
        hint="Only the business reads it."
        labels={{ field: 'Your message', cancel: 'Cancel', send: 'Send', required: 'Write a message' }}
        maxLength={2000}
        pending={false}
        send={async () => {
          setOpen(false);
          return undefined;
        }}
      />
    </>
  );
}

/** Focus the opener with the keyboard, as a person would reach it, and open it with Enter. */
async function openWithKeyboard(user: ReturnType<typeof renderRoutes>['user'], opener: HTMLElement) {
  while (document.activeElement !== opener) await user.tab();
  await user.keyboard('{Enter}');
  return screen.findByRole('dialog');
}

describe('the confirm dialog and the keyboard', () => {
  it('starts on Cancel, keeps Tab inside, closes on Escape and gives the focus back to its opener', async () => {
    const { user } = renderRoutes([{ path: '/', element: <ConfirmHarness /> }]);
    const opener = screen.getByRole('button', { name: 'Delete the post' });
    const dialog = await openWithKeyboard(user, opener);
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    await waitFor(() => expect(cancel).toHaveFocus());

    await user.tab();
    expect(confirm).toHaveFocus();
    // Past the last button the focus goes round to the first, not to the page behind.
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();

    // Confirmed with the keyboard: the focus comes back too.
    const again = await openWithKeyboard(user, opener);
    await waitFor(() => expect(within(again).getByRole('button', { name: 'Cancel' })).toHaveFocus());
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });
});

describe('the message dialog and the keyboard', () => {
  it('starts in the message, goes round its field and buttons, and gives the focus back on Escape and on Send', async () => {
    const { user } = renderRoutes([{ path: '/', element: <MessageHarness /> }]);
    const opener = screen.getByRole('button', { name: 'Ask the business' });
    const dialog = await openWithKeyboard(user, opener);
    const field = within(dialog).getByRole('textbox', { name: 'Your message' });
    await waitFor(() => expect(field).toHaveFocus());

    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(within(dialog).getByRole('button', { name: 'Send' })).toHaveFocus();
    await user.tab();
    expect(field).toHaveFocus();
    await user.tab({ shift: true });
    expect(within(dialog).getByRole('button', { name: 'Send' })).toHaveFocus();

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();

    // Written and sent with the keyboard: Tab to Send, Enter.
    const again = await openWithKeyboard(user, opener);
    const message = within(again).getByRole('textbox', { name: 'Your message' });
    await waitFor(() => expect(message).toHaveFocus());
    await user.keyboard('A table for two?');
    await user.tab();
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(opener).toHaveFocus();
  });
});
