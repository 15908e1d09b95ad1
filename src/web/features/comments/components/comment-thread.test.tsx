import { describe, expect, it } from 'vitest';
import type { Comment } from '../../../../shared/schemas/comment.schema';
import { threadsOf } from './comment-thread';
import { quoteOf } from './private-reply-dialog';

const comment = (id: string, parentId: string | null, text = id): Comment => ({
  id,
  text,
  author: { id: `author-${id}`, name: 'Erika Tester', avatar: null },
  asBusiness: false,
  writtenBy: null,
  hidden: false,
  createdAt: '2026-06-01T18:00:00.000Z',
  editedAt: null,
  parentId,
  mine: false,
  canEdit: false,
  canDelete: false,
  canHide: false,
  canMute: false,
  authorMuted: false,
});

describe('threadsOf', () => {
  it('puts each reply under its comment, in the order they came', () => {
    const threads = threadsOf([
      comment('a', null),
      comment('b', null),
      comment('r1', 'a'),
      comment('r2', 'b'),
      comment('r3', 'a'),
    ]);
    expect(threads.map((t) => [t.comment.id, t.replies.map((r) => r.id)])).toEqual([
      ['a', ['r1', 'r3']],
      ['b', ['r2']],
    ]);
  });

  it('a reply whose comment is not loaded stands on its own', () => {
    expect(threadsOf([comment('r', 'gone')]).map((t) => t.comment.id)).toEqual(['r']);
  });
});

describe('quoteOf', () => {
  it('quotes the author and each line, cutting a long comment', () => {
    expect(quoteOf(comment('a', null, 'Table for four?\nAt eight'))).toBe(
      '> Erika Tester:\n> Table for four?\n> At eight',
    );
    const long = quoteOf(comment('a', null, 'x'.repeat(400)));
    expect(long.endsWith('…')).toBe(true);
    expect(long.length).toBeLessThan(330);
  });
});
