/**
 * Pictures in messages, through HTTP on a real database and real files: uploaded to a conversation
 * by whoever may write in it, re-encoded (no metadata kept), attached to one message, read as a
 * thumbnail or larger by whoever may read the conversation (the follower, the operators, an admin)
 * and 404 to anyone else, like a picture that does not exist. Refusals name the field; the follower's
 * data export carries the pictures; housekeeping removes the files once the conversation is gone.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type actors, PASSWORD, type Session } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import { multipart } from '../../../../tests/support/multipart';
import { setupRouteFixture } from '../../../../tests/support/route-fixture';
import type { TestApp } from '../../../../tests/support/test-app';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import { type Conversation, ConversationMsg } from '../../../shared/schemas/conversation.schema';
import type { PersonalData } from '../../../shared/schemas/export.schema';
import { housekeepingJob } from '../../jobs/housekeeping.job';

let t: TestApp;
let a: ReturnType<typeof actors>;
let admin: Session;
const fixture = setupRouteFixture();
beforeAll(() => {
  ({ t, a, admin } = fixture);
});

async function scene(name: string) {
  const establishment = await a.establishment(admin, name);
  const operator = await a.clientOf(admin, establishment.id, 'operator');
  const follower = await a.followerOf(establishment.id, 'follower');
  const res = await a.call(
    'POST',
    `/api/establishments/${establishment.id}/conversations`,
    { text: 'Is this dish on the menu?' },
    follower.token,
  );
  expect(res.statusCode, res.body).toBe(201);
  const conversation = res.json<{ conversation: Conversation }>().conversation;
  return { establishment, operator, follower, conversation };
}

/** A JPEG with a camera's metadata in it (a copyright line here), 2400 x 1800. */
const cameraJpeg = () =>
  sharp({ create: { width: 2400, height: 1800, channels: 3, background: { r: 30, g: 140, b: 90 } } })
    .jpeg()
    .withExif({ IFD0: { Copyright: 'Secret camera owner' } })
    .toBuffer();

const upload = async (token: string, id: string, file: Buffer | string, type = 'image/jpeg') =>
  t.request({
    method: 'POST',
    url: `/api/conversations/${id}/pictures`,
    token,
    ...(await multipart([
      {
        name: 'file',
        value: new Blob([typeof file === 'string' ? file : new Uint8Array(file)], { type }),
        filename: 'photo.jpg',
      },
    ])),
  });

async function uploaded(user: Session, id: string) {
  const res = await upload(user.token, id, await cameraJpeg());
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ picture: { id: string } }>().picture.id;
}

const send = (user: Session, id: string, body: object) =>
  a.call('POST', `/api/conversations/${id}/messages`, body, user.token);

const fetchPicture = (token: string, id: string, picture: string, size = 'full') =>
  t.request({ method: 'GET', url: `/api/conversations/${id}/pictures/${picture}?size=${size}`, token });

describe('a picture in a message', () => {
  it('the follower attaches one; the operators, an admin and the follower see it, a stranger gets 404', async () => {
    const { establishment, operator, follower, conversation } = await scene('Picture Bistro');
    const picture = await uploaded(follower, conversation.id);
    const sent = await send(follower, conversation.id, { text: 'This one', picture });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<{ conversation: Conversation }>().conversation.messages.at(-1)).toMatchObject({
      text: 'This one',
      picture,
    });

    const colleague = await a.clientOf(admin, establishment.id, 'colleague');
    for (const reader of [operator, colleague, admin, follower]) {
      const thumb = await fetchPicture(reader.token, conversation.id, picture, 'thumb');
      expect(thumb.statusCode, thumb.body).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/jpeg');
      expect(thumb.headers['cache-control']).toBe('private, max-age=86400');
      const meta = await sharp(thumb.rawPayload).metadata();
      expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 480, 360]);
    }
    const full = await fetchPicture(operator.token, conversation.id, picture);
    const meta = await sharp(full.rawPayload).metadata();
    // Re-encoded: at most 1600 pixels a side, and the camera's metadata is gone.
    expect([meta.width, meta.height, meta.exif]).toEqual([1600, 1200, undefined]);
    expect(full.rawPayload.includes('Secret camera owner')).toBe(false);

    // A stranger, a follower of another business, an operator of another: as for a missing picture.
    const elsewhere = await a.establishment(admin, 'Other Place');
    const strangers = [
      await a.followerOf(establishment.id, 'otherfollower'),
      await a.clientOf(admin, elsewhere.id, 'otheroperator'),
    ];
    const missing = await fetchPicture(operator.token, conversation.id, crypto.randomUUID());
    expectError(missing, 404, ErrorCode.NOT_FOUND);
    for (const stranger of strangers) {
      const res = await fetchPicture(stranger.token, conversation.id, picture);
      expect([res.statusCode, res.body]).toEqual([missing.statusCode, missing.body]);
      expectError(
        await upload(stranger.token, conversation.id, await cameraJpeg()),
        404,
        ErrorCode.NOT_FOUND,
      );
    }
    expectError(await fetchPicture('', conversation.id, picture), 401, ErrorCode.UNAUTHORIZED);
  });

  it('the operator answers with a picture alone; the follower sees it and the list says so', async () => {
    const { establishment, operator, follower, conversation } = await scene('Photo Answer Cafe');
    const picture = await uploaded(operator, conversation.id);
    const sent = await send(operator, conversation.id, { picture });
    expect(sent.statusCode, sent.body).toBe(201);
    const view = await a.call('GET', `/api/conversations/${conversation.id}`, undefined, follower.token);
    expect(view.json<{ conversation: Conversation }>().conversation.messages.at(-1)).toMatchObject({
      text: '',
      picture,
      fromBusiness: true,
      mine: false,
    });
    expect((await fetchPicture(follower.token, conversation.id, picture, 'thumb')).statusCode).toBe(200);
    const inbox = await a.call(
      'GET',
      `/api/establishments/${establishment.id}/conversations`,
      undefined,
      operator.token,
    );
    expect(inbox.json<{ items: { lastMessage: string }[] }>().items[0]!.lastMessage).toBe('');
  });

  it('an uploaded picture is no one’s to see until a message shows it', async () => {
    const { operator, follower, conversation } = await scene('Pending Pictures');
    const picture = await uploaded(follower, conversation.id);
    expectError(await fetchPicture(follower.token, conversation.id, picture), 404, ErrorCode.NOT_FOUND);
    expectError(await fetchPicture(operator.token, conversation.id, picture), 404, ErrorCode.NOT_FOUND);
  });
});

describe('refused pictures', () => {
  it('a missing, too large or unreadable file is refused on `file`', async () => {
    const { follower, conversation } = await scene('Refusing Grill');
    const none = await t.request({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/pictures`,
      token: follower.token,
      ...(await multipart([{ name: 'text', value: 'no file' }])),
    });
    expectError(none, 400, ErrorCode.VALIDATION, { file: Msg.fileMissing });
    const big = Buffer.alloc(10 * 1024 * 1024 + 1024, 7);
    expectError(await upload(follower.token, conversation.id, big), 413, ErrorCode.PAYLOAD_TOO_LARGE, {
      file: Msg.imageTooLarge,
    });
    const text = await upload(follower.token, conversation.id, 'not a picture at all', 'text/plain');
    expectError(text, 415, ErrorCode.UNSUPPORTED_MEDIA, { file: Msg.imageInvalid });
  });

  it('a picture of another conversation, one already sent, or a message of nothing is refused', async () => {
    const { follower, conversation } = await scene('Attach Rules Diner');
    const other = await scene('Another Diner');
    const theirs = await uploaded(other.follower, other.conversation.id);
    expectError(await send(follower, conversation.id, { picture: theirs }), 400, ErrorCode.VALIDATION, {
      picture: ConversationMsg.pictureNotFound,
    });
    expectError(await send(follower, conversation.id, { picture: 'nope' }), 400, ErrorCode.VALIDATION, {
      picture: ConversationMsg.pictureNotFound,
    });
    const picture = await uploaded(follower, conversation.id);
    expect((await send(follower, conversation.id, { picture })).statusCode).toBe(201);
    expectError(await send(follower, conversation.id, { picture }), 400, ErrorCode.VALIDATION, {
      picture: ConversationMsg.pictureUsed,
    });
    expectError(await send(follower, conversation.id, { text: '   ' }), 400, ErrorCode.VALIDATION, {
      text: ConversationMsg.required,
    });
  });

  it('nobody uploads to a closed conversation, nor a blocked follower', async () => {
    const { operator, follower, conversation } = await scene('Closed Kitchen');
    const block = await a.call(
      'PUT',
      `/api/conversations/${conversation.id}/block`,
      { blocked: true },
      operator.token,
    );
    expect(block.statusCode, block.body).toBe(200);
    const blocked = await upload(follower.token, conversation.id, await cameraJpeg());
    expect(expectError(blocked, 403, ErrorCode.FORBIDDEN).error).toBe(ConversationMsg.cannotWrite);
    const close = await a.call(
      'POST',
      `/api/conversations/${conversation.id}/close`,
      undefined,
      operator.token,
    );
    expect(close.statusCode, close.body).toBe(200);
    const closed = await upload(operator.token, conversation.id, await cameraJpeg());
    expect(expectError(closed, 403, ErrorCode.FORBIDDEN).error).toBe(ConversationMsg.closedAlready);
  });
});

describe('the follower’s data', () => {
  it('the export carries the picture; the files go with the account', async () => {
    const { operator, follower, conversation } = await scene('Export Eatery');
    const picture = await uploaded(operator, conversation.id);
    expect((await send(operator, conversation.id, { text: 'Here it is', picture })).statusCode).toBe(201);
    const exported = await a.call('GET', '/api/account/export?format=json', undefined, follower.token);
    expect(exported.statusCode, exported.body).toBe(200);
    const message = exported.json<PersonalData>().messages.find((m) => m.text === 'Here it is');
    expect(message?.picture).toBe(`/api/conversations/${conversation.id}/pictures/${picture}`);

    const folder = path.join(t.ctx.config.dataDir, 'media', 'message', conversation.id);
    expect(await readdir(folder)).toHaveLength(2);
    const gone = await a.call('DELETE', '/api/account', { currentPassword: PASSWORD }, follower.token);
    expect(gone.statusCode, gone.body).toBe(200);
    await t.ctx.jobs.send(housekeepingJob, {});
    const exists = () =>
      readdir(folder).then(
        () => true,
        () => false,
      );
    const until = Date.now() + 20_000;
    while ((await exists()) && Date.now() < until) await new Promise((r) => setTimeout(r, 100));
    expect(await exists()).toBe(false);
  });
});
