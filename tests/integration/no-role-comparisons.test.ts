/**
 * Authorization lives in one place: every rule about what a role may do is a
 * right of src/shared/permissions.ts, which services enforce with authorize() and the web asks with
 * can(). This test reads the source of the server, the web app and the shared code (not tests) and
 * fails on a role comparison anywhere else.
 *
 * What counts as a role comparison: `x.role === ...`, `... !== x.role`, `role === 'admin'`,
 * `'admin' === role`, `includes(x.role)`, `switch (x.role)`. What does not, by construction:
 * - data about roles: zod enums of ROLES, columns and inserts (`role: 'client'`), SQL filters
 *   (`eq(users.role, 'admin')`), a role string passed along (`becomesClientByOperating(user.role)`);
 * - labels: i18n keys built from a role (`accountPage.roles.${user.role}`);
 * - JSX's ARIA attribute `role="status"` (an assignment, never `==`).
 * Comparisons that are not authorization are listed in ALLOWED below, each with its reason.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const SCANNED = ['src/server', 'src/web', 'src/shared'];
/** The one file where roles are compared. */
const HOME = 'src/shared/permissions.ts';

/** An expression naming a role: `role`, `user.role`, `actor?.role`, `row.user.role`. */
const ROLE = String.raw`[A-Za-z_$][\w$]*(?:\??\.[A-Za-z_$][\w$]*)*`;
const PATTERNS: ReadonlyArray<readonly [name: string, pattern: RegExp]> = [
  ['x.role compared', /\.role\s*[!=]==?/],
  ['compared with x.role', new RegExp(String.raw`[!=]==?\s*${ROLE}\.role\b`)],
  ['role compared with a literal', /\brole\s*[!=]==?\s*['"`]/],
  ['a literal compared with role', /['"`]\s*[!=]==?\s*role\b/],
  ['includes(role)', new RegExp(String.raw`\.includes\(\s*(?:${ROLE}\.)?role\s*\)`)],
  ['switch on role', new RegExp(String.raw`switch\s*\(\s*(?:${ROLE}\.)?role\s*\)`)],
];

/**
 * Comparisons that decide no right, by file and the line's text. Each must still be found, so an
 * allowance cannot outlive its reason.
 */
const ALLOWED: ReadonlyArray<{ file: string; line: string; why: string }> = [
  {
    file: 'src/server/cli/admin.ts',
    line: "if (role !== 'admin' && role !== 'representant') usageError(",
    why: "validates the operator's --role argument: which accounts the bootstrap CLI creates, not what a user may do",
  },
  {
    file: 'src/server/cli/admin.ts',
    line: "role === 'admin' ? 'Admin' : 'Representative'} created:",
    why: "the CLI's printed label for the account it just created",
  },
];

const isSource = (name: string) =>
  /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts');

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return isSource(entry.name) ? [path] : [];
  });
}

/** The line without a trailing `//` comment, blank for a comment line (`//`, `*`, `/*`). */
function code(line: string): string {
  const trimmed = line.trim();
  if (trimmed.startsWith('//') || trimmed.startsWith('*') || trimmed.startsWith('/*')) return '';
  return line.replace(/\s\/\/\s.*$/, '');
}

/** The role comparisons of a text: one finding per offending line. */
function findComparisons(text: string): Array<{ line: number; text: string; rule: string }> {
  return text.split('\n').flatMap((raw, index) => {
    const line = code(raw);
    const hit = PATTERNS.find(([, pattern]) => pattern.test(line));
    return hit ? [{ line: index + 1, text: raw.trim(), rule: hit[0] }] : [];
  });
}

describe('the role-comparison detector', () => {
  it.each([
    "if (actor.role === 'admin') return;",
    "if (user?.role !== 'customer') throw forbidden();",
    "const staff = 'admin' === me.role;",
    "if (role === 'representant') go();",
    "return 'client' !== role;",
    'if (STAFF.includes(actor.role)) return true;',
    'if (ROLES.includes(role)) ok();',
    'switch (actor.role) {',
    'return a.role == b.role;',
  ])('flags %s', (line) => {
    expect(findComparisons(line)).toHaveLength(1);
  });

  it.each([
    'role: z.enum(ROLES),',
    "role: 'client',",
    "where(eq(users.role, 'admin'))",
    // An i18n key built from the role (written with \u0024 to keep it a plain string here).
    'const role = t(`accountPage.roles.\u0024{user.role}`);',
    '<Box role="status" aria-live="polite">',
    "role={cover ? 'img' : undefined}",
    "if (body.kind === 'client' && becomesClientByOperating(user.role))",
    "// if (actor.role === 'admin') in a comment",
    " * actor.role === 'admin' in a doc comment",
    "const operated = user.establishments.filter((m) => m.kind === 'client');",
  ])('leaves %s alone', (line) => {
    expect(findComparisons(line)).toEqual([]);
  });
});

describe('role comparisons outside permissions.ts', () => {
  const files = SCANNED.flatMap(sourceFiles).filter((file) => file !== HOME);
  const findings = files.flatMap((file) =>
    findComparisons(readFileSync(join(ROOT, file), 'utf8')).map((finding) => ({
      file: relative(ROOT, join(ROOT, file)).split(sep).join('/'),
      ...finding,
    })),
  );
  const isAllowed = (f: (typeof findings)[number]) =>
    ALLOWED.some((allowed) => allowed.file === f.file && f.text.includes(allowed.line));

  it('scans the source (not an empty tree)', () => {
    expect(files.length).toBeGreaterThan(50);
    expect(files).not.toContain(HOME);
  });

  it('there are none: a rule about roles is a right in permissions.ts (authorize() on the server, can() on the web)', () => {
    const offending = findings
      .filter((f) => !isAllowed(f))
      .map((f) => `${f.file}:${f.line} (${f.rule}): ${f.text}`);
    expect(offending).toEqual([]);
  });

  it.each(ALLOWED.map((allowed) => [allowed.file, allowed.line, allowed] as const))(
    'allowance %s "%s" still matches a line',
    (_file, _line, allowed) => {
      expect(findings.some((f) => f.file === allowed.file && f.text.includes(allowed.line))).toBe(true);
    },
  );
});
