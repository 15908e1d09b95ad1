/**
 * The CPU each test file costs, for `npm run test:timings`: the worker's own (its files run one
 * at a time in it) and that of the processes the file started and saw end (servers, commands),
 * appended as a line to the report vitest.config.ts names in TEST_CPU_REPORT. The suite is bound
 * by CPU on two cores, so this, not a file's time from start to end, says where to cut.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { afterAll, beforeAll, expect } from 'vitest';

/** CPU of this process's ended children, ms (Linux: /proc; elsewhere not counted). */
function childrenCpuMs(): number {
  if (!existsSync('/proc/self/stat')) return 0;
  // Fields after the command's closing parenthesis; cutime and cstime are the 14th and 15th, in ticks.
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[13]) + Number(fields[14])) * 10;
}

const report = process.env.TEST_CPU_REPORT;
if (report) {
  let start = { own: process.cpuUsage(), children: 0, at: 0 };
  beforeAll(() => {
    start = { own: process.cpuUsage(), children: childrenCpuMs(), at: performance.now() };
  });
  afterAll(() => {
    const own = process.cpuUsage(start.own);
    const file = relative(process.cwd(), expect.getState().testPath ?? 'unknown');
    const ownMs = Math.round((own.user + own.system) / 1000);
    const wallMs = Math.round(performance.now() - start.at);
    appendFileSync(report, `${file}\t${ownMs}\t${childrenCpuMs() - start.children}\t${wallMs}\n`);
  });
}
