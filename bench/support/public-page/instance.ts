import { access, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { createAdmin } from '../../../src/server/modules/account/admin-bootstrap';

/** The business every instance shows. */
export const BUSINESS_NAME = 'Café Benchmark';

/** Random values on a grid of `cell`-pixel cells, smoothly enlarged to width x height. */
async function noise(width: number, height: number, cell: number, channels: 1 | 3, seed: number) {
  const [w, h] = [Math.ceil(width / cell), Math.ceil(height / cell)];
  const small = Buffer.alloc(w * h * channels);
  let random = seed;
  for (let i = 0; i < small.length; i++) {
    random = (random * 1103515245 + 12345) & 0x7fffffff;
    small[i] = random >> 23;
  }
  return sharp(small, { raw: { width: w, height: h, channels } })
    .resize(width, height, { kernel: 'cubic', fit: 'fill' })
    .raw()
    .toBuffer();
}

/**
 * A phone photo stand-in: colour patches with grain and texture at several scales, so that it weighs
 * what a photo does at every size the server makes of it (2400x1200: ~0.9 MB JPEG; 800 px wide WebP:
 * ~35 KB). A flat or merely noisy picture would shrink to almost nothing once scaled down.
 */
async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const colour = await Promise.all([
    noise(width, height, 400, 3, seed),
    noise(width, height, 90, 3, seed + 1),
  ]);
  const light = await Promise.all([3, 10, 35].map((cell, i) => noise(width, height, cell, 1, seed + 2 + i)));
  const pixels = Buffer.alloc(width * height * 3);
  for (let p = 0; p < width * height; p++) {
    const texture = (light[0]![p]! * 0.3 + light[1]![p]! * 0.35 + light[2]![p]! * 0.35 - 128) * 2;
    for (let c = 0; c < 3; c++) {
      const i = p * 3 + c;
      const base = (colour[0]![i]! * 0.7 + colour[1]![i]! * 0.3 - 128) * 1.8 + 128;
      pixels[i] = Math.max(0, Math.min(255, base + texture));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The pictures uploaded to every instance, made once: a cover, a logo and three gallery photos. */
export async function makePhotos() {
  const [cover, logo, ...gallery] = await Promise.all([
    photo(2400, 1200, 11),
    photo(1200, 1200, 22),
    photo(2400, 1200, 33),
    photo(2400, 1200, 44),
    photo(2400, 1200, 55),
  ]);
  return { cover: cover!, logo: logo!, gallery };
}
export type Photos = Awaited<ReturnType<typeof makePhotos>>;

/**
 * The real app on `port` (fresh in-memory PGlite, fresh data dir, no job workers) with one business
 * seeded over its HTTP API: profile with subheader and contacts, cover, logo and three gallery photos.
 */
export async function startInstance(port: number, env: Record<string, string>, photos: Photos) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bench-public-page-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    DATA_DIR: dataDir,
    DATABASE_URL: 'memory://',
    LOG_LEVEL: 'error', // not every throttled request's "slow request" warning
    WORKERS: 'false',
    // Dozens of page loads from one IP within a minute: keep the per-IP limits out of the figures.
    RATE_LIMIT_PUBLIC_PER_MINUTE: '100000',
    RATE_LIMIT_PAGEVIEWS_PER_MINUTE: '100000',
    ...env,
  });
  const indexHtml = path.join(config.webDistDir, 'index.html');
  if (
    !(await access(indexHtml).then(
      () => true,
      () => false,
    ))
  ) {
    await rm(dataDir, { recursive: true, force: true });
    throw new MissingWebBuild(indexHtml);
  }
  const { app, ctx } = await buildApp(config);
  const close = async () => {
    await app.close();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await app.listen({ port, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${port}`;
    await createAdmin(ctx.db, { email: 'bench@bench.test', password: 'bench-password' });

    const send = async (url: string, body: unknown, token?: string) => {
      const form = body instanceof FormData;
      const res = await fetch(base + url, {
        method: 'POST',
        headers: {
          ...(form ? {} : { 'content-type': 'application/json' }),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
        body: form ? body : JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`POST ${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as Record<string, unknown>;
    };
    const picture = (image: Buffer, caption?: string) => {
      const form = new FormData();
      if (caption !== undefined) form.append('caption', caption);
      form.append('file', new Blob([new Uint8Array(image)], { type: 'image/jpeg' }), 'photo.jpg');
      return form;
    };

    const { accessToken } = await send('/api/account/login', {
      email: 'bench@bench.test',
      password: 'bench-password',
    });
    const token = accessToken as string;
    const { establishment } = await send(
      '/api/establishments',
      {
        name: BUSINESS_NAME,
        subheader: 'Specialty coffee, fresh pastries and a sunny terrace in the old town',
        email: 'cafe@bench.test',
        phone: '+421 900 000 000',
        website: 'https://cafe-benchmark.example',
        address1: 'Hlavná 1',
        city: 'Bratislava',
        state: 'BA',
        zip: '81101',
        country: 'Slovakia',
        businessId: '1',
        taxId: '2',
        vatNumber: '3',
      },
      token,
    );
    const { id, publicId } = establishment as { id: string; publicId: string };
    await send(`/api/establishments/${id}/cover`, picture(photos.cover), token);
    await send(`/api/establishments/${id}/logo`, picture(photos.logo), token);
    for (const [i, image] of photos.gallery.entries()) {
      await send(`/api/establishments/${id}/gallery`, picture(image, `Our terrace, picture ${i + 1}`), token);
    }
    return {
      pages: { public: `${base}/${publicId}`, register: `${base}/${publicId}/register` },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
export type Instance = Awaited<ReturnType<typeof startInstance>>;

export class MissingWebBuild extends Error {
  constructor(indexHtml: string) {
    super(`${indexHtml} is missing: run \`npm run build:web\` first.`);
  }
}
