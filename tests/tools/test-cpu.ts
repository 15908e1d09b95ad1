/**
 * The CPU section of `npm run test:timings`: what each test file cost in CPU
 * (tests/support/cpu-per-file.ts writes test-results/cpu-<database>.tsv on every run), the files that
 * cost most, and the total by kind of test file.
 */
import { existsSync, readFileSync } from 'node:fs';

interface FileCpu {
  file: string;
  ownMs: number;
  childrenMs: number;
  wallMs: number;
}

const KINDS: { name: string; matches(file: string): boolean }[] = [
  { name: 'web components (jsdom)', matches: (file) => file.startsWith('src/web/') },
  { name: 'route tests (an app per file)', matches: (file) => file.includes('.routes.test.') },
  {
    name: 'integration (processes, crashes, fuzz)',
    matches: (file) => file.startsWith('tests/integration/'),
  },
  { name: 'other', matches: () => true },
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function readReport(file: string): FileCpu[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [name, ownMs, childrenMs, wallMs] = line.split('\t');
      return { file: name!, ownMs: Number(ownMs), childrenMs: Number(childrenMs), wallMs: Number(wallMs) };
    });
}

export function printCpu(reportFile: string, top: number) {
  if (!existsSync(reportFile)) return;
  const rows = readReport(reportFile);
  const cpu = (row: FileCpu) => row.ownMs + row.childrenMs;
  const total = rows.reduce((sum, row) => sum + cpu(row), 0);
  const children = rows.reduce((sum, row) => sum + row.childrenMs, 0);
  console.log(
    `  CPU (${reportFile}): ${seconds(total)} in ${rows.length} files, of which ${seconds(children)} in processes they started`,
  );
  console.log('  by kind of file');
  const left = new Set(rows);
  for (const kind of KINDS) {
    const mine = [...left].filter((row) => kind.matches(row.file));
    for (const row of mine) left.delete(row);
    const sum = mine.reduce((s, row) => s + cpu(row), 0);
    console.log(`  ${seconds(sum).padStart(10)}  ${kind.name}: ${mine.length} files`);
  }
  console.log(`  most CPU: ${top} files (own + processes started, then from start to end)`);
  rows
    .sort((a, b) => cpu(b) - cpu(a))
    .slice(0, top)
    .forEach((row, index) => {
      const split = row.childrenMs > 0 ? ` (${seconds(row.ownMs)} + ${seconds(row.childrenMs)})` : '';
      console.log(
        `  ${String(index + 1).padStart(3)}. ${seconds(cpu(row)).padStart(8)}${split}  ${seconds(row.wallMs)}  ${row.file}`,
      );
    });
}
