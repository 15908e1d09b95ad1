import { describe, expect, it } from 'vitest';
import { EXPORTS_WAITING_AT_MOST, ExportSlots } from './export-slots';

const granted = (slot: Awaited<ReturnType<ExportSlots['take']>>) => {
  if ('refused' in slot) throw new Error(`refused: ${slot.refused}`);
  return slot.release;
};

describe('export slots', () => {
  it('runs as many as it has slots; the rest wait in line, in order; one person has one at a time', async () => {
    const slots = new ExportSlots(2);
    const first = granted(await slots.take('ann'));
    const second = granted(await slots.take('bob'));
    expect(await slots.take('ann')).toEqual({ refused: 'mine' });

    const started: string[] = [];
    const waiting = ['cid', 'dan'].map((owner) =>
      slots.take(owner).then((slot) => {
        started.push(owner);
        return granted(slot);
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(started).toEqual([]);

    first();
    first(); // released twice: still one slot freed
    const cid = await waiting[0]!;
    expect(started).toEqual(['cid']);
    // Ann's export ended: she may start another, which waits behind Dan's.
    const annAgain = slots.take('ann');
    second();
    await waiting[1];
    expect(started).toEqual(['cid', 'dan']);
    cid();
    granted(await annAgain);
  });

  it('turns a new export away when the line is full', async () => {
    const slots = new ExportSlots(1);
    granted(await slots.take('running'));
    for (let i = 0; i < EXPORTS_WAITING_AT_MOST; i++) void slots.take(`waiting-${i}`);
    expect(await slots.take('one-too-many')).toEqual({ refused: 'full' });
  });
});
