/**
 * A post's PDF (a menu) or video by email, through HTTP, the real pipeline and the SMTP sink: the
 * picture an email shows is only the first page, so the email links the file itself, with its size.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { multipart } from '../../../../tests/support/multipart';
import {
  a,
  business,
  call,
  finished,
  sendOk,
  setupNotificationsApp,
  t,
} from '../../../../tests/support/notifications-api';
import type { Media } from '../../../shared/schemas/notification.schema';

setupNotificationsApp();

const fixture = (name: string) =>
  readFile(path.join(import.meta.dirname, '../../../../tests/fixtures/media', name));

async function upload(
  token: string,
  establishmentId: string,
  bytes: Uint8Array,
  filename: string,
  type: string,
) {
  const body = await multipart([{ name: 'file', value: new Blob([bytes], { type }), filename }]);
  const res = await t.request({
    method: 'POST',
    url: `/api/establishments/${establishmentId}/media`,
    token,
    ...body,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ media: Media }>().media;
}

describe("a post's file by email", () => {
  it('a PDF menu: the email links the PDF, with its size, from its first page and a link of its own', async () => {
    const { establishment, client } = await business('Menu Mail Bistro');
    const reader = await a.followerOf(establishment.id, 'menu-reader');
    const chose = await call(
      'PUT',
      `/api/establishments/${establishment.id}/notify`,
      { notify: 'email', marketingConsent: true },
      reader.token,
    );
    expect(chose.statusCode, chose.body).toBe(200);
    const pdf = await fixture('menu.pdf');
    const media = await upload(client.token, establishment.id, pdf, 'menu.pdf', 'application/pdf');
    const post = await sendOk(client, establishment.id, {
      text: 'The Friday menu',
      mediaId: media.id,
      post: true,
    });
    await finished(client, post.id);

    const mail = await t.mail.waitFor(reader.email);
    const fileUrl = `${t.ctx.config.publicUrl}${media.fileUrl}`;
    const size = `${Math.round(media.fileBytes! / 1000)} kB`;
    expect(mail.text).toContain(`Open the PDF (${size}): ${fileUrl}`);
    expect(mail.html).toContain(`<a href="${fileUrl}"><img src="${t.ctx.config.publicUrl}${media.url}"`);
    expect(mail.html).toContain(`>Open the PDF (${size})</a>`);
    // The link opens the PDF, without a session.
    const opened = await t.request({ method: 'GET', url: new URL(fileUrl).pathname });
    expect(opened.statusCode).toBe(200);
    expect(opened.headers['content-type']).toBe('application/pdf');
  });

  it('a video: the email links it to watch, and speaks of no PDF', async () => {
    const { establishment, client } = await business('Picture Mail Bar');
    const reader = await a.followerOf(establishment.id, 'picture-reader');
    await call(
      'PUT',
      `/api/establishments/${establishment.id}/notify`,
      { notify: 'email', marketingConsent: true },
      reader.token,
    );
    const webm = await fixture('clip.webm');
    const video = await upload(client.token, establishment.id, webm, 'clip.webm', 'video/webm');
    const post = await sendOk(client, establishment.id, {
      text: 'Our new terrace',
      mediaId: video.id,
      post: true,
    });
    await finished(client, post.id);
    const mail = await t.mail.waitFor(reader.email);
    expect(mail.text).toContain(
      `Watch the video (${Math.round(video.fileBytes! / 1000)} kB): ${t.ctx.config.publicUrl}${video.fileUrl}`,
    );
    expect(mail.text).not.toContain('Open the PDF');
  });
});
