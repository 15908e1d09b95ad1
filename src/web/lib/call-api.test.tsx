import { beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi } from '../../../tests/support/web/fake-api';
import { getUser, updateUser } from '../../shared/contracts/management.contracts';
import { getTimeZone } from '../../shared/contracts/time-zone.contracts';
import { ApiError } from './api-client';
import { callApi } from './call-api';

let api: FakeApi;
beforeEach(() => {
  api = fakeApi();
});

const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as ApiError,
  );

describe('callApi', () => {
  it('reads a 400 that names only a path param (a malformed id in the address) as not found', async () => {
    api.on('GET', '/api/management/users/not-a-uuid', {
      status: 400,
      body: {
        error: 'Please check the highlighted fields.',
        code: 'VALIDATION',
        fields: { id: 'Not found.' },
      },
    });
    const error = await failure(callApi(getUser, { params: { id: 'not-a-uuid' } }));
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND', message: 'Not found.' });
  });

  it('keeps a 400 about the form as it is, even beside a path param', async () => {
    const fields = { id: 'Not found.', email: 'Must be a valid email' };
    api.on('PATCH', '/api/management/users/u1', {
      status: 400,
      body: { error: 'Please check the highlighted fields.', code: 'VALIDATION', fields },
    });
    const error = await failure(callApi(updateUser, { params: { id: 'u1' }, body: { email: 'nope' } }));
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION', fields });
  });

  it("tells the server the device's time zone on every call, and nothing when the browser does not say", async () => {
    const real = Intl.DateTimeFormat().resolvedOptions();
    const options = vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions');
    options.mockReturnValue({ ...real, timeZone: 'America/New_York' });
    api.on('GET', '/api/account/time-zone', { body: { timeZone: { timeZone: null, chosen: false } } });
    await callApi(getTimeZone, {});
    options.mockImplementation(() => {
      throw new RangeError('no Intl here');
    });
    await callApi(getTimeZone, {});
    const [first, second] = api.sent('GET', '/api/account/time-zone');
    expect(first?.headers.get('x-time-zone')).toBe('America/New_York');
    expect(second?.headers.has('x-time-zone')).toBe(false);
    expect(second?.headers.get('accept')).toBe('application/json');
  });
});
