/**
 * The business's own voice over HTTP, on a real database with a real SMTP sink: comments
 * as the business, the pinned post (and the feed version it bumps), hiding a comment, muting a
 * follower, and inviting a colleague to operate (the email, its link, accepting once). For each
 * route: 401 for guests, 403 for who may not, 400 on the field for bad input, 404, and success.
 */
import { describe, expect, it } from 'vitest';
import { type Session, uniqueEmail } from '../../../../tests/support/api-actors';
import { expectError } from '../../../../tests/support/expect-error';
import {
  a,
  admin,
  business,
  call,
  sendOk,
  setupNotificationsApp,
  t,
} from '../../../../tests/support/notifications-api';
import { ErrorCode } from '../../../shared/errors';
import {
  type InvitationPreview,
  type PinnedPostResponse,
  VoiceMsg,
} from '../../../shared/schemas/business-voice.schema';
import {
  type Comment,
  CommentMsg,
  type CommentMuteList,
  type CommentPage,
} from '../../../shared/schemas/comment.schema';

setupNotificationsApp();

const commentsUrl = (postId: string) => `/api/notifications/${postId}/comments`;
const pinUrl = (establishmentId: string) => `/api/establishments/${establishmentId}/pinned-post`;
const mutesUrl = (establishmentId: string, userId = '') =>
  `/api/establishments/${establishmentId}/comment-mutes${userId ? `/${userId}` : ''}`;
const invitationsUrl = (establishmentId: string) =>
  `/api/establishments/${establishmentId}/operator-invitations`;
const sql = (text: string, values: unknown[] = []) => t.ctx.database.sql.executeSql(text, values);

async function comment(user: Session, postId: string, text: string, asBusiness?: boolean): Promise<Comment> {
  const res = await call('POST', commentsUrl(postId), { text, asBusiness }, user.token);
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ comment: Comment }>().comment;
}

async function page(user: Session, postId: string): Promise<CommentPage> {
  const res = await call('GET', commentsUrl(postId), undefined, user.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<CommentPage>();
}

async function scene(name: string) {
  const { establishment, client } = await business(name);
  const post = await sendOk(client, establishment.id, { text: `Happy hour at ${name}`, post: true });
  const follower = await a.followerOf(establishment.id);
  return { establishment, client, post, follower };
}

async function feedVersion(establishmentId: string): Promise<number> {
  const { rows } = await sql('SELECT feed_version FROM establishments WHERE id = $1', [establishmentId]);
  return Number((rows[0] as { feed_version: number }).feed_version);
}

describe('comments as the business', () => {
  it('an operator comments in the business’s voice: its name and logo, the writer known to moderators only', async () => {
    const { establishment, client, post, follower } = await scene('Voice Bar');
    const written = await comment(client, post.id, 'See you tonight!', true);
    expect(written).toMatchObject({
      asBusiness: true,
      author: { id: establishment.id, name: 'Voice Bar' },
      writtenBy: 'Test client',
    });
    const seen = (await page(follower, post.id)).items[0]!;
    expect(seen).toMatchObject({ asBusiness: true, author: { id: establishment.id, name: 'Voice Bar' } });
    expect(seen.writtenBy).toBeNull();
    expect(JSON.stringify(seen)).not.toContain(client.id);
    // The business's comment is not hidden, and its writer is not muted.
    const mod = (await page(client, post.id)).items[0]!;
    expect(mod).toMatchObject({ canHide: false, canMute: false, canDelete: true });
    // As the person, when the switch is off.
    expect((await comment(client, post.id, 'Personally: me too')).asBusiness).toBe(false);
    expect((await page(follower, post.id)).canCommentAsBusiness).toBe(false);
    expect((await page(client, post.id)).canCommentAsBusiness).toBe(true);
  });

  it('refuses the business’s voice to followers and representatives, and a non-boolean on the field', async () => {
    const { post, follower, client } = await scene('Voice Refusals');
    const res = await call('POST', commentsUrl(post.id), { text: 'Hi', asBusiness: true }, follower.token);
    expectError(res, 403, ErrorCode.FORBIDDEN, { asBusiness: CommentMsg.asBusinessNotAllowed });
    const bad = await call('POST', commentsUrl(post.id), { text: 'Hi', asBusiness: 'yes' }, client.token);
    expectError(bad, 400, ErrorCode.VALIDATION, { asBusiness: CommentMsg.notBoolean });
    expectError(
      await call('POST', commentsUrl(post.id), { text: 'Hi', asBusiness: true }),
      401,
      ErrorCode.UNAUTHORIZED,
    );
  });

  it('an admin who does not operate it may, and it is recorded', async () => {
    const { post, establishment } = await scene('Voice Admin');
    await comment(admin, post.id, 'Welcome from the platform', true);
    const { rows } = await sql(
      `SELECT action FROM audit_log WHERE target_establishment_id = $1 AND action = 'comment.asBusiness'`,
      [establishment.id],
    );
    expect(rows).toHaveLength(1);
  });
});

describe('hiding a comment', () => {
  it('a moderator hides: gone for others and from the count, marked for its author and moderators; shown again', async () => {
    const { establishment, client, post, follower } = await scene('Hide Bar');
    const other = await a.followerOf(establishment.id, 'other');
    const rude = await comment(follower, post.id, 'Rude words');
    const url = `/api/comments/${rude.id}/hidden`;

    expectError(await call('PUT', url, { hidden: true }), 401, ErrorCode.UNAUTHORIZED);
    expectError(await call('PUT', url, { hidden: true }, other.token), 403, ErrorCode.FORBIDDEN);
    expectError(await call('PUT', url, { hidden: true }, follower.token), 403, ErrorCode.FORBIDDEN);
    expectError(await call('PUT', url, { hidden: 'yes' }, client.token), 400, ErrorCode.VALIDATION, {
      hidden: CommentMsg.hiddenNotBoolean,
    });
    expectError(
      await call(
        'PUT',
        '/api/comments/9f1c3c3e-0000-4000-8000-000000000000/hidden',
        { hidden: true },
        client.token,
      ),
      404,
      ErrorCode.NOT_FOUND,
    );

    const hid = await call('PUT', url, { hidden: true }, client.token);
    expect(hid.statusCode, hid.body).toBe(200);
    expect(hid.json()).toMatchObject({ comment: { hidden: true }, message: CommentMsg.hidden });

    expect((await page(other, post.id)).items).toHaveLength(0);
    expect((await page(follower, post.id)).items).toMatchObject([{ id: rude.id, hidden: true, mine: true }]);
    expect((await page(client, post.id)).items).toMatchObject([{ id: rude.id, hidden: true, canHide: true }]);
    const posts = await call('GET', `/api/notifications/${post.id}`, undefined, other.token);
    expect(posts.json<{ post: { comments: { count: number } } }>().post.comments.count).toBe(0);

    const shown = await call('PUT', url, { hidden: false }, client.token);
    expect(shown.json()).toMatchObject({ comment: { hidden: false }, message: CommentMsg.shown });
    expect((await page(other, post.id)).items).toHaveLength(1);
  });

  it('the business’s own comments are not hidden', async () => {
    const { client, post } = await scene('Hide Own');
    const own = await comment(client, post.id, 'Our voice', true);
    const res = await call('PUT', `/api/comments/${own.id}/hidden`, { hidden: true }, client.token);
    expectError(res, 400, ErrorCode.VALIDATION, { hidden: CommentMsg.cannotHideBusiness });
  });
});

describe('muting a follower', () => {
  it('a muted follower’s new comments and edits are refused, saying so; moderators list and unmute', async () => {
    const { establishment, client, post, follower } = await scene('Mute Bar');
    const before = await comment(follower, post.id, 'First');
    const url = mutesUrl(establishment.id, follower.id);

    expectError(await call('PUT', url), 401, ErrorCode.UNAUTHORIZED);
    expectError(await call('PUT', url, undefined, follower.token), 403, ErrorCode.FORBIDDEN);
    expectError(
      await call('GET', mutesUrl(establishment.id), undefined, follower.token),
      403,
      ErrorCode.FORBIDDEN,
    );
    expectError(
      await call('PUT', mutesUrl(establishment.id, 'nope'), undefined, client.token),
      400,
      ErrorCode.VALIDATION,
      {
        userId: 'Not found.',
      },
    );
    // Someone who has nothing to do with the business is not listed by id.
    const stranger = await a.userWithRole('customer', 'stranger');
    expectError(
      await call('PUT', mutesUrl(establishment.id, stranger.id), undefined, client.token),
      404,
      ErrorCode.NOT_FOUND,
    );
    // Never an operator.
    expectError(
      await call('PUT', mutesUrl(establishment.id, client.id), undefined, client.token),
      400,
      ErrorCode.VALIDATION,
      {
        userId: CommentMsg.cannotMute,
      },
    );

    const muted = await call('PUT', url, undefined, client.token);
    expect(muted.statusCode, muted.body).toBe(200);
    expect(muted.json<CommentMuteList>().items).toMatchObject([
      { user: { id: follower.id }, mutedBy: 'Test client' },
    ]);
    expect((await page(client, post.id)).items[0]).toMatchObject({ canMute: true, authorMuted: true });

    const refused = await call('POST', commentsUrl(post.id), { text: 'Again' }, follower.token);
    expectError(refused, 403, ErrorCode.COMMENTS_MUTED);
    expect(refused.json<{ error: string }>().error).toBe(CommentMsg.muted);
    expectError(
      await call('PATCH', `/api/comments/${before.id}`, { text: 'Edited' }, follower.token),
      403,
      ErrorCode.COMMENTS_MUTED,
    );
    const mutedView = await page(follower, post.id);
    expect(mutedView.muted).toBe(true);
    // Their own comment no longer offers an edit that would be refused; deleting it stays theirs.
    expect(mutedView.items.find((c) => c.id === before.id)).toMatchObject({
      canEdit: false,
      canDelete: true,
    });

    const list = await call('GET', mutesUrl(establishment.id), undefined, client.token);
    expect(list.json<CommentMuteList>().items).toHaveLength(1);

    const unmuted = await call('DELETE', url, undefined, client.token);
    expect(unmuted.json()).toMatchObject({ items: [], message: CommentMsg.unmuted });
    await comment(follower, post.id, 'Back');
    const again = await page(follower, post.id);
    expect(again.muted).toBe(false);
    expect(again.items.find((c) => c.id === before.id)).toMatchObject({ canEdit: true });
  });
});

describe('the pinned post', () => {
  it('one pinned at a time: pin, replace, unpin; each change bumps the feed version', async () => {
    const { establishment, client, post, follower } = await scene('Pin Bar');
    const second = await sendOk(client, establishment.id, { text: 'Menu of the week', post: true });
    const url = pinUrl(establishment.id);

    expectError(await call('PUT', url, { postId: post.id }), 401, ErrorCode.UNAUTHORIZED);
    expectError(await call('PUT', url, { postId: post.id }, follower.token), 403, ErrorCode.FORBIDDEN);
    expectError(await call('PUT', url, { postId: 'x' }, client.token), 400, ErrorCode.VALIDATION, {
      postId: VoiceMsg.postRequired,
    });
    const elsewhere = await scene('Pin Elsewhere');
    expectError(
      await call('PUT', url, { postId: elsewhere.post.id }, client.token),
      400,
      ErrorCode.VALIDATION,
      {
        postId: VoiceMsg.notPinnable,
      },
    );
    expectError(
      await call('GET', pinUrl(elsewhere.establishment.id), undefined, follower.token),
      403,
      ErrorCode.FORBIDDEN,
    );

    expect((await call('GET', url, undefined, follower.token)).json<PinnedPostResponse>().post).toBeNull();
    let version = await feedVersion(establishment.id);
    const pinned = await call('PUT', url, { postId: post.id }, client.token);
    expect(pinned.statusCode, pinned.body).toBe(200);
    expect(pinned.json()).toMatchObject({ post: { id: post.id }, message: VoiceMsg.pinned });
    expect(await feedVersion(establishment.id)).toBeGreaterThan(version);
    expect((await call('GET', url, undefined, follower.token)).json<PinnedPostResponse>().post?.id).toBe(
      post.id,
    );

    version = await feedVersion(establishment.id);
    await call('PUT', url, { postId: second.id }, client.token);
    expect(await feedVersion(establishment.id)).toBeGreaterThan(version);
    expect((await call('GET', url, undefined, follower.token)).json<PinnedPostResponse>().post?.id).toBe(
      second.id,
    );
    const { rows } = await sql('SELECT count(*)::int AS n FROM pinned_posts WHERE establishment_id = $1', [
      establishment.id,
    ]);
    expect((rows[0] as { n: number }).n).toBe(1);

    version = await feedVersion(establishment.id);
    const unpinned = await call('DELETE', url, undefined, client.token);
    expect(unpinned.json()).toMatchObject({ post: null, message: VoiceMsg.unpinned });
    expect(await feedVersion(establishment.id)).toBeGreaterThan(version);
    expect((await call('GET', url, undefined, follower.token)).json<PinnedPostResponse>().post).toBeNull();
  });

  it('a deleted pinned post is pinned no more', async () => {
    const { establishment, client, post, follower } = await scene('Pin Deleted');
    await call('PUT', pinUrl(establishment.id), { postId: post.id }, client.token);
    const del = await call('DELETE', `/api/notifications/${post.id}`, undefined, client.token);
    expect(del.statusCode, del.body).toBe(200);
    expect(
      (await call('GET', pinUrl(establishment.id), undefined, follower.token)).json<PinnedPostResponse>()
        .post,
    ).toBeNull();
  });
});

describe('inviting a colleague to operate', () => {
  const tokenOf = async (email: string) => {
    const mail = await t.mail.waitFor(email);
    const match = /\/invitation\/([A-Za-z0-9_-]+)/.exec(mail.text ?? '');
    expect(match, mail.text).not.toBeNull();
    return { token: match![1]!, mail };
  };

  it('refuses who does not manage the business and bad addresses on the field', async () => {
    const { establishment, follower, client } = await scene('Invite Refusals');
    const url = invitationsUrl(establishment.id);
    expectError(await call('POST', url, { email: 'x@example.test' }), 401, ErrorCode.UNAUTHORIZED);
    expectError(
      await call('POST', url, { email: 'x@example.test' }, follower.token),
      403,
      ErrorCode.FORBIDDEN,
    );
    const bad = await call('POST', url, { email: 'not an address' }, client.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fields: Record<string, string> }>().fields.email).toBeTruthy();
    expectError(await call('POST', url, { email: client.email }, client.token), 409, ErrorCode.CONFLICT, {
      email: VoiceMsg.alreadyOperator,
    });
    expectError(await call('POST', '/api/operator-invitations/preview', {}), 400, ErrorCode.VALIDATION, {
      token: VoiceMsg.tokenRequired,
    });
    expectError(
      await call('POST', '/api/operator-invitations/preview', { token: 'nope' }),
      404,
      ErrorCode.TOKEN_INVALID,
    );
    expectError(
      await call('POST', '/api/operator-invitations/accept', { token: 'nope' }),
      401,
      ErrorCode.UNAUTHORIZED,
    );
  });

  it('an existing account: the email, the preview, another account refused, accepted once', async () => {
    const { establishment, client } = await scene('Invite Existing');
    const colleague = await a.userWithRole('customer', 'colleague');
    const sent = await call(
      'POST',
      invitationsUrl(establishment.id),
      { email: colleague.email.toUpperCase() },
      client.token,
    );
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json()).toMatchObject({
      items: [{ email: colleague.email, invitedBy: 'Test client' }],
      message: VoiceMsg.invitationSent,
    });

    const { token, mail } = await tokenOf(colleague.email);
    expect(mail.subject).toContain('Invite Existing');
    expect(mail.html).toContain('name="viewport"');
    const stored = await sql('SELECT token_hash FROM operator_invitations WHERE email = $1', [
      colleague.email,
    ]);
    expect((stored.rows[0] as { token_hash: string }).token_hash).not.toBe(token);

    const preview = await call('POST', '/api/operator-invitations/preview', { token });
    expect(preview.json<InvitationPreview>()).toMatchObject({
      establishment: { id: establishment.id, name: 'Invite Existing' },
      email: colleague.email,
      accountExists: true,
    });

    const someoneElse = await a.userWithRole('customer', 'else');
    expectError(
      await call('POST', '/api/operator-invitations/accept', { token }, someoneElse.token),
      403,
      ErrorCode.INVITATION_OTHER_EMAIL,
    );

    const accepted = await call('POST', '/api/operator-invitations/accept', { token }, colleague.token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({
      establishmentId: establishment.id,
      message: VoiceMsg.invitationAccepted,
    });
    const me = await call('GET', '/api/account/me', undefined, colleague.token);
    expect(me.json<{ user: { role: string } }>().user.role).toBe('client');
    // Now they operate it: they may send.
    await sendOk(colleague, establishment.id, { text: 'Hello from the new colleague', post: true });

    expectError(
      await call('POST', '/api/operator-invitations/accept', { token }, colleague.token),
      404,
      ErrorCode.TOKEN_INVALID,
    );
    expect(
      (await call('GET', invitationsUrl(establishment.id), undefined, client.token)).json(),
    ).toMatchObject({ items: [] });
  });

  it('someone new signs up with the invited address, then accepts: their address counts as confirmed', async () => {
    const { establishment, client } = await scene('Invite New');
    const email = uniqueEmail('newcolleague');
    await call('POST', invitationsUrl(establishment.id), { email, language: 'de' }, client.token);
    const { token, mail } = await tokenOf(email);
    expect(mail.subject).toContain('lädt Sie ein');
    expect(
      (await call('POST', '/api/operator-invitations/preview', { token })).json<InvitationPreview>()
        .accountExists,
    ).toBe(false);

    const registered = await call('POST', '/api/account/register', {
      firstName: 'Nora',
      lastName: 'New',
      email,
      phone: '+421 900 111 222',
      terms: true,
    });
    expect(registered.statusCode, registered.body).toBe(201);
    const session = registered.json<{ accessToken: string }>().accessToken;
    const accepted = await call('POST', '/api/operator-invitations/accept', { token }, session);
    expect(accepted.statusCode, accepted.body).toBe(200);
    const me = await call('GET', '/api/account/me', undefined, session);
    expect(me.json<{ user: { role: string; emailVerified: boolean } }>().user).toMatchObject({
      role: 'client',
      emailVerified: true,
    });
  });

  it('a new invitation to the same address replaces the old link; a withdrawn or expired one does not work', async () => {
    const { establishment, client } = await scene('Invite Replace');
    const email = uniqueEmail('twice');
    await call('POST', invitationsUrl(establishment.id), { email }, client.token);
    const first = await tokenOf(email);
    const again = await call('POST', invitationsUrl(establishment.id), { email }, client.token);
    expect(again.json<{ items: unknown[] }>().items).toHaveLength(1);
    await t.mail.waitFor(email, (m) => !m.text?.includes(first.token));
    expectError(
      await call('POST', '/api/operator-invitations/preview', { token: first.token }),
      404,
      ErrorCode.TOKEN_INVALID,
    );

    const [{ id }] = again.json<{ items: { id: string }[] }>().items as [{ id: string }];
    expectError(
      await call(
        'DELETE',
        `${invitationsUrl(establishment.id)}/${id}`,
        undefined,
        (await a.followerOf(establishment.id)).token,
      ),
      403,
      ErrorCode.FORBIDDEN,
    );
    const withdrawn = await call(
      'DELETE',
      `${invitationsUrl(establishment.id)}/${id}`,
      undefined,
      client.token,
    );
    expect(withdrawn.json()).toMatchObject({ items: [], message: VoiceMsg.invitationWithdrawn });
    expectError(
      await call('DELETE', `${invitationsUrl(establishment.id)}/${id}`, undefined, client.token),
      404,
      ErrorCode.NOT_FOUND,
    );

    const late = uniqueEmail('late');
    await call('POST', invitationsUrl(establishment.id), { email: late }, client.token);
    const expired = await tokenOf(late);
    await sql(`UPDATE operator_invitations SET expires_at = now() - interval '1 minute' WHERE email = $1`, [
      late,
    ]);
    expectError(
      await call('POST', '/api/operator-invitations/preview', { token: expired.token }),
      404,
      ErrorCode.TOKEN_INVALID,
    );
  });
});
