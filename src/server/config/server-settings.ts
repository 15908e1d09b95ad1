import { availableParallelism } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { bool, urlSetting } from './config-error';

/** The process itself: where it listens, its files, its logs and its share of the machine. */
export const serverEnv = {
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  WEB_DIST_DIR: z.string().optional(),
  PUBLIC_URL: urlSetting('https://news.example.com').optional(),
  SUPPORT_EMAIL: z.string().default('support@localhost'),
  ANDROID_APP_URL: z.string().optional(),
  WORKERS: bool.default(true),
  /** A business's public and register pages as light server-rendered HTML; off: the web app's pages. */
  PUBLIC_PAGE_LIGHT: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** One log line per request (all), only for server errors and slow requests (errors), or none (off). */
  LOG_REQUESTS: z.enum(['all', 'errors', 'off']).default('errors'),
  /** Pictures (uploads, QR codes) processed at once in this process. */
  IMAGE_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  EXPORT_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Node's worker thread pool (fs, argon2, sharp); read here only to keep pictures from filling it. */
  UV_THREADPOOL_SIZE: z.coerce.number().int().min(1).optional(),
};

export type ServerEnv = z.output<z.ZodObject<typeof serverEnv>>;

export interface ServerSettings {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  /** The built web app (`vite build` output). */
  webDistDir: string;
  /** Serve /{publicId} and /{publicId}/register as light server-rendered pages (PUBLIC_PAGE_LIGHT). */
  publicPageLight: boolean;
  publicUrl: string;
  supportEmail: string;
  androidAppUrl: string;
  workers: boolean;
  logLevel: string;
  logRequests: 'all' | 'errors' | 'off';
  /** Pictures decoded or drawn at once in this process (lib/images.ts). */
  imageConcurrency: number;
  /** Exports produced at once by this process; more wait in line (modules/exports/export-slots.ts). */
  exportConcurrency: number;
}

/** Where `vite build` puts the web app. */
export const defaultWebDistDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../dist/web',
);

export function serverSettings(env: ServerEnv): ServerSettings {
  // sharp and argon2 and file I/O share Node's thread pool (4 threads unless UV_THREADPOOL_SIZE):
  // pictures get at most half the cores and always leave two threads free, so a sign-in or a file
  // read never queues behind them.
  const imageConcurrency =
    env.IMAGE_CONCURRENCY ??
    Math.max(1, Math.min(Math.floor(availableParallelism() / 2), (env.UV_THREADPOOL_SIZE ?? 4) - 2));
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    webDistDir: env.WEB_DIST_DIR ? path.resolve(env.WEB_DIST_DIR) : defaultWebDistDir,
    publicPageLight: env.PUBLIC_PAGE_LIGHT,
    publicUrl,
    supportEmail: env.SUPPORT_EMAIL,
    // The installable web app is the Android app unless a store listing is configured: its install
    // page offers the browser's install prompt or shows the steps for Android and iPhone.
    androidAppUrl: env.ANDROID_APP_URL || `${publicUrl}/install`,
    workers: env.WORKERS,
    logLevel: env.LOG_LEVEL,
    logRequests: env.LOG_REQUESTS,
    imageConcurrency,
    // Half the cores: the other half keeps answering everyone else while exports run.
    exportConcurrency: env.EXPORT_CONCURRENCY ?? Math.max(1, Math.floor(availableParallelism() / 2)),
  };
}
