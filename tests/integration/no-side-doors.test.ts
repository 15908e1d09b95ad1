/**
 * No side doors: a module says what happened (a domain event, `outbox.emit`, in its action's
 * transaction) and the consumers subscribed to it (src/server/events/consumers.ts) queue the jobs
 * that follow. This test reads the source under src/server/modules (not tests) and fails on a job
 * queued by hand there: `enqueue` in any form (called, destructured from the outbox, passed along),
 * `ctx.jobs.send(...)` and its kin, a pg-boss `boss.send(...)`. There is no allow-list: none is
 * needed, and one added must say why, per line, as no-role-comparisons.test.ts does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SCANNED = 'src/server/modules';

const PATTERNS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['the outbox enqueue', /\benqueue\b/],
  [
    'the job queue by hand',
    /\bjobs\s*\??\.\s*(send|insert|schedule|sendAfter|sendThrottled|sendDebounced)\b/,
  ],
  ['pg-boss by hand', /\bboss\s*\??\.\s*(send|insert|schedule|sendAfter|sendThrottled|sendDebounced)\b/],
];

const isSource = (name: string) =>
  /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return sourceFiles(path);
    return isSource(entry.name) ? [path] : [];
  });
}

/** The line without a trailing `//` comment, blank for a comment line (`//`, `*`, `/*`). */
function code(line: string): string {
  const trimmed = line.trim();
  if (trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*')) return '';
  return line.replace(/\s\/\/\s.*$/, '');
}

/** The jobs queued by hand in a text: one finding per offending line. */
function findSideDoors(text: string): Array<{ line: number; text: string; rule: string }> {
  return text.split('\n').flatMap((raw, index) => {
    const line = code(raw);
    const hit = PATTERNS.find(([, pattern]) => pattern.test(line));
    return hit ? [{ line: index + 1, text: raw.trim(), rule: hit[0] }] : [];
  });
}

describe('the side-door detector', () => {
  it.each([
    'await enqueue(welcomeJob, { userId: user.id });',
    'await outbox.enqueue(operatorNoticeMailJob, payload, options);',
    'await withOutbox(ctx, async ({ db, enqueue }) => {',
    'await nudgeRelease(enqueue, id, at);',
    'await ctx.jobs.send(verificationJob, { userId: user.id });',
    'await ctx.jobs.send(passwordResetJob, { email }, { startAfter: new Date() });',
    'await this.jobs?.insert([job]);',
    "await boss.send('account.welcome', payload);",
  ])('flags %s', (line) => {
    expect(findSideDoors(line)).toHaveLength(1);
  });

  it.each([
    'await emit(userCreatedEvent(user.id, actor.id));',
    'await withOutbox(ctx, async ({ db, emit }) => {',
    'return reply.status(204).send(null);',
    'const conversation = await conversations.send(ctx, actor, id, body);',
    '// the consumer will enqueue( the job',
    ' * queued with enqueue() by its consumer',
  ])('leaves %s alone', (line) => {
    expect(findSideDoors(line)).toEqual([]);
  });
});

describe('jobs queued by hand under src/server/modules', () => {
  const files = sourceFiles(SCANNED);

  it('scans the modules (not an empty tree)', () => {
    expect(files.length).toBeGreaterThan(100);
  });

  it('there are none: a module emits a domain event and a consumer in src/server/events queues the job', () => {
    const offending = files.flatMap((file) =>
      findSideDoors(readFileSync(join(ROOT, file), 'utf8')).map(
        (f) => `${file}:${f.line} (${f.rule}): ${f.text}`,
      ),
    );
    expect(offending).toEqual([]);
  });
});
