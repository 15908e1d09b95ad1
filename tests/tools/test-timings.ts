/**
 * Where the test suite's time goes: the slowest test files and end-to-end specs, read from the
 * runners' own JSON reports (vitest writes test-results/vitest-<database>.json on every run, Playwright
 * test-results/e2e-report.json), and the test files that cost the most CPU (test-cpu.ts).
 * `npm run test:timings [-- --top 30]`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { printCpu } from './test-cpu';

interface VitestReport {
  startTime: number;
  numTotalTests: number;
  testResults: {
    name: string;
    startTime: number;
    endTime: number;
    assertionResults: { fullName: string; duration?: number | null; status: string }[];
  }[];
}

interface PlaywrightSpec {
  title: string;
  file: string;
  tests: { results: { duration: number; status: string; retry: number }[] }[];
}
interface PlaywrightSuite {
  title: string;
  file: string;
  specs: PlaywrightSpec[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  suites: PlaywrightSuite[];
  stats: { duration: number; expected: number; unexpected: number; flaky: number; skipped: number };
}

interface Timed {
  name: string;
  ms: number;
}

const { values } = parseArgs({ options: { top: { type: 'string', default: '20' } } });
const top = Number(values.top);
const reports = [
  { label: 'vitest on PGlite', file: 'test-results/vitest-pglite.json', command: 'npm test' },
  {
    label: 'vitest on PostgreSQL',
    file: 'test-results/vitest-postgres.json',
    command: 'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run test:postgres',
  },
  { label: 'end-to-end (Playwright)', file: 'test-results/e2e-report.json', command: 'npm run test:e2e' },
];

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

function printTable(title: string, rows: Timed[]) {
  console.log(`  ${title}`);
  rows
    .sort((a, b) => b.ms - a.ms)
    .slice(0, top)
    .forEach((row, index) => {
      console.log(`  ${String(index + 1).padStart(3)}. ${seconds(row.ms).padStart(8)}  ${row.name}`);
    });
}

function vitestTimings(report: VitestReport) {
  const files = report.testResults.map((file) => ({
    name: relative(process.cwd(), file.name),
    ms: file.endTime - file.startTime,
  }));
  const tests = report.testResults.flatMap((file) =>
    file.assertionResults.map((test) => ({
      name: `${relative(process.cwd(), file.name)} > ${test.fullName}`,
      ms: test.duration ?? 0,
    })),
  );
  const lastEnd = Math.max(...report.testResults.map((file) => file.endTime));
  const sum = files.reduce((total, file) => total + file.ms, 0);
  console.log(
    `  ${report.numTotalTests} tests in ${files.length} files; ${seconds(lastEnd - report.startTime)} from start to the last file's end, ${seconds(sum)} of file time summed over the workers`,
  );
  printTable(`slowest ${top} files`, files);
  printTable(`slowest ${top} tests`, tests);
}

function playwrightSpecs(suite: PlaywrightSuite): PlaywrightSpec[] {
  return [...suite.specs, ...(suite.suites ?? []).flatMap(playwrightSpecs)];
}

function playwrightTimings(report: PlaywrightReport) {
  const byFile = new Map<string, number>();
  const tests: Timed[] = [];
  for (const suite of report.suites) {
    for (const spec of playwrightSpecs(suite)) {
      // Every attempt counts: a retried test cost its first run too.
      const ms = spec.tests
        .flatMap((test) => test.results)
        .reduce((total, result) => total + result.duration, 0);
      byFile.set(spec.file, (byFile.get(spec.file) ?? 0) + ms);
      tests.push({ name: `${spec.file} > ${spec.title}`, ms });
    }
  }
  const { stats } = report;
  console.log(
    `  ${stats.expected} passed, ${stats.flaky} flaky, ${stats.unexpected} failed, ${stats.skipped} skipped in ${seconds(stats.duration)} (the web app's build and the server's start included)`,
  );
  printTable(
    `slowest ${top} specs`,
    [...byFile].map(([name, ms]) => ({ name, ms })),
  );
  printTable(`slowest ${top} tests`, tests);
}

for (const { label, file, command } of reports) {
  console.log(`\n${label} (${file})`);
  if (!existsSync(file)) {
    console.log(`  no report yet: \`${command}\` writes it`);
    continue;
  }
  const report = JSON.parse(readFileSync(file, 'utf8'));
  if (file.endsWith('e2e-report.json')) playwrightTimings(report as PlaywrightReport);
  else {
    vitestTimings(report as VitestReport);
    printCpu(file.replace('vitest-', 'cpu-').replace('.json', '.tsv'), top);
  }
}
