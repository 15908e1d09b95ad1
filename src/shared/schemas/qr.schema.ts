import { z } from 'zod';

/** The sizes a QR code PNG is drawn at (pixels a side): the web app asks for 512 (default) and 1024. */
export const QR_SIZES = [256, 512, 1024, 2048] as const;
export type QrSize = (typeof QR_SIZES)[number];
export const QR_SIZE_MESSAGE = `Size must be one of ${QR_SIZES.join(', ')}.`;

/** The QR route's query: format, one of QR_SIZES, and whether to answer as a download. */
export const QrQuerySchema = z.object({
  format: z.enum(['svg', 'png']).default('svg'),
  size: z
    .enum(QR_SIZES.map(String) as [string, ...string[]], { error: QR_SIZE_MESSAGE })
    .default('512')
    .transform((v) => Number(v) as QrSize),
  download: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
  /** The visit source the encoded address carries (?src=): the share card's code, or the printed poster's. */
  source: z.enum(['qr', 'poster'], { error: 'Source must be qr or poster.' }).default('qr'),
});
