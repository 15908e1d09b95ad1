import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import QRCode from 'qrcode';
import sharp from 'sharp';
import type { QrSize } from '../../../shared/schemas/qr.schema';
import { withImageSlot } from '../../lib/images';

// The query and sizes are shared with the web app, which builds the QR code's address from them.
export {
  QR_SIZE_MESSAGE,
  QR_SIZES,
  QrQuerySchema,
  type QrSize,
} from '../../../shared/schemas/qr.schema';

const OPTIONS = { errorCorrectionLevel: 'M', margin: 2 } as const;

/** Drawings in progress in this process, so a burst of requests for a new code draws it once. */
const drawing = new Map<string, Promise<Buffer>>();

/**
 * Draw a code: the SVG is a few milliseconds of string building; the PNG is rasterized from it by
 * sharp on a worker thread within the image slots (drawing a 2048 px PNG in JavaScript blocked the
 * event loop for every other request meanwhile).
 */
async function draw(url: string, format: 'svg' | 'png', size: QrSize): Promise<Buffer> {
  const svg = await QRCode.toString(url, { ...OPTIONS, type: 'svg', width: size });
  if (format === 'svg') return Buffer.from(svg);
  // crispEdges in the SVG: pure black and white modules, stored as a 1-bit palette PNG.
  return withImageSlot(() =>
    sharp(Buffer.from(svg)).greyscale().png({ palette: true, colours: 2, compressionLevel: 9 }).toBuffer(),
  );
}

/**
 * The QR code of `url` (a public page's address) as SVG or PNG of `size`, drawn once and kept under
 * DATA_DIR/qr, where every process sharing DATA_DIR finds it. The file is named by a hash of the
 * address, so a new public id (or PUBLIC_URL) is a new code, never a stale one.
 */
export async function qrCode(
  dataDir: string,
  url: string,
  format: 'svg' | 'png',
  size: QrSize,
): Promise<Buffer> {
  const hash = createHash('sha256').update(url).digest('base64url').slice(0, 32);
  const file = path.join(dataDir, 'qr', `${hash}-${size}.${format}`);
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
  }
  let pending = drawing.get(file);
  if (!pending) {
    pending = (async () => {
      const bytes = await draw(url, format, size);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside then renamed: another process reading it never sees half a file.
      const temporary = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(temporary, bytes);
        await rename(temporary, file);
      } finally {
        await rm(temporary, { force: true });
      }
      return bytes;
    })().finally(() => drawing.delete(file));
    drawing.set(file, pending);
  }
  return pending;
}
