import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { parseSizedRequest, sizedImage } from './lib/image-variants';

/** The files served under /file/post/: a random name and the PDF's or video's own extension. */
const POST_FILE_PATH = /^\/?[0-9a-f-]{36}\.(pdf|mp4|webm)$/;
const POST_FILE_CSP = "default-src 'none'; object-src 'self'; media-src 'self'; frame-ancestors 'self'";

/** Pictures, a post's PDF or video, and pictures at the widths a phone needs, from DATA_DIR/media. */
export async function registerMediaFiles(app: FastifyInstance, dataDir: string) {
  // Pictures: names are random and never reused, so they can be cached for good.
  for (const folder of ['logo', 'cover', 'gallery', 'post']) {
    const root = path.join(dataDir, 'media', folder);
    await mkdir(root, { recursive: true });
    await app.register(fastifyStatic, {
      root,
      prefix: `/image/${folder}/`,
      decorateReply: false,
      immutable: true,
      maxAge: '365d',
      index: false,
      // A post's PDF or video lies beside its picture: it is served under /file/ only.
      allowedPath: (pathName) => !POST_FILE_PATH.test(pathName),
    });
  }

  // A post's PDF or video, by range: a phone seeks in a video without fetching it whole.
  await app.register(fastifyStatic, {
    root: path.join(dataDir, 'media', 'post'),
    prefix: '/file/post/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    index: false,
    acceptRanges: true,
    allowedPath: (pathName) => POST_FILE_PATH.test(pathName),
    setHeaders: (response) => {
      // Opened on its own (a PDF in the browser's viewer): nothing in it may load or run anything else.
      response.header('content-security-policy', POST_FILE_CSP);
    },
  });

  // Pictures at the widths a phone needs, as WebP (the light public page's srcset).
  app.get<{ Params: { folder: string; file: string } }>(
    '/image/sized/:folder/:file',
    // A file route, like the pictures above: not part of the API's documentation.
    { schema: { hide: true } },
    async (request, reply) => {
      const sized = parseSizedRequest(request.params.folder, request.params.file);
      const webp = sized && (await sizedImage(dataDir, sized.folder, sized.name, sized.width));
      if (!webp) return reply.status(404).type('text/plain; charset=utf-8').send('Not found');
      return reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .type('image/webp')
        .send(webp);
    },
  );
}
