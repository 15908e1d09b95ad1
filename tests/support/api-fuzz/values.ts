/** Values of the API fuzz test's requests: ids of the world, and values for a schema, realistic or spoiled. */
import { randomBytes, randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { PASSWORD } from '../api-actors';
import { brokenJson, nastyNumber, nastyString, wrongContentType, wrongType } from './bodies';
import type { JsonSchema } from './openapi';
import type { World } from './world';

export function valueArbitraries(w: World) {
  const randomIds = [
    randomUUID(),
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ];
  const badIds = [
    'not-a-uuid',
    'fuzz-bakery-zzzz',
    'place-2222',
    'x'.repeat(64),
    'x'.repeat(65),
    `${randomUUID()}x`,
    randomUUID().toUpperCase(),
    '1',
    '-1',
    'null',
    'api',
    ' ',
  ];
  const pools = {
    // Mostly the establishment everyone is linked to, by id or by public id.
    establishment: [
      w.shop.id,
      w.shop.id,
      w.shop.id,
      w.shop.publicId,
      w.shop.publicId,
      w.other.id,
      w.other.publicId,
      w.shop.publicId.toUpperCase(),
    ],
    user: w.userIds,
    notification: w.postIds,
    comment: w.commentIds,
    image: w.imageIds,
  };
  const idFor = (pool: keyof typeof pools): fc.Arbitrary<string> =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...pools[pool]) },
      { weight: 2, arbitrary: fc.constantFrom(...randomIds, ...pools.establishment, ...pools.user) },
      { weight: 2, arbitrary: fc.constantFrom(...badIds) },
      { weight: 1, arbitrary: nastyString },
    );
  const badCursors = [
    'abc',
    '!!!',
    Buffer.from('x|y').toString('base64url'),
    Buffer.from(`+300000-01-01T00:00:00.000Z|${randomUUID()}`).toString('base64url'),
    Buffer.from(`-004714-01-01T00:00:00.000Z|${randomUUID()}`).toString('base64url'),
    Buffer.from(`0000-01-01T00:00:00.000Z|${randomUUID()}`).toString('base64url'),
    Buffer.from(`2021-02-30T00:00:00.000Z|${randomUUID()}`).toString('base64url'),
    Buffer.from(`2021-01-01T00:00:00.000Z|${'-'.repeat(36)}`).toString('base64url'),
    Buffer.from(`2021-01-01T00:00:00.000Z|${randomUUID()}|extra`).toString('base64url'),
    Buffer.from('2021-01-01|').toString('base64url'),
    randomBytes(60).toString('base64url'),
  ];

  /** A realistic value for a string field, by its name: values that exist or fit, and with `spoil`
   * also values that nearly do (one time in four). */
  const realisticString = (name: string, s: JsonSchema, spoil: boolean): fc.Arbitrary<string> => {
    const pick = (good: string[] | fc.Arbitrary<string>, near: string[]) => {
      const goods = Array.isArray(good) ? fc.constantFrom(...good) : good;
      return spoil
        ? fc.oneof({ weight: 3, arbitrary: goods }, { weight: 1, arbitrary: fc.constantFrom(...near) })
        : goods;
    };
    if (s.enum) return pick(s.enum as string[], ['nobody', 'ADMIN']);
    const letters = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
    const fits = fc.string({
      unit: letters,
      minLength: Math.max(1, s.minLength ?? 0),
      maxLength: Math.min(s.maxLength ?? 30, 30),
    });
    switch (name) {
      case 'email':
        return pick(
          fc.oneof(
            fc.constantFrom(...w.emails),
            fc.nat().map((n) => `fuzz-${n}@example.test`),
          ),
          ['no-at-sign', 'a@b', '@example.test', 'ADMIN@EXAMPLE.TEST', 'a b@example.test'],
        );
      case 'password':
      case 'currentPassword':
        return pick([PASSWORD], ['wrong-horse-battery-9', 'short']);
      case 'newPassword':
        return pick(['another-horse-battery-8'], ['short', PASSWORD]);
      case 'phone':
        return pick(['+421 900 123 456', '0900 123 456'], ['12', '+421 abc']);
      case 'establishmentId':
        return idFor('establishment');
      case 'mediaId':
        return pick(w.mediaIds, [...randomIds, 'not-a-uuid']);
      case 'endpoint':
        return pick(
          [w.subscription.endpoint, `https://127.0.0.1:9/push/${randomUUID()}`],
          [
            'https://fcm.googleapis.com/fcm/send/abc',
            'http://127.0.0.1:9/push/x',
            'https://user:pw@127.0.0.1:9/x',
            'https://10.0.0.1/x',
            'https://localhost./x',
            'not a url',
          ],
        );
      case 'p256dh':
        return pick([w.subscription.keys.p256dh], [`B${'A'.repeat(86)}`, 'A'.repeat(87)]);
      case 'auth':
        return pick([w.subscription.keys.auth], ['A'.repeat(22)]);
      case 'cursor':
        return pick(w.cursors, badCursors);
      case 'timeZone':
        return pick(
          ['Europe/Bratislava', 'UTC', 'America/Argentina/Buenos_Aires'],
          ['Mars/Olympus', 'utc+2'],
        );
      // A report's range (local days): real dates, reversed and absurd ones.
      case 'from':
      case 'to':
        return pick(
          ['2026-01-01', '2026-06-30', '2025-12-31', '2016-01-01', '1970-01-01'],
          ['2026-02-30', '2026-1-1', '0000-00-00', '9999-12-31', '2026-01-01T00:00:00Z'],
        );
      case 'website':
        return pick(['https://shop.example', ''], ['shop.example', 'javascript:alert(1)']);
      default:
        if (s.format === 'uuid') return pick([...w.postIds, ...randomIds], ['not-a-uuid']);
        return fits;
    }
  };

  /** A value for a schema; `spoil`: fields may take nasty or wrong-typed values. */
  const valueFor = (name: string, s: JsonSchema, spoil: boolean): fc.Arbitrary<unknown> => {
    const valid = validFor(name, s, spoil);
    if (!spoil) return valid;
    const numeric = s.type === 'number' || s.type === 'integer';
    return fc.oneof(
      { weight: 10, arbitrary: valid },
      { weight: 2, arbitrary: nastyString },
      { weight: 2, arbitrary: wrongType },
      { weight: numeric ? 3 : 0, arbitrary: nastyNumber },
    );
  };
  const validFor = (name: string, s: JsonSchema, spoil: boolean): fc.Arbitrary<unknown> => {
    const alternatives = s.anyOf ?? s.oneOf;
    if (alternatives) return fc.oneof(...alternatives.map((alt) => validFor(name, alt, spoil)));
    const type = Array.isArray(s.type) ? s.type.find((x) => x !== 'null') : s.type;
    let value: fc.Arbitrary<unknown>;
    if (s.enum && type !== 'string') value = fc.constantFrom(...s.enum);
    else if (type === 'string') value = realisticString(name, s, spoil);
    else if (type === 'integer') value = fc.integer({ min: s.minimum ?? -1000, max: s.maximum ?? 1_000_000 });
    else if (type === 'number') {
      value =
        name === 'expirationTime'
          ? fc.constantFrom(Date.now() + 3_600_000, Date.now() - 1000, 0, 1.5)
          : fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    } else if (type === 'boolean') value = fc.boolean();
    else if (type === 'array') value = fc.array(valueFor(name, s.items ?? {}, spoil), { maxLength: 3 });
    else if (type === 'object' || s.properties) {
      const props = s.properties ?? {};
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, prop] of Object.entries(props)) record[key] = valueFor(key, prop, spoil);
      value = fc.record(record, { requiredKeys: s.required?.filter((k) => k in props) ?? [] });
    } else value = fc.oneof(fc.string(), fc.integer(), fc.boolean());
    return s.nullable || (Array.isArray(s.type) && s.type.includes('null'))
      ? fc.option(value, { nil: null, freq: 8 })
      : value;
  };

  /** A JSON body for a schema: valid, spoiled field by field, or spoiled as a whole. */
  const jsonBody = (schema: JsonSchema): fc.Arbitrary<{ payload: string; contentType?: string }> => {
    const asJson = (arb: fc.Arbitrary<unknown>) => arb.map((v) => ({ payload: JSON.stringify(v) ?? '' }));
    const required = schema.required ?? [];
    return fc.oneof(
      { weight: 40, arbitrary: asJson(valueFor('body', schema, false)) },
      { weight: 60, arbitrary: asJson(valueFor('body', schema, true)) },
      // A required field missing.
      {
        weight: required.length ? 20 : 0,
        arbitrary: fc
          .tuple(valueFor('body', schema, false), fc.constantFrom(...(required.length ? required : ['x'])))
          .map(([v, key]) => {
            const copy = { ...(v as Record<string, unknown>) };
            delete copy[key];
            return { payload: JSON.stringify(copy) };
          }),
      },
      // Fields nobody asked for.
      {
        weight: 10,
        arbitrary: fc
          .tuple(valueFor('body', schema, false), fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }))
          .map(([v, extra]) => ({
            payload: JSON.stringify(
              typeof v === 'object' && v !== null ? { ...extra, ...v, isAdmin: true, role: 'admin' } : extra,
            ),
          })),
      },
      { weight: 10, arbitrary: asJson(fc.oneof(wrongType, nastyString, fc.jsonValue())) },
      { weight: 20, arbitrary: brokenJson.map((payload) => ({ payload })) },
      {
        weight: 20,
        arbitrary: fc
          .tuple(valueFor('body', schema, false), wrongContentType)
          .map(([v, contentType]) => ({ payload: JSON.stringify(v), contentType })),
      },
      // Over the 1 MB body limit.
      {
        weight: 1,
        arbitrary: fc.constant({ payload: JSON.stringify({ text: 'x'.repeat(1_100_000) }) }),
      },
    );
  };

  return { pools, idFor, validFor, valueFor, jsonBody };
}
