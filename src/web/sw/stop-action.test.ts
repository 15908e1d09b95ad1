/** The service worker's "Stop notifications" button on a business's notification. */
import { describe, expect, it } from 'vitest';
import { postPath } from '../../shared/push/payload';
import { STOP_ACTION, stopUrl, withStopAction } from './stop-action';

const ids = { establishmentId: 'e1', id: 'n1' };
const stop = { action: STOP_ACTION, title: 'Zastaviť upozornenia', url: `${postPath('e1', 'n1')}?stop=1` };
const menu = { action: 'a0', title: 'Menu', url: 'https://bar.example/menu' };
const book = { action: 'a1', title: 'Book a table', url: 'https://bar.example/book' };

describe('withStopAction', () => {
  it('adds the button, in the label kept on the device, opening the post page at its stop control', () => {
    expect(withStopAction([], { ...ids, label: 'Zastaviť upozornenia' }, 2)).toEqual([stop]);
    expect(stopUrl('e1', 'n1')).toBe('/app/establishment/e1/notification/n1?stop=1');
  });

  it("comes after the business's own button, which it never replaces", () => {
    expect(withStopAction([menu], { ...ids, label: 'Zastaviť upozornenia' }, 2)).toEqual([menu, stop]);
    // Two buttons of the business fill Chromium's two places: theirs stay, no stop button.
    expect(withStopAction([menu, book], { ...ids, label: 'Zastaviť upozornenia' }, 2)).toEqual([menu, book]);
    // A browser with more places shows it too.
    expect(withStopAction([menu, book], { ...ids, label: 'Zastaviť upozornenia' }, 3)).toEqual([
      menu,
      book,
      stop,
    ]);
  });

  it("counts Chromium's two places where the browser does not say, and none where it shows none", () => {
    expect(withStopAction([menu], { ...ids, label: 'Stop' }, undefined)).toHaveLength(2);
    expect(withStopAction([menu, book], { ...ids, label: 'Stop' }, undefined)).toEqual([menu, book]);
    expect(withStopAction([], { ...ids, label: 'Stop' }, 0)).toEqual([]);
  });

  it('adds nothing without a label kept on the device or without the ids of a post', () => {
    expect(withStopAction([menu], { ...ids, label: undefined }, 2)).toEqual([menu]);
    expect(withStopAction([menu], { ...ids, label: '' }, 2)).toEqual([menu]);
    expect(withStopAction([], { establishmentId: 'e1', label: 'Stop' }, 2)).toEqual([]);
    expect(withStopAction([], { id: 7, establishmentId: 'e1', label: 'Stop' }, 2)).toEqual([]);
  });
});
