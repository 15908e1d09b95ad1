import type { Locator } from '@playwright/test';

/** A person's typing pace on a phone: about 40 words a minute, 300 ms a character. */
const TYPING_DELAY_MS = 300;

/**
 * The first minute as its person lives it: each step's time, the taps (on the page and in the
 * browser's or the phone's own screens), the characters typed, the switches to another app.
 */
export function measuredPath(title = 'first minute') {
  const started = Date.now();
  let last = started;
  let taps = 0;
  let characters = 0;
  let switches = 0;
  let tapsAtFormEnd = 0;
  let fields = 0;
  let passwordCharacters = 0;
  const lines: string[] = [];
  const counts = () => `${taps} taps, ${characters} characters, ${switches} app switches`;
  return {
    get fields() {
      return fields;
    },
    async tap(target: Locator) {
      taps++;
      await target.click();
    },
    async type(field: Locator, text: string) {
      taps++;
      fields++;
      characters += text.length;
      if ((await field.getAttribute('type')) === 'password') passwordCharacters += text.length;
      await field.click();
      await field.pressSequentially(text, { delay: TYPING_DELAY_MS });
    },
    /** A box of the form: one tap, one field. */
    async check(box: Locator) {
      taps++;
      fields++;
      await box.check();
    },
    tapOutsidePage(_what: string) {
      taps++;
    },
    switchApp(_what: string) {
      switches++;
    },
    formDone() {
      tapsAtFormEnd = taps;
    },
    step(name: string) {
      const now = Date.now();
      lines.push(`  ${((now - last) / 1000).toFixed(1).padStart(5)} s  ${name} (so far: ${counts()})`);
      last = now;
    },
    report() {
      const totalMs = Date.now() - started;
      return {
        totalMs,
        taps,
        characters,
        fields,
        tapsAfterForm: taps - tapsAtFormEnd,
        appSwitches: switches,
        passwordCharacters,
        text: [
          `${title} (390x844, slow 4G until notifications are on, typing ${TYPING_DELAY_MS} ms a character):`,
          ...lines,
          `  ${(totalMs / 1000).toFixed(1).padStart(5)} s  total, QR code to welcome notification: ${counts()},`,
          `           ${fields} form fields, ${fields > 0 ? `${taps - tapsAtFormEnd} taps after the form, ` : ''}${passwordCharacters} password characters typed`,
        ].join('\n'),
      };
    },
  };
}
