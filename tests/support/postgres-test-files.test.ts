import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { postgresTestFiles } from './postgres-test-files';

// The tag is spelt in pieces here, so that this file's own text does not read as tagged.
const TAG = ['post', 'gres'].join('');
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A repository with these files (path -> text) under a temporary directory. */
function repository(files: Record<string, string>) {
  const root = mkdtempSync(path.join(tmpdir(), 'postgres-files-'));
  roots.push(root);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

describe('the files npm run test:postgres hands vitest', () => {
  it('are those with a file tag or a tagged test or describe, and no other', () => {
    const root = repository({
      'src/a/whole-file.test.ts': `// @module-tag ${TAG}\nimport { it } from 'vitest';\n`,
      'src/b/one-test.test.ts': `it('races', { tags: ['${TAG}'] }, async () => {});\n`,
      'tests/integration/describe.test.ts': `describe('locks', {\n  tags: ['${TAG}'],\n}, () => {});\n`,
      'tests/support/untagged.test.ts': `it('reads ${TAG}://x', () => {});\n`,
      'src/c/not-a-test.ts': `// @module-tag ${TAG}\n`,
      'src/web/card.test.tsx': "it('renders', () => {});\n",
    });
    expect(postgresTestFiles(root)).toEqual([
      'src/a/whole-file.test.ts',
      'src/b/one-test.test.ts',
      'tests/integration/describe.test.ts',
    ]);
  });

  it('refuse a tag written another way, naming the file, rather than leave its tests out', () => {
    const root = repository({
      'src/odd.test.ts': `it('x', { tags: [${TAG.toUpperCase()}_ONLY] }, () => {});\n`,
    });
    expect(() => postgresTestFiles(root)).toThrow(/src\/odd\.test\.ts looks tagged postgres/);
  });

  it('in this repository include the crash and restart tests and the concurrent requests', () => {
    const files = postgresTestFiles(process.cwd());
    expect(files).toContain('tests/integration/delivery-crash-restart.test.ts');
    expect(files).toContain('src/server/modules/reactions/reactions.routes.test.ts');
    expect(files.length).toBeGreaterThanOrEqual(20);
  });
});
