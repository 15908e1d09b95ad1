import { describe, expect, it } from 'vitest';
import type { User } from '../../shared/schemas/account.schema';
import { redirectTarget } from './redirect-target';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

const user = (
  role: User['role'],
  emailVerified: boolean,
  establishments: User['establishments'] = [],
): User => ({
  id: `u-${role}`,
  firstName: 'T',
  lastName: 'U',
  email: 't@example.test',
  phone: '',
  bio: '',
  avatar: null,
  role,
  roles: [role],
  emailVerified,
  guest: false,
  discountedPrices: false,
  marketingConsent: false,
  language: 'en',
  establishments,
  createdAt: '2024-01-01T00:00:00.000Z',
});

// DESIGN.md section 4, "Where /redirect sends a signed-in user", with the email rule of can().
// biome-ignore format: one row per case
const CASES: ReadonlyArray<readonly [string, User | null, string]> = [
  ['a guest',                                    null,                                                       '/login'],
  ['an admin',                                   user('admin', true),                                        '/app/management'],
  ['an unverified admin',                        user('admin', false),                                       '/app/management'],
  ['a representative',                           user('representant', true),                                 '/app/reports/representant'],
  ['an unverified representative',               user('representant', false),                                '/app/reports/representant'],
  ['a client with one establishment',            user('client', true, [{ establishmentId: A, kind: 'client' }]), `/app/establishment/${A}`],
  ['a client with several',                      user('client', true, [{ establishmentId: A, kind: 'client' }, { establishmentId: B, kind: 'client' }]), '/app/myestablishments'],
  ['an unverified client',                       user('client', false, [{ establishmentId: A, kind: 'client' }]), '/waiting'],
  ['a customer who follows one',                 user('customer', true, [{ establishmentId: A, kind: 'customer' }]), '/app/social/feed'],
  ['a customer who follows none',                user('customer', true),                                     '/noestablishments'],
  ['an unverified customer who follows one',     user('customer', false, [{ establishmentId: A, kind: 'customer' }]), '/app/social/feed'],
  ['an unverified customer who follows none',    user('customer', false),                                    '/waiting'],
];

describe('redirectTarget', () => {
  it.each(CASES)('%s', (_name, who, target) => {
    expect(redirectTarget(who)).toBe(target);
  });
});
