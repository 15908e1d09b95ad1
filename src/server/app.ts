import { existsSync } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { ErrorCode } from '../shared/errors';
import { Msg } from '../shared/messages';
import { MAX_IMAGE_BYTES } from '../shared/uploads';
import type { Config } from './config';
import type { AppContext } from './context';
import { type Database, openDatabase } from './db/client';
import { accountMailJobs } from './jobs/account-mail.job';
import { expireSubscriptionsJob, notificationDeliveryJobs } from './jobs/notification-delivery.job';
import { startJobQueue } from './jobs/queue';
import { sweepJob, sweepJobs } from './jobs/sweep.job';
import { createMetrics } from './lib/metrics';
import { createMailer, type Mailer } from './mail/transport';
import { accountRoutes } from './modules/account/account.routes';
import { establishmentRoutes } from './modules/establishments/establishments.routes';
import { publicPageHtml } from './modules/establishments/public-page-meta';
import { userManagementRoutes } from './modules/management/users.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { authPlugin } from './plugins/auth.plugin';
import { errorHandlerPlugin } from './plugins/error-handler.plugin';
import { healthRoutes } from './plugins/health.plugin';
import { metricsRoutes } from './plugins/metrics.plugin';
import { createPushRuntime } from './push/push-runtime';

const PERMISSIONS_POLICY = [
  'camera=()',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'interest-cohort=()',
].join(', ');

export interface BuildOptions {
  /** An open database; by default one is opened from the config and migrated. */
  database?: Database;
  mailer?: Mailer;
}

/** Every job handler this process can run. */
export const allJobs = (ctx: AppContext) => [
  ...accountMailJobs(ctx),
  ...notificationDeliveryJobs(ctx),
  ...sweepJobs(ctx),
];

/** Start this process's job workers and the periodic jobs. */
export async function startWorkers(ctx: AppContext) {
  await ctx.jobs.work(allJobs(ctx));
  // Daily at 04:17: subscriptions the browser ended or that were not seen for long.
  await ctx.jobs.schedule(expireSubscriptionsJob, '17 4 * * *');
  // Every minute: work whose job is gone (see sweep.job.ts).
  await ctx.jobs.schedule(sweepJob, '* * * * *');
}

/** Build the HTTP application and its context. Tests call this on PGlite in memory. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = Fastify({
    logger: { level: config.logLevel, redact: ['req.headers.authorization', 'req.headers.cookie'] },
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // Ids in logs, never in answers.
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const database = options.database ?? (await openDatabase(config.databaseUrl, config.dataDir));
  if (!options.database) await database.migrate();
  const jobs = await startJobQueue(database.sql, app.log, { superviseSeconds: config.jobSuperviseSeconds });
  const mailer = options.mailer ?? createMailer(config, app.log);
  const push = await createPushRuntime(database.db, config);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer,
    jobs,
    push,
    metrics: createMetrics(),
    log: app.log,
  };
  // Every queue exists before any request runs: jobs are queued inside transactions (the outbox).
  await jobs.declare(allJobs(ctx));
  if (config.workers) await startWorkers(ctx);

  app.addHook('onClose', async () => {
    await jobs.stop();
    await push.close();
    mailer.close();
    if (!options.database) await database.close();
  });

  await app.register(errorHandlerPlugin);
  // Over plain HTTP (a LAN address, a laptop) "upgrade-insecure-requests" and HSTS would send the
  // browser to an https that does not exist and leave the app blank: only when PUBLIC_URL is https.
  const https = config.publicUrl.startsWith('https:');
  await app.register(helmet, {
    hsts: https,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: https ? [] : null,
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // MUI's emotion injects style elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // No page of ours uses these powerful features; an injected script or frame cannot either.
  app.addHook('onSend', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
  // Brotli or gzip for JSON, HTML, scripts and styles: a customer opening a business's page from a QR
  // code is usually on a phone network. Already-compressed images are left as they are.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(rateLimit, { global: false });
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10 } });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Broadcast API',
        version: '1.0.0',
        description: 'Notification broadcast service for businesses.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  await app.register(authPlugin, ctx);

  await app.register(async (scope) => accountRoutes(scope, ctx));
  await app.register(async (scope) => establishmentRoutes(scope, ctx));
  await app.register(async (scope) => userManagementRoutes(scope, ctx));
  await app.register(async (scope) => notificationRoutes(scope, ctx));
  await app.register(async (scope) => metricsRoutes(scope, ctx));
  await app.register(async (scope) => healthRoutes(scope, ctx));

  // Pictures: names are random and never reused, so they can be cached for good.
  for (const folder of ['logo', 'cover', 'gallery', 'post']) {
    const root = path.join(config.dataDir, 'media', folder);
    await mkdir(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: `/image/${folder}/`,
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      index: false,
    });
  }

  const { webDistDir } = config;
  const hasWebApp = existsSync(path.join(webDistDir, 'index.html'));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // Built assets carry a content hash in their name; everything else must be revalidated.
      setHeaders: (res, filePath) => {
        const hashed = filePath.startsWith(path.join(webDistDir, 'assets'));
        res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  const indexHtml = hasWebApp ? await readFile(path.join(webDistDir, 'index.html'), 'utf8') : '';
  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url;
    const isPage = request.method === 'GET' && !url.startsWith('/api/') && !url.startsWith('/image/');
    if (isPage && hasWebApp) {
      // The web app routes in the browser; index.html must never be cached stale. A business's
      // public page gets its own title and preview tags.
      const html = (await publicPageHtml(ctx, indexHtml, url)) ?? indexHtml;
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    if (isPage)
      return reply.status(503).type('text/plain').send('The web app is not built: run `npm run build`.');
    return reply.status(404).send({ error: Msg.notFound, code: ErrorCode.NOT_FOUND });
  });

  await app.ready();
  return { app, ctx };
}
