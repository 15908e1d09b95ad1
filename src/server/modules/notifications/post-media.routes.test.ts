import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Session } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import { multipart } from '../../../../tests/support/multipart';
import {
  a,
  business,
  call,
  device,
  finished,
  messagesTo,
  sendOk,
  setupNotificationsApp,
  t,
} from '../../../../tests/support/notifications-api';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Media } from '../../../shared/schemas/notification.schema';

setupNotificationsApp();

const fixture = (name: string) =>
  readFile(path.join(import.meta.dirname, '../../../../tests/fixtures/media', name));

/** POST /api/establishments/{id}/media with these parts, as the compose card sends them. */
function upload(
  user: Session,
  establishmentId: string,
  parts: { name: string; bytes: Uint8Array; filename: string; type: string }[],
) {
  return multipart(
    parts.map((p) => ({ name: p.name, value: new Blob([p.bytes], { type: p.type }), filename: p.filename })),
  ).then((body) =>
    t.request({
      method: 'POST',
      url: `/api/establishments/${establishmentId}/media`,
      token: user.token,
      ...body,
    }),
  );
}

/** What the business's posts have stored: pictures, PDFs and videos. */
const storedPostFiles = () => readdir(path.join(t.ctx.config.dataDir, 'media', 'post')).catch(() => []);

const file = (bytes: Uint8Array, filename: string, type: string) => ({ name: 'file', bytes, filename, type });

describe('menus and short videos in posts', () => {
  it('a PDF menu: its first page becomes the picture, the file is served with range requests, the post carries both', async () => {
    const { establishment, client } = await business('Menu Bistro');
    const follower = await a.followerOf(establishment.id);
    const phone = await device(follower);
    const pdf = await fixture('menu.pdf');
    const res = await upload(client, establishment.id, [file(pdf, 'menu.pdf', 'application/pdf')]);
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json<{ media: Media }>().media;
    expect(media).toMatchObject({
      kind: 'pdf',
      url: `/image/post/${media.id}.jpeg`,
      fileUrl: `/file/post/${media.id}.pdf`,
      fileBytes: pdf.length,
      durationSeconds: null,
    });
    // An A4/Letter page, portrait.
    expect(media.height).toBeGreaterThan(media.width);

    const page = await call('GET', media.url);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('image/jpeg');

    const whole = await call('GET', media.fileUrl!);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('application/pdf');
    expect(whole.rawPayload.equals(pdf)).toBe(true);
    const part = await t.request({ method: 'GET', url: media.fileUrl!, headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-7/${pdf.length}`);
    expect(part.body).toBe('%PDF-1.4');
    // The picture's folder does not serve the file, nor the file's the picture.
    expect((await call('GET', `/image/post/${media.id}.pdf`)).statusCode).toBe(404);
    expect((await call('GET', `/file/post/${media.id}.jpeg`)).statusCode).toBe(404);

    const post = await sendOk(client, establishment.id, {
      text: 'The Friday menu',
      mediaId: media.id,
      post: true,
    });
    expect(post.media).toEqual(media);
    await finished(client, post.id);
    // The phone shows the first page; a tap opens the post, where the file is.
    expect(messagesTo(phone)[0]).toMatchObject({ image: media.url });
    const feed = await call(
      'GET',
      `/api/establishments/${establishment.id}/posts`,
      undefined,
      follower.token,
    );
    expect(feed.json<{ items: { media: Media }[] }>().items[0]!.media).toEqual(media);
  });

  it('a PDF that is not one, or is damaged, is refused on the field and nothing is stored', async () => {
    const { establishment, client } = await business('Broken Menu Bar');
    const before = await storedPostFiles();
    const fake = Buffer.from('%PDF-1.7\nthis is not a PDF at all\n%%EOF\n');
    expectError(
      await upload(client, establishment.id, [file(fake, 'menu.pdf', 'application/pdf')]),
      415,
      ErrorCode.UNSUPPORTED_MEDIA,
      { file: Msg.pdfInvalid },
    );
    const pdf = await fixture('menu.pdf');
    const cut = pdf.subarray(0, Math.floor(pdf.length / 3));
    expectError(
      await upload(client, establishment.id, [file(cut, 'menu.pdf', 'application/pdf')]),
      415,
      ErrorCode.UNSUPPORTED_MEDIA,
      {
        file: Msg.pdfInvalid,
      },
    );
    // A text file named .pdf is not read as one: its content decides.
    expectError(
      await upload(client, establishment.id, [file(Buffer.from('Soup 4.50'), 'menu.pdf', 'application/pdf')]),
      415,
      ErrorCode.UNSUPPORTED_MEDIA,
      { file: Msg.postMediaInvalid },
    );
    const over = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(10 * 1024 * 1024)]);
    expectError(
      await upload(client, establishment.id, [file(over, 'big.pdf', 'application/pdf')]),
      413,
      ErrorCode.PAYLOAD_TOO_LARGE,
      {
        file: Msg.pdfTooLarge,
      },
    );
    expect(await storedPostFiles()).toEqual(before);
  });

  it('a short MP4 with the poster frame the browser took: played from the file, by range, the poster as the picture', async () => {
    const { establishment, client } = await business('Video Pub');
    const mp4 = await fixture('clip.mp4');
    const { default: sharp } = await import('sharp');
    const poster = await sharp({ create: { width: 320, height: 240, channels: 3, background: '#0a0' } })
      .jpeg()
      .toBuffer();
    const res = await upload(client, establishment.id, [
      { name: 'poster', bytes: poster, filename: 'poster.jpeg', type: 'image/jpeg' },
      file(mp4, 'happy-hour.mp4', 'video/mp4'),
    ]);
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json<{ media: Media }>().media;
    expect(media).toMatchObject({
      kind: 'video',
      width: 320,
      height: 240,
      fileUrl: `/file/post/${media.id}.mp4`,
      fileBytes: mp4.length,
      durationSeconds: 2,
    });
    // The poster is the picture the browser sent: green.
    const picture = await call('GET', media.url);
    const { dominant } = await sharp(picture.rawPayload).stats();
    expect(dominant.g).toBeGreaterThan(dominant.r + 64);

    const range = await t.request({
      method: 'GET',
      url: media.fileUrl!,
      headers: { range: 'bytes=100-199' },
    });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-type']).toBe('video/mp4');
    expect(range.headers['accept-ranges']).toBe('bytes');
    expect(range.rawPayload.equals(mp4.subarray(100, 200))).toBe(true);
    const unsatisfiable = await t.request({
      method: 'GET',
      url: media.fileUrl!,
      headers: { range: `bytes=${mp4.length + 10}-` },
    });
    expect(unsatisfiable.statusCode).toBe(416);

    const post = await sendOk(client, establishment.id, {
      text: 'Happy hour at 17:00',
      mediaId: media.id,
      post: true,
    });
    expect(post.media).toEqual(media);
  });

  it('a WebM without a poster gets a plain one of its shape', async () => {
    const { establishment, client } = await business('WebM Cafe');
    const webm = await fixture('clip.webm');
    const res = await upload(client, establishment.id, [file(webm, 'clip.webm', 'video/webm')]);
    expect(res.statusCode, res.body).toBe(201);
    const media = res.json<{ media: Media }>().media;
    expect(media).toMatchObject({
      kind: 'video',
      width: 320,
      height: 240,
      fileUrl: `/file/post/${media.id}.webm`,
    });
    const served = await call('GET', media.fileUrl!);
    expect(served.headers['content-type']).toBe('video/webm');
  });

  it('refuses a video over the length or size limit, one that is not a video, and a poster that is not a picture', async () => {
    const { establishment, client } = await business('Long Film Bar');
    expectError(
      await upload(client, establishment.id, [file(await fixture('long.mp4'), 'long.mp4', 'video/mp4')]),
      400,
      ErrorCode.VALIDATION,
      { file: Msg.videoTooLong },
    );
    // An MP4 holding only sound.
    expectError(
      await upload(client, establishment.id, [file(await fixture('sound.m4a'), 'clip.mp4', 'video/mp4')]),
      415,
      ErrorCode.UNSUPPORTED_MEDIA,
      { file: Msg.videoInvalid },
    );
    // The start of an MP4 and nothing after it.
    const mp4 = await fixture('clip.mp4');
    expectError(
      await upload(client, establishment.id, [file(mp4.subarray(0, 40), 'clip.mp4', 'video/mp4')]),
      415,
      ErrorCode.UNSUPPORTED_MEDIA,
      { file: Msg.videoInvalid },
    );
    const huge = Buffer.concat([mp4.subarray(0, 32), Buffer.alloc(25 * 1024 * 1024)]);
    expectError(
      await upload(client, establishment.id, [file(huge, 'huge.mp4', 'video/mp4')]),
      413,
      ErrorCode.PAYLOAD_TOO_LARGE,
      {
        file: Msg.videoTooLarge,
      },
    );
    expectError(
      await upload(client, establishment.id, [
        { name: 'poster', bytes: Buffer.from('not a picture'), filename: 'poster.jpeg', type: 'image/jpeg' },
        file(mp4, 'clip.mp4', 'video/mp4'),
      ]),
      415,
      ErrorCode.UNSUPPORTED_MEDIA,
      { poster: Msg.imageInvalid },
    );
  });

  it('only the operators of the business may upload, and before the file is read', async () => {
    const { establishment } = await business('Guarded Bar');
    const stranger = await a.userWithRole('client', 'other-operator');
    const pdf = await fixture('menu.pdf');
    const res = await upload(stranger, establishment.id, [file(pdf, 'menu.pdf', 'application/pdf')]);
    expect(res.statusCode).toBe(403);
  });
});
