/** Bodies of the API fuzz test: hand-written multipart bodies and the odd values fields are spoiled with. */
import fc from 'fast-check';

export interface MultipartPart {
  name: string;
  filename?: string;
  type?: string;
  data: Buffer | string;
  /** A raw header block instead of the usual one. */
  rawHeader?: string;
}

/** A multipart/form-data body written by hand, so that broken ones can be written too. */
export function multipart(parts: MultipartPart[], boundary = 'fuzz-boundary-7MA4YWxk') {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const header =
      part.rawHeader ??
      `Content-Disposition: form-data; name="${part.name}"${part.filename === undefined ? '' : `; filename="${part.filename}"`}${part.type ? `\r\nContent-Type: ${part.type}` : ''}`;
    chunks.push(
      Buffer.from(`--${boundary}\r\n${header}\r\n\r\n`),
      Buffer.from(part.data),
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

const HUGE = 100 * 1024;
/** Text no field should take, in every way text can be odd. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\t\n',
    '\u0000',
    'a\u0000b',
    'x'.repeat(HUGE),
    'é'.repeat(HUGE / 2),
    '😀'.repeat(HUGE / 4),
    '\uD800',
    'a\uDFFFb',
    '\u202Egnp.exe',
    'e\u0301\u0301\u0301',
    '\u200B\uFEFF',
    'ﷺ𝕏Ω≈ç√',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '%00%ff',
    '$' + '{jndi:x}',
    'null',
    'NaN',
    '-1',
    '1e309',
    'true',
    '0x1F',
    '9'.repeat(400),
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
);

/** Values of the wrong type for any field. */
export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(1e20, -1, 0, Number.MAX_SAFE_INTEGER + 2, -8.64e15 - 1, 8.64e15 + 1),
  fc.constant([]),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }),
  fc.constant({}),
  fc.record({ nested: fc.string() }),
);

/** Numbers out of every range: of a Date, of PostgreSQL's integer, of safe integers, fractions. */
export const nastyNumber = fc.constantFrom(
  1e20,
  -1,
  -0,
  0.5,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 2,
  8.64e15 + 1,
  -8.64e15 - 1,
  1e308,
  5e-324,
);

/** JSON text that is not JSON, or JSON of another kind than an object. */
export const brokenJson = fc.constantFrom(
  '',
  '{',
  '{"text":',
  '{text: "x"}',
  "{'a':1}",
  '[',
  'nul',
  'undefined',
  '{"a":1}{"b":2}',
  '{"a":1,}',
  '\u0000',
  '\uFEFF{}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"admin":true}}}',
  '"\\ud800"',
  '{"a":"\\u0000"}',
  `{"a":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  'null',
  '[]',
  '42',
  '"text"',
  'true',
);

export const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/vnd.api+json',
  'multipart/form-data; boundary=x',
  'multipart/form-data',
  'application/octet-stream',
  'application/json, text/plain',
  'Application/JSON',
  ';;;',
);
