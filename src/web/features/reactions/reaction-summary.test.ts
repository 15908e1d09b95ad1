import { describe, expect, it } from 'vitest';
import { nextReaction, totalOf, withReaction } from './reaction-summary';

describe('reaction summary', () => {
  const summary = {
    counts: [
      { kind: 'like' as const, count: 2 },
      { kind: 'sad' as const, count: 1 },
    ],
    mine: 'sad' as const,
  };

  it("moves the reader's reaction from one kind to another, in the kinds' order", () => {
    expect(withReaction(summary, 'love')).toEqual({
      counts: [
        { kind: 'like', count: 2 },
        { kind: 'love', count: 1 },
      ],
      mine: 'love',
    });
  });

  it('takes it back, leaving out kinds with none', () => {
    expect(withReaction(summary, null)).toEqual({ counts: [{ kind: 'like', count: 2 }], mine: null });
    expect(withReaction({ counts: [], mine: null }, null)).toEqual({ counts: [], mine: null });
  });

  it('adds a first reaction, and the same kind again changes nothing', () => {
    expect(withReaction({ counts: [], mine: null }, 'wow')).toEqual({
      counts: [{ kind: 'wow', count: 1 }],
      mine: 'wow',
    });
    expect(withReaction(summary, 'sad')).toEqual(summary);
  });

  it("reads a click on the reader's own kind as taking it back", () => {
    expect(nextReaction(summary, 'sad')).toBeNull();
    expect(nextReaction(summary, 'like')).toBe('like');
    expect(totalOf(summary)).toBe(3);
  });
});
