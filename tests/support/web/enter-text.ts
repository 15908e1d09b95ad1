import type { UserEvent } from '@testing-library/user-event';

/**
 * Put `text` into `field` the way a paste or the keyboard's autofill does: click it, then one input
 * event (the end-to-end tests' `fill()` does the same). Typing a sentence a key at a time re-rendered
 * a form like the compose card once per character, most of those files' time; `user.type` stays
 * where the keystrokes themselves are what a test is about (keys, counters, masks, pickers).
 */
export async function enterText(user: UserEvent, field: Element, text: string) {
  await user.click(field);
  await user.paste(text);
}
