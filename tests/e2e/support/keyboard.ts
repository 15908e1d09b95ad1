import { expect, type Locator, type Page } from '@playwright/test';

/** Where the keyboard's focus is: a name for messages, and how its focus shows ('' when it does not). */
interface FocusStop {
  onBody: boolean;
  label: string;
  indicator: string;
}

/**
 * The focused element and what shows its focus. The element that carries the ring is the focused
 * one, or for MUI's fields and switches their wrapper (MUI marks it Mui-focused / Mui-focusVisible).
 * It counts as visible when it has an outline (not none, wider than 0), or a box-shadow or a border
 * that the same element does not have unfocused: a copy of it, without focus and without MUI's focus
 * classes, is put beside it and compared (a contained button has a shadow whether focused or not).
 */
async function focusStop(page: Page): Promise<FocusStop> {
  return page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return { onBody: true, label: '<body>', indicator: '' };
    const name = (active.getAttribute('aria-label') ?? active.textContent ?? '').trim().slice(0, 40);
    const label = `${active.tagName.toLowerCase()}${active.getAttribute('role') ? `[role=${active.getAttribute('role')}]` : ''} "${name}"`;
    const ring =
      (active.closest('.MuiInputBase-root.Mui-focused, .Mui-focusVisible') as HTMLElement | null) ?? active;
    const twin = ring.cloneNode(true) as HTMLElement;
    twin.classList.remove('Mui-focused', 'Mui-focusVisible');
    twin.removeAttribute('id');
    twin.setAttribute('aria-hidden', 'true');
    ring.after(twin);
    // MUI's outlined fields draw their focus on the notched outline inside the wrapper.
    const part = (root: HTMLElement) =>
      (root.querySelector(':scope > .MuiOutlinedInput-notchedOutline') as HTMLElement | null) ?? root;
    const focused = getComputedStyle(ring);
    const plain = getComputedStyle(twin);
    const focusedPart = getComputedStyle(part(ring));
    const plainPart = getComputedStyle(part(twin));
    const found: string[] = [];
    if (focused.outlineStyle !== 'none' && Number.parseFloat(focused.outlineWidth) > 0)
      found.push(`outline ${focused.outlineWidth} ${focused.outlineStyle} ${focused.outlineColor}`);
    if (focused.boxShadow !== 'none' && focused.boxShadow !== plain.boxShadow)
      found.push(`box-shadow ${focused.boxShadow}`);
    if (
      focusedPart.borderTopWidth !== plainPart.borderTopWidth ||
      focusedPart.borderTopColor !== plainPart.borderTopColor
    )
      found.push(`border ${focusedPart.borderTopWidth} ${focusedPart.borderTopColor}`);
    twin.remove();
    return { onBody: false, label, indicator: found.join('; ') };
  });
}

/** The focus is somewhere, not on <body>, and it shows. */
export async function expectFocusVisible(page: Page) {
  const stop = await focusStop(page);
  expect(stop.onBody, 'the focus was lost to <body>').toBe(false);
  expect(stop.indicator, `no visible focus on ${stop.label}`).not.toBe('');
}

/** This control has the focus, and its focus shows. */
export async function expectFocused(page: Page, control: Locator) {
  await expect(control).toBeFocused();
  await expectFocusVisible(page);
}

/**
 * Press Tab (Shift+Tab with `back`) until `control` has the focus. Every stop on the way must be a
 * visible focus, never <body>; the stops are returned (and named in the error when it is not reached).
 */
export async function tabTo(page: Page, control: Locator, { back = false, max = 40 } = {}) {
  await expect(control).toBeVisible();
  const stops: string[] = [];
  for (let press = 0; press < max; press++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    const stop = await focusStop(page);
    stops.push(stop.label);
    expect(stop.onBody, `the focus was lost to <body> after ${stops.join(' → ')}`).toBe(false);
    expect(stop.indicator, `no visible focus on ${stop.label} (${stops.join(' → ')})`).not.toBe('');
    if (await control.evaluateAll((els) => els.some((el) => el === document.activeElement))) return stops;
  }
  throw new Error(`not reached in ${max} presses of Tab: ${stops.join(' → ')}`);
}

/** Press a key, then expect `control` to have a visible focus. */
export async function pressTo(page: Page, key: string, control: Locator) {
  await page.keyboard.press(key);
  await expectFocused(page, control);
}
