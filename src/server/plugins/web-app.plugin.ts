import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ErrorCode } from '../../shared/errors';
import { Msg } from '../../shared/messages';
import { isEstablishmentRoute, matchWebRoute, type WebRoute } from '../../shared/web-routes';
import type { AppContext } from '../context';
import type { BusinessPagesOf } from '../lib/plugin-ports';
import { labelRoute } from './metrics.plugin';
import { pagesPerIp } from './rate-limit.plugin';

/** Paths of files, never of pages: a missing one is a plain 404, not the web app. */
const FILE_PREFIXES = ['/assets/', '/image/', '/icons/'];
const looksLikeFile = (pathname: string) =>
  FILE_PREFIXES.some((prefix) => pathname.startsWith(prefix)) || /\.[^/]*$/.test(pathname);

/**
 * The built web app (`npm run build`, WEB_DIST_DIR): its files as they are, and index.html for the
 * paths its router shows a page for (src/shared/web-routes.ts). Answers for every other path:
 *   - /api/... and methods other than GET and HEAD: 404 in JSON, as the API answers;
 *   - a path that names a file (/foo.php, /assets/missing.js, a missing picture): 404 in plain text;
 *   - any other path (/healthz, /app/no/such/screen, a business that does not exist): index.html
 *     with 404, so a browser shows the web app's own not-found page and a crawler or a probe sees 404.
 * A business's page (/{publicId}, /{publicId}/register) carries its title and preview tags. No
 * source maps are served in production. HEAD works wherever GET does. A business's pages come
 * from the establishments module, through the port app.ts passes in.
 */
export const webAppPlugin = fp(
  async (app: FastifyInstance, options: { ctx: AppContext; businessPages: BusinessPagesOf }) => {
    const { ctx } = options;
    const { webDistDir } = ctx.config;
    const hasWebApp = existsSync(path.join(webDistDir, 'index.html'));
    if (hasWebApp) {
      await app.register(async (scope) => {
        scope.addHook('onRequest', async (request) => labelRoute(request, '(web app file)'));
        await scope.register(fastifyStatic, {
          root: webDistDir,
          prefix: '/',
          wildcard: false,
          index: false,
          // The build's .br and .gz of a file (vite.config.ts) go as they are to a browser that takes
          // them; @fastify/compress compresses only a file that has none.
          preCompressed: true,
          // Source maps show our sources as written: not served in production (the build makes none
          // there either; this holds for a build made with them).
          ...(ctx.config.env === 'production' ? { globIgnore: ['**/*.map'] } : {}),
          // Built assets carry a content hash in their name; everything else must be revalidated.
          setHeaders: (res, filePath) => {
            const hashed = filePath.startsWith(path.join(webDistDir, 'assets'));
            res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
          },
        });
      });
    }
    const indexHtml = hasWebApp ? await readFile(path.join(webDistDir, 'index.html'), 'utf8') : '';
    const businesses = hasWebApp ? options.businessPages({ webDistDir, indexHtml }) : undefined;

    /** The web app's route for this path, with a business's page when it is one; undefined: none. */
    async function pageFor(
      request: FastifyRequest,
      pathname: string,
    ): Promise<{ route: WebRoute; html?: string } | undefined> {
      const match = matchWebRoute(pathname);
      if (!match || !isEstablishmentRoute(match.route) || !businesses) return match && { route: match.route };
      const establishmentId = match.params.establishmentId ?? '';
      if (match.route === '/:establishmentId' || match.route === '/:establishmentId/register') {
        const page = match.route === '/:establishmentId' ? 'profile' : 'register';
        const html = await businesses.html(request, page, establishmentId, pathname);
        if (html) return { route: match.route, html };
      }
      // Blocked: the page says so (200). Unknown or deleted: not a page.
      return (await businesses.exists(establishmentId)) ? { route: match.route } : undefined;
    }

    // Per IP, as the public profile API: a business's page reads the database (rate-limit.plugin.ts).
    app.setNotFoundHandler({ preHandler: app.rateLimit(pagesPerIp(ctx)) }, async (request, reply) => {
      const pathname = request.url.split('?')[0] ?? '/';
      const readOnly = request.method === 'GET' || request.method === 'HEAD';
      if (!readOnly || pathname === '/api' || pathname.startsWith('/api/')) {
        return reply.status(404).send({ error: Msg.notFound, code: ErrorCode.NOT_FOUND });
      }
      if (looksLikeFile(pathname))
        return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      if (!hasWebApp) {
        return reply
          .status(503)
          .type('text/plain; charset=utf-8')
          .send('The web app is not built: run `npm run build`.');
      }
      const page = await pageFor(request, pathname);
      if (page) labelRoute(request, page.route);
      // The web app routes in the browser; index.html must never be cached stale.
      reply
        .status(page && page.route !== '/404' ? 200 : 404)
        .header('cache-control', 'no-cache')
        // A light page is in the visitor's language and has no banner once they consented.
        .header('vary', 'Accept-Encoding, Accept-Language, Cookie')
        .type('text/html; charset=utf-8');
      return sendCompressed(request, reply, page?.html ?? indexHtml);
    });
  },
);

/**
 * @fastify/compress hooks routes only, and these pages come from the not-found handler: brotli or
 * gzip here (a light page's HTML shrinks to a fraction of its size, which counts on a phone network).
 */
function sendCompressed(request: FastifyRequest, reply: FastifyReply, body: string) {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (body.length < 1024) return reply.send(body);
  if (/\bbr\b/.test(accepted)) {
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 };
    return reply.header('content-encoding', 'br').send(zlib.brotliCompressSync(body, { params }));
  }
  if (/\bgzip\b/.test(accepted)) return reply.header('content-encoding', 'gzip').send(zlib.gzipSync(body));
  return reply.send(body);
}
