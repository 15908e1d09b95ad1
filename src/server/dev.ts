import { spawn } from 'node:child_process';

/** `npm run dev`: the API (restarting on change) on :3000 and the web app with hot reload on :5173. */
const children = [
  spawn('tsx', ['watch', '--clear-screen=false', 'src/server/main.ts'], { stdio: 'inherit' }),
  spawn('vite', [], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
