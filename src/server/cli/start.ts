import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defaultWebDistDir } from '../config';

/**
 * `npm start`: starts the server on the built web app (`npm run build`, dist/web). Builds it once
 * first only when it is missing and vite (a development dependency) is installed, as after
 * `npm install` on a fresh clone; a production install (`npm ci --omit=dev`) must ship the build.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const webDistDir = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : defaultWebDistDir;

if (!existsSync(path.join(webDistDir, 'index.html'))) {
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  if (process.env.WEB_DIST_DIR || !existsSync(vite)) {
    console.error(
      `The web app is not built: ${path.join(webDistDir, 'index.html')} is missing.\n` +
        'Run `npm run build` (it needs the development dependencies: `npm install` or `npm ci`) ' +
        'and start again; a production install (`npm ci --omit=dev`) starts from that build.',
    );
    process.exit(1);
  }
  console.log('The web app is not built yet: building it once (npm run build)...');
  const build = spawnSync(process.execPath, [vite, 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    console.error('Building the web app failed (see above): fix it, or run `npm run build` to retry.');
    process.exit(1);
  }
}

await import('../main');
