import { describe, expect, it } from 'vitest';
import { SharedReads } from './shared-reads';

/** A read whose answer is given by hand, counting how many were started. */
function manualReads() {
  const started: { resolve: (value: number) => void; reject: (error: Error) => void }[] = [];
  const read = () =>
    new Promise<number>((resolve, reject) => {
      started.push({ resolve, reject });
    });
  return { started, read };
}

describe('SharedReads', () => {
  it('starts a read at once when none of that key runs', async () => {
    const reads = new SharedReads<number>();
    const { started, read } = manualReads();
    const answer = reads.read('a', read);
    expect(started).toHaveLength(1);
    started[0]!.resolve(1);
    await expect(answer).resolves.toBe(1);
  });

  it('never answers a read with one that started before it was asked: those who came meanwhile share the next', async () => {
    const reads = new SharedReads<number>();
    const { started, read } = manualReads();
    const first = reads.read('a', read);
    const second = reads.read('a', read);
    const third = reads.read('a', read);
    // The second and third wait for the first to end, then share one read of their own.
    expect(started).toHaveLength(1);
    started[0]!.resolve(1);
    await expect(first).resolves.toBe(1);
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toHaveLength(2);
    started[1]!.resolve(2);
    await expect(second).resolves.toBe(2);
    await expect(third).resolves.toBe(2);
    // Nothing is kept: a read after them starts again.
    const fourth = reads.read('a', read);
    expect(started).toHaveLength(3);
    started[2]!.resolve(3);
    await expect(fourth).resolves.toBe(3);
  });

  it('keeps keys apart', async () => {
    const reads = new SharedReads<number>();
    const { started, read } = manualReads();
    const a = reads.read('a', read);
    const b = reads.read('b', read);
    expect(started).toHaveLength(2);
    started[1]!.resolve(2);
    started[0]!.resolve(1);
    await expect(a).resolves.toBe(1);
    await expect(b).resolves.toBe(2);
  });

  it('a failed read fails those who shared it, and the next ones read again', async () => {
    const reads = new SharedReads<number>();
    const { started, read } = manualReads();
    const first = reads.read('a', read);
    const second = reads.read('a', read);
    started[0]!.reject(new Error('down'));
    await expect(first).rejects.toThrow('down');
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toHaveLength(2);
    started[1]!.resolve(2);
    await expect(second).resolves.toBe(2);
  });
});
