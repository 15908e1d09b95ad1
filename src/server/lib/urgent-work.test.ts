import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UrgentWork } from './urgent-work';

/** Whether `promise` has settled once everything already queued has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await vi.advanceTimersByTimeAsync(0);
  return done;
}

describe('urgent work first', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets bulk work on at once when nothing urgent runs', async () => {
    const urgent = new UrgentWork();
    expect(await settled(urgent.yieldTo(500))).toBe(true);
  });

  it('holds bulk work while urgent work runs, and lets it on when the last of it ends', async () => {
    const urgent = new UrgentWork();
    const ends: (() => void)[] = [];
    const work = () => new Promise<void>((resolve) => ends.push(resolve));
    const first = urgent.run(work);
    const second = urgent.run(work);
    const bulk = urgent.yieldTo(500);
    expect(await settled(bulk)).toBe(false);
    ends[0]!();
    await first;
    expect(await settled(bulk)).toBe(false);
    ends[1]!();
    await second;
    expect(await settled(bulk)).toBe(true);
  });

  it('lets bulk work on after the longest wait even while urgent work goes on', async () => {
    const urgent = new UrgentWork();
    const endless = urgent.run(() => new Promise<void>(() => {}));
    const bulk = urgent.yieldTo(500);
    await vi.advanceTimersByTimeAsync(499);
    expect(await settled(bulk)).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await settled(bulk)).toBe(true);
    void endless;
  });

  it('ends urgent work that fails as urgent work that succeeds, with its error', async () => {
    const urgent = new UrgentWork();
    await expect(urgent.run(() => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await settled(urgent.yieldTo(500))).toBe(true);
  });
});
