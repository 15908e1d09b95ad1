/**
 * What a process spends loading the server before it does anything
 * (src/server/lib/drizzle-resolution.ts): a Node process as the entry points run (tsx as a loader)
 * loads the server's modules, as `src/server/main.ts` does, in alternating rounds with drizzle-orm's
 * files resolved directly and Node's way. Prints the CPU of each process (median of rounds) and the
 * ratio.
 *
 *   npm run bench:process-start -- [--rounds 5]
 */
import { execFile } from 'node:child_process';
import { parseArgs, promisify } from 'node:util';

const { values } = parseArgs({ options: { rounds: { type: 'string', default: '5' } } });
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error('--rounds must be a whole number of at least 1');
  process.exit(2);
}

const LOAD_SERVER = `
  await Promise.all([import('./src/server/app.ts'), import('./src/server/modules/account/admin-bootstrap.ts')]);`;
const VARIANTS = {
  "Node's resolution": LOAD_SERVER,
  'drizzle-orm resolved directly': `
    const { resolveDrizzleFilesDirectly } = await import('./src/server/lib/drizzle-resolution.ts');
    resolveDrizzleFilesDirectly();
    ${LOAD_SERVER}`,
};

/** The CPU (user + system, ms) of a process that runs `code` and exits. */
async function cpuOf(code: string): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, [
    '--import',
    'tsx',
    '--input-type=module',
    '-e',
    `${code}
    const { user, system } = process.cpuUsage();
    console.log((user + system) / 1000);`,
  ]);
  return Number(stdout.trim().split('\n').at(-1));
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const samples = new Map<string, number[]>(Object.keys(VARIANTS).map((name) => [name, []]));
// One process to warm the disk cache and tsx's transform cache, not counted.
await cpuOf(LOAD_SERVER);
for (let round = 0; round < rounds; round++) {
  for (const [name, code] of Object.entries(VARIANTS)) samples.get(name)!.push(await cpuOf(code));
}
console.log(`Loading the server in a new process (node --import tsx), ${rounds} rounds alternating; CPU ms`);
for (const [name, cpu] of samples)
  console.log(
    `${name.padEnd(32)} median ${median(cpu).toFixed(0)}  (${cpu.map((c) => c.toFixed(0)).join(', ')})`,
  );
const [plain, direct] = [...samples.values()].map(median);
console.log(`Node's resolution / direct: ${(plain! / direct!).toFixed(2)}x`);
