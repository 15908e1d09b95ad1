/**
 * Drafts and templates over HTTP: kept per establishment for who may send for it,
 * loosely checked (a draft may be half written), at most 50 of each, and nobody else's business.
 */
import { describe, expect, it } from 'vitest';
import { expectError } from '../../../../tests/support/expect-error';
import { a, admin, business, call, setupNotificationsApp } from '../../../../tests/support/notifications-api';
import { ErrorCode } from '../../../shared/errors';
import { Msg } from '../../../shared/messages';
import type { Draft, DraftList } from '../../../shared/schemas/draft.schema';
import { translationKeyMsg } from '../../../shared/schemas/post-translations';

setupNotificationsApp();

const CONTENT = {
  text: 'Happy hour from 17:00',
  title: 'Friday happy hour',
  link: 'https://bar.example.com/hap', // still being typed: a draft keeps it as it is
  actions: [{ label: 'Book a table', url: 'https://' }],
  translations: { de: 'Happy Hour ab 17 Uhr' },
};

const listOf = async (establishmentId: string, kind: string, token: string) => {
  const res = await call(
    'GET',
    `/api/establishments/${establishmentId}/drafts?kind=${kind}`,
    undefined,
    token,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json<DraftList>().items;
};

describe('drafts and templates', () => {
  it('keeps, lists, renames, changes and deletes them for who may send for the establishment', async () => {
    const { establishment, client } = await business('Draft Diner');
    const colleague = await a.clientOf(admin, establishment.id, 'colleague');
    const created = await call(
      'POST',
      `/api/establishments/${establishment.id}/drafts`,
      { kind: 'draft', name: ' Friday ', content: CONTENT },
      client.token,
    );
    expect(created.statusCode, created.body).toBe(201);
    const { draft, message } = created.json<{ draft: Draft; message: string }>();
    expect(message).toBe(Msg.draftSaved);
    expect(draft).toMatchObject({
      kind: 'draft',
      name: 'Friday',
      content: { ...CONTENT, mediaId: null, mediaUrl: null },
      authorName: 'Test client',
    });
    const template = await call(
      'POST',
      `/api/establishments/${establishment.id}/drafts`,
      { kind: 'template', name: 'Weekly menu', content: { text: 'This week:' } },
      colleague.token,
    );
    expect(template.json<{ message: string }>().message).toBe(Msg.templateSaved);

    // A colleague sees the draft; each kind in its own list.
    expect((await listOf(establishment.id, 'draft', colleague.token)).map((d) => d.id)).toEqual([draft.id]);
    expect((await listOf(establishment.id, 'template', client.token)).map((d) => d.content)).toEqual([
      {
        text: 'This week:',
        title: '',
        link: '',
        actions: [],
        mediaId: null,
        mediaUrl: null,
        translations: {},
        richTranslations: {},
      },
    ]);

    const renamed = await call(
      'PATCH',
      `/api/drafts/${draft.id}`,
      { name: 'Friday happy hour' },
      colleague.token,
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json<{ draft: Draft }>().draft).toMatchObject({
      name: 'Friday happy hour',
      content: CONTENT,
    });
    const changed = await call(
      'PATCH',
      `/api/drafts/${draft.id}`,
      { content: { text: 'Two for one' } },
      client.token,
    );
    expect(changed.json<{ draft: Draft }>().draft.content.text).toBe('Two for one');

    const deleted = await call('DELETE', `/api/drafts/${draft.id}`, undefined, client.token);
    expect(deleted.json()).toEqual({ message: Msg.draftDeleted });
    expect(await listOf(establishment.id, 'draft', client.token)).toEqual([]);
    expectError(
      await call('DELETE', `/api/drafts/${draft.id}`, undefined, client.token),
      404,
      ErrorCode.NOT_FOUND,
    );
  });

  it("refuses another business's operator, a follower, bad input, and a 51st", async () => {
    const { establishment, client } = await business('Guarded Grill');
    const other = await business('Other Osteria');
    const follower = await a.followerOf(establishment.id);
    const body = { kind: 'template', name: 'Menu', content: CONTENT };
    const path = `/api/establishments/${establishment.id}/drafts`;
    expectError(await call('POST', path, body), 401, ErrorCode.UNAUTHORIZED);
    expectError(await call('POST', path, body, follower.token), 403, ErrorCode.FORBIDDEN);
    expectError(await call('POST', path, body, other.client.token), 403, ErrorCode.FORBIDDEN);
    expectError(
      await call('GET', `${path}?kind=draft`, undefined, other.client.token),
      403,
      ErrorCode.FORBIDDEN,
    );

    const mine = await call('POST', path, body, client.token);
    const id = mine.json<{ draft: Draft }>().draft.id;
    expectError(
      await call('PATCH', `/api/drafts/${id}`, { name: 'x' }, other.client.token),
      403,
      ErrorCode.FORBIDDEN,
    );
    expectError(
      await call('DELETE', `/api/drafts/${id}`, undefined, follower.token),
      403,
      ErrorCode.FORBIDDEN,
    );

    expectError(await call('POST', path, { ...body, name: ' ' }, client.token), 400, ErrorCode.VALIDATION, {
      name: 'name is required',
    });
    expectError(
      await call('POST', path, { ...body, kind: 'plan' }, client.token),
      400,
      ErrorCode.VALIDATION,
      {
        kind: 'kind must be draft or template',
      },
    );
    expectError(
      await call('POST', path, { ...body, content: { text: 'x'.repeat(2001) } }, client.token),
      400,
      ErrorCode.VALIDATION,
      { 'content.text': 'Text must be at most 2000 characters' },
    );
    expectError(
      await call('POST', path, { ...body, content: { mediaId: crypto.randomUUID() } }, client.token),
      400,
      ErrorCode.VALIDATION,
      { 'content.mediaId': Msg.mediaNotFound },
    );
    expectError(
      await call('POST', path, { ...body, content: { text: 'x', translations: { xx: 'y' } } }, client.token),
      400,
      ErrorCode.VALIDATION,
      { 'content.translations.xx': translationKeyMsg },
    );
    expectError(await call('PATCH', `/api/drafts/${id}`, {}, client.token), 400, ErrorCode.VALIDATION);
    expectError(await call('GET', `${path}?kind=all`, undefined, client.token), 400, ErrorCode.VALIDATION);

    for (let i = 1; i < 50; i++) expect((await call('POST', path, body, client.token)).statusCode).toBe(201);
    const full = expectError(await call('POST', path, body, client.token), 409, ErrorCode.CONFLICT);
    expect(full.error).toBe(Msg.draftsFull);
    // Drafts are counted apart from templates.
    expect((await call('POST', path, { ...body, kind: 'draft' }, client.token)).statusCode).toBe(201);
  });
});
