import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const api = 'http://localhost:3000';

/** The service worker's source; it is served and built as `/sw.js` (src/web/lib/service-worker.ts registers it). */
const swEntry = fileURLToPath(new URL('./src/web/sw/sw.ts', import.meta.url));

/** src/web/sw/sw.ts bundled as one classic script (no imports: a service worker registered without `type: 'module'`). */
async function bundleServiceWorker(minify: boolean): Promise<string> {
  const result = await build({
    configFile: false,
    envDir: false,
    logLevel: 'warn',
    publicDir: false,
    root: fileURLToPath(new URL('./src/web/sw/', import.meta.url)),
    build: {
      write: false,
      emptyOutDir: false,
      minify,
      sourcemap: false,
      lib: { entry: swEntry, formats: ['iife'], name: 'serviceWorker', fileName: () => 'sw.js' },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]).flatMap((r) => ('output' in r ? r.output : []));
  const chunk = outputs.find((file) => file.type === 'chunk' && file.isEntry);
  if (chunk?.type !== 'chunk') throw new Error('The service worker build produced no script');
  return chunk.code;
}

/** `/sw.js` at the site root, from TypeScript: written by `vite build`, served by `vite` (dev). */
function serviceWorker(): Plugin {
  let minify = true;
  return {
    name: 'broadcast:service-worker',
    configResolved(config) {
      minify = config.build.minify !== false;
    },
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split('?')[0] !== '/sw.js') return next();
        bundleServiceWorker(false).then((code) => {
          res.setHeader('content-type', 'text/javascript; charset=utf-8');
          res.setHeader('cache-control', 'no-cache');
          res.end(code);
        }, next);
      });
    },
    buildStart() {
      this.addWatchFile(swEntry);
    },
    async generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'sw.js', source: await bundleServiceWorker(minify) });
    },
  };
}

export default defineConfig(({ mode }) => ({
  root: 'src/web',
  publicDir: 'public',
  plugins: [
    react(),
    serviceWorker(),
    // Each file also as .br (brotli at its best) and .gz, made once here: the server sends them as
    // they are (web-app.plugin.ts), instead of compressing every script for every visitor.
    compression({
      include: /\.(js|css|svg|json|webmanifest|txt)$/,
      exclude: /^\.vite\//,
      threshold: 1024,
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      logLevel: 'silent',
    }),
  ],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    // `npm run build` is a production build: no source maps (they would publish our sources as
    // written). `vite build --mode development` keeps them for debugging a build.
    sourcemap: mode !== 'production',
    chunkSizeWarningLimit: 900,
    // The server reads the light public pages' script name from the manifest (light-assets.ts).
    manifest: true,
    rollupOptions: {
      input: {
        app: fileURLToPath(new URL('./src/web/index.html', import.meta.url)),
        light: fileURLToPath(new URL('./src/web/light/public-page.ts', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': api, '/image': api, '/notifications': api },
  },
}));
