/**
 * In the right-to-left layout a relative time is isolated in its language's direction, so it never
 * reads "minutes ago 16" (tests/e2e/review-details.spec.ts looks at the layout itself).
 */
import { screen } from '@testing-library/react';
import { afterAll, describe, expect, it } from 'vitest';
import { renderRoutes } from '../../../tests/support/web/render';
import { changeLanguage } from '../app/i18n';
import { RelativeTime } from './relative-time';

// The setup started the app's i18next in English; the next test file expects it so.
afterAll(() => changeLanguage('en'));

const sixteenMinutesAgo = () => new Date(Date.now() - 16 * 60_000 - 10_000).toISOString();

describe('a relative time, for the right-to-left layout', () => {
  it.each([
    ['en', '16 minutes ago'],
    ['hu', '16 perccel ezelőtt'],
    ['de', 'vor 16 Minuten'],
  ] as const)('%s: "%s", isolated left to right as the language writes it', async (language, text) => {
    await changeLanguage(language);
    renderRoutes([{ path: '/', element: <RelativeTime iso={sixteenMinutesAgo()} /> }]);
    const time = await screen.findByText(text);
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('dir', 'ltr');
  });
});
