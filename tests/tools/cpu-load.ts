/**
 * A CPU load beside the test suite, to find the tests that depend on timing: it keeps `--threads`
 * cores busy (default 1, "a second CPU load" on a 2-core machine) until it is stopped or
 * `--seconds` have passed. `npm run test:load &`, then run the suite; `kill %1` stops it.
 */
import { parseArgs } from 'node:util';
import { Worker } from 'node:worker_threads';

// Busy work the optimizer cannot drop: a running sum that is read back now and then.
const spin = `
  let sum = 0;
  for (;;) {
    for (let i = 0; i < 1e7; i++) sum = (sum + i * i) % 1000003;
    if (sum < 0) console.log(sum);
  }
`;

const { values } = parseArgs({
  options: { threads: { type: 'string', default: '1' }, seconds: { type: 'string', default: '0' } },
});
const threads = Math.max(1, Number(values.threads));
const seconds = Number(values.seconds);
const workers = Array.from({ length: threads }, () => new Worker(spin, { eval: true }));
console.log(`cpu-load: ${threads} busy thread(s)${seconds > 0 ? ` for ${seconds} s` : ' until stopped'}`);

function stop() {
  for (const worker of workers) void worker.terminate();
  process.exit(0);
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
if (seconds > 0) setTimeout(stop, seconds * 1000);
