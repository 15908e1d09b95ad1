import { globSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The test files that hold tests tagged `postgres` (docs/testing.md): a first line
 * `// @module-tag postgres`, or `{ tags: ['postgres'] }` on a test or a `describe`. `npm run
 * test:postgres` hands vitest only these files: given all of them, vitest imports every file of the
 * suite to read its tags, a quarter of the run's time for the few dozen tests it then runs.
 */
const TAGGED = /^\/\/ @module-tag postgres$|tags: \[[^\]]*'postgres'/m;
/** Anything that looks like a `postgres` tag: a file matching this but not TAGGED is an error. */
const TAG_LIKE = /@module-tag[^\n]*postgres|tags\b[^;]{0,120}postgres/i;

/** The test files of vitest's `node` project (its `include` in vitest.config.ts). */
const NODE_TEST_FILES = ['src/**/*.test.ts', 'tests/integration/**/*.test.ts', 'tests/support/**/*.test.ts'];

/** The files to run on PostgreSQL, relative to `root`; throws naming a file whose tag it cannot read. */
export function postgresTestFiles(root: string): string[] {
  const files = globSync(NODE_TEST_FILES, { cwd: root }).sort();
  const tagged: string[] = [];
  for (const file of files) {
    const text = readFileSync(path.join(root, file), 'utf8');
    if (TAGGED.test(text)) tagged.push(file);
    else if (TAG_LIKE.test(text))
      throw new Error(
        `${file} looks tagged postgres, but not as \`// @module-tag postgres\` or \`tags: ['postgres']\``,
      );
  }
  return tagged;
}
