// Setup of the web component tests (vitest project "web", jsdom): the app's own i18next with the
// English resources, jest-dom's matchers, and a clean DOM, storage and fetch after each test.
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { initI18n } from '../../../src/web/app/i18n';

await initI18n('en');

// jsdom has no service worker: the session's push registration says so on each sign-in; not news here.
const info = console.info.bind(console);
console.info = (...args: unknown[]) =>
  typeof args[0] === 'string' && args[0].startsWith('[push]') ? undefined : info(...args);

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
