import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG whose header says width x height (8-bit RGB) but whose pixel data is garbage: reading the
 * header works, decoding fails. An answer about its size proves the pixels were never decoded.
 */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from('these are not pixels'))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A real PNG of one colour: any number of pixels in a few kilobytes. */
export function plainPng(width: number, height: number, bits: 8 | 16 = 8): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } });
  return (bits === 16 ? image.toColourspace('rgb16') : image).png({ compressionLevel: 9 }).toBuffer();
}
