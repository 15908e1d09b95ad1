import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { plainPng, pngHeaderOnly } from '../../../tests/support/pictures';
import { ErrorCode } from '../../shared/errors';
import { Msg } from '../../shared/messages';
import { AppError } from './app-error';
import { MAX_IMAGE_PIXELS, setImageConcurrency, toJpeg, withImageSlot } from './images';

const SQUARE = { width: 64, height: 64, fit: 'cover' as const };

/** The AppError toJpeg throws (fails the test when it resolves). */
async function refusal(input: string | Buffer): Promise<AppError> {
  try {
    await toJpeg(input, SQUARE);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected toJpeg to refuse');
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'images-test-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  setImageConcurrency(1);
});

describe('toJpeg', () => {
  it('refuses a picture of more than MAX_IMAGE_PIXELS from its header, before decoding it', async () => {
    // 8000 x 5001 is just over 40 megapixels; its pixel data is garbage, which a decode would hit.
    expect(8000 * 5001).toBeGreaterThan(MAX_IMAGE_PIXELS);
    const over = await refusal(pngHeaderOnly(8000, 5001));
    expect(over.status).toBe(413);
    expect(over.code).toBe(ErrorCode.PAYLOAD_TOO_LARGE);
    expect(over.fields).toEqual({ file: Msg.imageTooManyPixels });
    // The same garbage within the limit is decoded, and fails as unreadable: so the 413 above came
    // from the header alone.
    const under = await refusal(pngHeaderOnly(8000, 5000));
    expect(under.status).toBe(415);
    expect(under.fields).toEqual({ file: Msg.imageInvalid });
  });

  it('refuses a real 7000 x 7000 16-bit PNG (small in bytes) the same way', async () => {
    const png = await plainPng(7000, 7000, 16);
    expect(png.length).toBeLessThan(1024 * 1024);
    const error = await refusal(png);
    expect(error.status).toBe(413);
    expect(error.fields).toEqual({ file: Msg.imageTooManyPixels });
  });

  it('reads a picture from a file path as from bytes', async () => {
    const png = await plainPng(300, 200);
    const file = path.join(dir, 'upload');
    await writeFile(file, png);
    for (const input of [file, png]) {
      const jpeg = await toJpeg(input, SQUARE);
      expect(await sharp(jpeg).metadata()).toMatchObject({ format: 'jpeg', width: 64, height: 64 });
    }
    expect((await refusal(path.join(dir, 'no-such-file'))).status).toBe(415);
  });
});

describe('withImageSlot', () => {
  it('runs at most the configured number of jobs at once, and a failed job frees its slot', async () => {
    setImageConcurrency(2);
    let running = 0;
    let most = 0;
    const job = (fail: boolean) =>
      withImageSlot(async () => {
        running++;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running--;
        if (fail) throw new Error('boom');
        return 'done';
      });
    const results = await Promise.allSettled([true, false, true, false, false, false, true].map(job));
    expect(most).toBe(2);
    expect(results.map((r) => r.status)).toEqual([
      'rejected',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
    ]);
    // Every slot came back: two more jobs still run side by side.
    most = 0;
    await Promise.all([job(false), job(false)]);
    expect(most).toBe(2);
  });

  it('gives waiting jobs the new slots when the limit is raised', async () => {
    setImageConcurrency(1);
    let running = 0;
    let most = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const jobs = Array.from({ length: 3 }, () =>
      withImageSlot(async () => {
        running++;
        most = Math.max(most, running);
        await gate;
        running--;
      }),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(running).toBe(1);
    setImageConcurrency(3);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(running).toBe(3);
    release();
    await Promise.all(jobs);
    expect(most).toBe(3);
  });
});
