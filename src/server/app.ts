import zlib from 'node:zlib';
import compress from '@fastify/compress';
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance, LogController } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { DestinationStream } from 'pino';
import { MAX_IMAGE_BYTES } from '../shared/uploads';
import { registerApiDocs } from './api-docs';
import { type Config, fastifyTrustProxy } from './config';
import type { AppContext } from './context';
import type { Database } from './db/client';
import { openMigratedDatabase } from './db/open-migrated';
import { notificationDeliveryJobs, notificationReplaceJobs } from './delivery';
import { accountMailJobs } from './jobs/account-mail.job';
import { adminPasswordMailJobs } from './jobs/admin-password-mail.job';
import { analyticsForwardJobs } from './jobs/analytics-forward.job';
import { automationsDailyJob, automationsDailyJobs } from './jobs/automations-daily.job';
import { commentNoticeJobs } from './jobs/comment-notice.job';
import { commentReplyNoticeJobs } from './jobs/comment-reply-notice.job';
import { contactMailJobs } from './jobs/contact-mail.job';
import { emailPausedMailJobs } from './jobs/email-paused-mail.job';
import { housekeepingJobs } from './jobs/housekeeping.job';
import { messageNoticeJobs } from './jobs/message-notice.job';
import { operatorInvitationMailJobs } from './jobs/operator-invitation-mail.job';
import { operatorNoticeMailJobs } from './jobs/operator-notice-mail.job';
import { startJobQueue } from './jobs/queue';
import { releaseScheduledJob, releaseScheduledJobs } from './jobs/release-scheduled.job';
import { sweepJobs } from './jobs/sweep.job';
import { webhookDeliveryJobs } from './jobs/webhook-delivery.job';
import { webhookDisabledMailJobs } from './jobs/webhook-disabled-mail.job';
import { welcomeNoticeJobs } from './jobs/welcome-notice.job';
import { setImageConcurrency } from './lib/images';
import { logSerializers } from './lib/log-safety';
import { createMetrics } from './lib/metrics';
import { wellFormed } from './lib/well-formed';
import { createMailer, type Mailer } from './mail/transport';
import { registerMediaFiles } from './media-files';
import { findSessionActor } from './modules/account';
import { apiKeyGate } from './modules/api-keys/api-key-gate';
import { businessPages } from './modules/establishments/business-pages';
import { publicProfileInvalidation } from './modules/establishments/public-profile-cache';
import { accessPlugin } from './plugins/access.plugin';
import { authPlugin } from './plugins/auth.plugin';
import { errorHandlerPlugin } from './plugins/error-handler.plugin';
import { impersonationTrailPlugin } from './plugins/impersonation-trail.plugin';
import { metricsPlugin } from './plugins/metrics.plugin';
import { rateLimitPlugin } from './plugins/rate-limit.plugin';
import { requestLogPlugin } from './plugins/request-log.plugin';
import { securityHeadersPlugin } from './plugins/security-headers.plugin';
import { webAppPlugin } from './plugins/web-app.plugin';
import { createPushRuntime } from './push/push-runtime';
import { registerRoutes } from './routes';

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
  /** Where the logs go (standard output by default); tests read them. */
  logStream?: DestinationStream;
}

/** Every job handler this process can run. */
export const allJobs = (ctx: AppContext) => [
  ...accountMailJobs(ctx),
  ...adminPasswordMailJobs(ctx),
  ...contactMailJobs(ctx),
  ...notificationDeliveryJobs(ctx),
  ...notificationReplaceJobs(ctx),
  ...releaseScheduledJobs(ctx),
  ...sweepJobs(ctx),
  ...housekeepingJobs(ctx),
  ...analyticsForwardJobs(ctx),
  ...commentNoticeJobs(ctx),
  ...commentReplyNoticeJobs(ctx),
  ...operatorNoticeMailJobs(ctx),
  ...messageNoticeJobs(ctx),
  ...welcomeNoticeJobs(ctx),
  ...automationsDailyJobs(ctx),
  ...webhookDeliveryJobs(ctx),
  ...webhookDisabledMailJobs(ctx),
  ...operatorInvitationMailJobs(ctx),
  ...emailPausedMailJobs(ctx),
];

/** Start this process's job workers and the periodic jobs, each on the cron its definition carries. */
export async function startWorkers(ctx: AppContext) {
  const jobs = allJobs(ctx);
  await ctx.jobs.work(jobs);
  for (const job of jobs) {
    if (job.schedule) await ctx.jobs.schedule(job, job.schedule);
  }
  // Once now as well: scheduled sends that fell due while no process ran, and the automations'
  // runs of businesses whose day came meanwhile.
  await ctx.jobs.send(releaseScheduledJob, {});
  await ctx.jobs.send(automationsDailyJob, {});
}

/** The Fastify instance with its logger, limits and timeouts, before any plugin. */
function createServer(config: Config, options: BuildOptions): FastifyInstance {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      // No SQL values in logged errors, no link tokens in logged URLs.
      serializers: logSerializers,
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Requests are logged by requestLogPlugin, as LOG_REQUESTS says.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    // Slow clients: Node checks these every connectionsCheckingInterval, 30 s by
    // default, which would let a socket dribbling its headers live that long whatever the limit.
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.http.headersTimeoutMs),
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // Ids in logs, never in answers.
    genReqId: () => crypto.randomUUID(),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/**
 * The application's context: database, job queue (its queues declared, its workers started when
 * WORKERS says so), mailer and push runtime, each closed with the server.
 */
async function createContext(
  app: FastifyInstance,
  config: Config,
  options: BuildOptions,
): Promise<AppContext> {
  const database = options.database ?? (await openMigratedDatabase(config, app.log));
  const jobs = await startJobQueue(database.sql, app.log, {
    superviseSeconds: config.jobSuperviseSeconds,
    listen: database.listen,
  });
  const mailer = options.mailer ?? createMailer(config, app.log);
  const push = await createPushRuntime(database, config);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    mailer,
    jobs,
    push,
    metrics: createMetrics(),
    log: app.log,
    now: () => new Date(),
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
  return ctx;
}

/** The security headers of every answer: content security policy, HSTS on https, permissions policy. */
async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  // Over plain HTTP (a LAN address, a laptop) "upgrade-insecure-requests" and HSTS would send the
  // browser to an https that does not exist and leave the app blank: only when PUBLIC_URL is https.
  const https = config.publicUrl.startsWith('https:');
  await app.register(securityHeadersPlugin, {
    hsts: https,
    contentSecurityPolicy: {
      directives: {
        upgradeInsecureRequests: https ? [] : null,
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        // blob: the compose card reads a chosen video to take its poster frame.
        mediaSrc: ["'self'", 'blob:'],
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
  // A JSON body's strings as UTF-8 can hold them: a lone surrogate becomes U+FFFD before any handler.
  app.addHook('preValidation', async (request) => {
    if (request.body && typeof request.body === 'object') request.body = wellFormed(request.body);
  });
}

/** Compressed answers, rate limits, uploads and the API docs. */
async function registerTransport(app: FastifyInstance, ctx: AppContext) {
  // Brotli or gzip for JSON, HTML, scripts and styles: a customer opening a business's page from a QR
  // code is usually on a phone network. Already-compressed images are left as they are. Brotli at
  // quality 5, as the light pages: the default (11) took 1.4 s of CPU for the app's 283 KB script on
  // every first visit, against 34 ms at 5 for a file 10 % larger (docs/benchmarks.md).
  await app.register(compress, {
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // Counters in the database, shared by every process (rate-limit.plugin.ts).
  await app.register(rateLimitPlugin, ctx);
  setImageConcurrency(ctx.config.imageConcurrency);
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 10 } });
  await registerApiDocs(app);
}

/** Who is asking and what they may do, before any route. */
async function registerAccess(app: FastifyInstance, ctx: AppContext) {
  // Plugins import no module: sessions and API keys come in as ports (lib/plugin-ports.ts).
  await app.register(authPlugin, {
    ctx,
    sessionActor: (sessionId) => findSessionActor(ctx.db, sessionId),
    apiKeys: apiKeyGate(ctx),
  });
  await app.register(accessPlugin);
  await app.register(impersonationTrailPlugin, ctx);
  // Any write empties this process's cache of public profiles before its answer leaves.
  await app.register(publicProfileInvalidation, ctx);
}

/** Build the HTTP application and its context. Tests call this on PGlite in memory. */
export async function buildApp(
  config: Config,
  options: BuildOptions = {},
): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const app = createServer(config, options);
  const ctx = await createContext(app, config, options);

  await app.register(errorHandlerPlugin);
  await app.register(requestLogPlugin, { mode: config.logRequests });
  await app.register(metricsPlugin, ctx);
  await registerSecurityHeaders(app, config);
  await registerTransport(app, ctx);
  await registerAccess(app, ctx);

  await registerRoutes(app, ctx);
  await registerMediaFiles(app, config.dataDir);

  // The built web app, its pages and the answers for unknown paths.
  await app.register(webAppPlugin, { ctx, businessPages: businessPages(ctx) });

  await app.ready();
  return { app, ctx };
}
