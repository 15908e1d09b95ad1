import { describe, expect, it } from 'vitest';
import { consentChoiceOf } from './storage-names';

describe('consentChoiceOf', () => {
  it.each([
    ['consent=all', 'all'],
    ['consent=necessary', 'necessary'],
    // Accept stored `true` before "Only necessary" existed.
    ['consent=true', 'all'],
    ['theme=dark; consent=necessary; other=1', 'necessary'],
    ['  consent=all  ', 'all'],
  ] as const)('reads %j as %s', (cookies, choice) => {
    expect(consentChoiceOf(cookies)).toBe(choice);
  });

  it.each([undefined, '', 'other=1', 'consent=', 'consent=yes', 'myconsent=all', 'consentx=necessary'])(
    'finds no choice in %j',
    (cookies) => {
      expect(consentChoiceOf(cookies)).toBeNull();
    },
  );
});
