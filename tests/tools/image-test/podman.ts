import { execFile, spawnSync } from 'node:child_process';

/** podman's global flags here: runc when it is installed (crun refuses some kernels' cgroup layouts). */
export function runtimeFlags(): string[] {
  return spawnSync('runc', ['--version']).status === 0 ? ['--runtime', 'runc'] : [];
}

/** For `build` and `run`: the host's network (its loopback's SMTP sink and PostgreSQL) and limits a small machine allows. */
export function runFlags(): string[] {
  return ['--network', 'host', '--ulimit', 'nofile=20000:20000', '--ulimit', 'nproc=20000:20000'];
}

/** Run podman; its output is returned, and printed only when it fails (with quietUnlessFailed, the end of it). */
export function podman(args: string[], options: { quietUnlessFailed?: boolean } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('podman', args, { maxBuffer: 256 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (!error) return resolve(stdout.trim());
      const output = `${stdout}\n${stderr}`.trim();
      const shown = options.quietUnlessFailed ? output.split('\n').slice(-60).join('\n') : output;
      reject(new Error(`podman ${args.slice(0, 3).join(' ')} ... failed:\n${shown}`));
    });
  });
}

export const podmanOutput = (args: string[]) => podman(args);

export const podmanRun = (args: string[]) => podman([...runtimeFlags(), 'run', ...runFlags(), ...args]);
