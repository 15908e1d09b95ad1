import type { Establishment } from '../../../src/shared/schemas/establishment.schema';
import { type FakeApi, fakeApi } from './fake-api';

/** The compose card's tests: an operator's establishment `e1` and the calls the card makes. */

/** Where the compose card sends. */
export const SEND = '/api/establishments/e1/notifications';

/** Establishment `e1` as its operator sees it; only what the compose card reads. */
export const composeEstablishment = (fields: { name: string; timeZone: string; publicId?: string }) =>
  ({
    audience: 'operator',
    id: 'e1',
    publicId: fields.publicId ?? 'bakery',
    logo: null,
    active: true,
    blocked: false,
    status: 'active',
    registeredById: null,
    ...fields,
  }) as unknown as Establishment;

/** The calls around a compose: no preferences, three followers reachable, the send answered with `message`. */
export function composeApi(message: string): FakeApi {
  return fakeApi()
    .on('GET', '/api/preferences', { body: { items: [] } })
    .on('GET', '/api/preference-groups', { body: { items: [] } })
    .on('GET', '/api/establishments/e1/audience', {
      body: { followers: 3, reachable: 3, byPhone: 3, byEmail: 0, devices: 4, emails: 0 },
    })
    .on('POST', SEND, { status: 202, body: { notification: {}, message } });
}
