import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../../../tests/support/web/fake-api';
import { makeUser, renderRoutes, signIn } from '../../../../../tests/support/web/render';
import { Msg } from '../../../../shared/messages';
import type { FollowList, FollowNotify, NotifyBody } from '../../../../shared/schemas/notify.schema';
import { NotifyChoiceBar } from './notify-choice-bar';

const ROMA = 'a7a4e2a6-1a51-4d4e-9d0b-8f3c3e1f0a01';
const REASON = 'Nothing to pause: with “Feed only” their news reaches no phone and no inbox, only your feed.';

const feedOnly: FollowNotify = {
  establishment: { id: ROMA, publicId: 'cafe-roma', name: 'Café Roma', logo: null, blocked: false },
  notify: 'feed',
  pausedUntil: null,
};
const list = (follow: FollowNotify): FollowList => ({
  items: [follow],
  marketingConsent: true,
  emailBounced: false,
  hasDevice: true,
});

let api: FakeApi;

function renderBar(follow: FollowNotify) {
  signIn();
  api.on('GET', '/api/account/me', { body: { user: makeUser() } });
  api.on('GET', '/api/account/follows', { body: list(follow) });
  api.on('PUT', `/api/establishments/${ROMA}/notify`, (request) => ({
    body: { follow: { ...follow, notify: (request.body as NotifyBody).notify }, message: Msg.changesSaved },
  }));
  return renderRoutes([{ path: '/', element: <NotifyChoiceBar establishmentId={ROMA} /> }]);
}

describe('Pause for a follower who chose "Feed only"', () => {
  beforeEach(() => {
    api = fakeApi();
  });

  it('is greyed out with its reason written under it (no tooltip a phone would never show), gone with another choice', async () => {
    const { user } = renderBar(feedOnly);
    const pause = await screen.findByRole('button', { name: 'Pause news from Café Roma' });
    expect(pause).toBeDisabled();
    expect(pause).toHaveAccessibleDescription(REASON);
    expect(screen.getByText(REASON)).toBeVisible();

    await user.click(screen.getByRole('combobox', { name: 'How you get their news' }));
    await user.click(await screen.findByRole('option', { name: 'Phone' }));
    await waitFor(() => expect(pause).toBeEnabled());
    expect(screen.queryByText(REASON)).toBeNull();
    expect(pause).not.toHaveAccessibleDescription();
  });

  it('a pause already set on "Feed only" can still be lifted: no reason then', async () => {
    renderBar({ ...feedOnly, pausedUntil: '2026-03-17T21:00:00.000Z' });
    const pause = await screen.findByRole('button', { name: 'Pause news from Café Roma' });
    expect(pause).toBeEnabled();
    expect(screen.queryByText(REASON)).toBeNull();
  });
});
