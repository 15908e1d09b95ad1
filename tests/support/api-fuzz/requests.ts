/** Requests of the API fuzz test, derived from a route of the OpenAPI document and spoiled. */
import fc from 'fast-check';
import { brokenJson, type MultipartPart, multipart, nastyString, wrongType } from './bodies';
import type { Parameter, Route } from './openapi';
import { valueArbitraries } from './values';
import type { ActorName, World } from './world';

/** Percent-encoding of any string, lone surrogates included (encodeURIComponent throws on them). */
export const encodePathSegment = (value: string) =>
  [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9\-_.~]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

export interface FuzzRequest {
  actor: string;
  method: Route['method'];
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  remoteAddress: string;
}

export function arbitraries(w: World) {
  const { pools, idFor, validFor, valueFor, jsonBody } = valueArbitraries(w);
  /** A multipart body for an upload route: a picture (or not), captions, and broken bodies. */
  const imagePart = fc
    .constantFrom(...w.images)
    .map((img): MultipartPart => ({ name: 'file', filename: img.name, type: img.type, data: img.data }));
  const caption = valueFor('caption', { type: 'string', maxLength: 200 }, true).map(
    (v): MultipartPart => ({ name: 'caption', data: typeof v === 'string' ? v : (JSON.stringify(v) ?? '') }),
  );
  type Body = { payload: string | Buffer; contentType?: string };
  const fromParts = (parts: MultipartPart[], boundary?: string): Body => {
    const { payload, headers } = multipart(parts, boundary);
    return { payload, contentType: headers['content-type'] };
  };
  const multipartBody: fc.Arbitrary<Body> = fc.oneof(
    {
      weight: 6,
      arbitrary: fc
        .tuple(imagePart, fc.option(caption), fc.boolean())
        .map(([file, c, captionFirst]) => fromParts(c ? (captionFirst ? [c, file] : [file, c]) : [file])),
    },
    { weight: 1, arbitrary: caption.map((c) => fromParts([c])) },
    { weight: 1, arbitrary: fc.tuple(imagePart, imagePart).map((files) => fromParts(files)) },
    {
      weight: 1,
      arbitrary: imagePart.map((file) =>
        fromParts([...Array.from({ length: 12 }, (_, i) => ({ name: `f${i}`, data: 'x' })), file]),
      ),
    },
    {
      weight: 2,
      arbitrary: fc.tuple(imagePart, fc.nat()).map(([file, at]) => {
        const body = fromParts([file]);
        const payload = body.payload as Buffer;
        return { ...body, payload: payload.subarray(0, at % payload.length) };
      }),
    },
    {
      weight: 1,
      arbitrary: imagePart.map((file) => ({ ...fromParts([file]), contentType: 'multipart/form-data' })),
    },
    {
      weight: 1,
      arbitrary: imagePart.map((file) => ({
        ...fromParts([file]),
        contentType: 'multipart/form-data; boundary=not-the-one',
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .oneof(nastyString, fc.constant('--x\r\n\r\n'))
        .map((text) => ({ payload: text, contentType: 'multipart/form-data; boundary=x' })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom(
          'Content-Disposition: nonsense',
          'Content-Disposition: form-data',
          'Content-Disposition: form-data; name="file"; filename="../../../etc/passwd"',
          'Content-Disposition: form-data; name="file"; filename="a\u0000.png"',
          'Content-Disposition: form-data; name="__proto__"',
          'Content-Disposition: form-data; name="file"; filename*=UTF-8\'\'%F0%9F%98%80.png',
          `Content-Disposition: form-data; name="${'n'.repeat(5000)}"; filename="a.png"`,
          'X: y',
        )
        .chain((rawHeader) => imagePart.map((file) => fromParts([{ ...file, rawHeader }]))),
    },
    {
      weight: 1,
      arbitrary: imagePart.map((file) => fromParts([{ ...file, filename: 'Ω😀 photo\u202E.png' }])),
    },
    { weight: 1, arbitrary: fc.constant({ payload: '', contentType: 'multipart/form-data; boundary=x' }) },
    { weight: 1, arbitrary: jsonBody({ type: 'object', properties: { file: { type: 'string' } } }) },
  );

  /** A query string: declared parameters (valid, spoiled, repeated), unknown ones, or a broken one. */
  const queryFor = (params: Parameter[]): fc.Arbitrary<string> => {
    if (!params.length) {
      return fc.oneof(
        { weight: 5, arbitrary: fc.constant('') },
        { weight: 1, arbitrary: fc.constantFrom('?x=1', '?%', '?a=%zz', '?&&=&') },
      );
    }
    const entries = params.map((p) =>
      fc.option(
        fc
          .oneof(
            { weight: 4, arbitrary: validFor(p.name, p.schema, true) },
            { weight: 2, arbitrary: nastyString },
            { weight: 1, arbitrary: wrongType },
          )
          .map((v) => [p.name, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')] as const),
        { freq: 3 },
      ),
    );
    return fc
      .tuple(
        fc.tuple(...entries),
        fc.constantFrom('', '', '', '&extra=1', '&page=1&page=2', '&%=', '&limit=%'),
      )
      .map(([values, tail]) => {
        const search = new URLSearchParams();
        for (const entry of values) if (entry) search.append(entry[0], entry[1]);
        const text = `${search.toString()}${tail}`;
        return text ? `?${text}` : '';
      });
  };

  /** Who sends it: a guest, someone of each role, or a token that must be refused. */
  const actor = fc.oneof(
    { weight: 2, arbitrary: fc.constant({ name: 'guest', header: undefined as string | undefined }) },
    {
      weight: 12,
      arbitrary: fc
        .constantFrom(...(Object.keys(w.sessions) as ActorName[]))
        .map((name) => ({ name, header: `Bearer ${w.sessions[name].token}` as string | undefined })),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...w.badTokens),
          fc.constantFrom('Bearer ', 'bearer ', 'Basic ', 'Bearer  ', ''),
        )
        .map(([token, scheme]) => ({ name: 'bad token', header: `${scheme}${token}` as string | undefined })),
    },
  );

  const requestFor = (route: Route): fc.Arbitrary<FuzzRequest> => {
    const params = route.op.parameters ?? [];
    const pathParams = params.filter((p) => p.in === 'path');
    const poolOf = (name: string): keyof typeof pools =>
      name === 'userId' || route.path.startsWith('/api/management/users/')
        ? 'user'
        : name === 'imageId'
          ? 'image'
          : route.path.startsWith('/api/notifications/')
            ? 'notification'
            : route.path.startsWith('/api/comments/')
              ? 'comment'
              : 'establishment';
    // Mostly ids percent-encoded as a client would; sometimes a raw segment a client should not send.
    const segment = (pool: keyof typeof pools) =>
      fc.oneof(
        { weight: 20, arbitrary: idFor(pool).map(encodePathSegment) },
        {
          weight: 1,
          arbitrary: fc.constantFrom('%', '%zz', '%E0%A4%A', '%00', '%2e%2e', 'a%2Fb', '.', '..'),
        },
      );
    const urlPath = fc.tuple(...pathParams.map((p) => segment(poolOf(p.name)))).map((values) => {
      let url = route.path;
      pathParams.forEach((p, i) => {
        url = url.replace(`{${p.name}}`, values[i]!);
      });
      return url;
    });
    const headerParams = params.filter((p) => p.in === 'header');
    const headers = fc.tuple(
      ...headerParams.map((p) =>
        fc.option(
          fc
            .oneof(
              fc.uuid(),
              fc.constantFrom('', ' ', 'same-key', 'x'.repeat(201), 'with space', '\u00e9t\u00e9'),
              fc.string({ unit: 'grapheme-ascii', maxLength: 30 }).filter((v) => !/[\r\n]/.test(v)),
            )
            .map((v) => [p.name, v] as const),
        ),
      ),
    );
    const jsonSchema = route.op.requestBody?.content['application/json']?.schema;
    const body: fc.Arbitrary<Body | undefined> = route.multipart
      ? fc.oneof({ weight: 9, arbitrary: multipartBody }, { weight: 1, arbitrary: fc.constant(undefined) })
      : jsonSchema
        ? jsonBody(jsonSchema)
        : fc.oneof(
            { weight: 8, arbitrary: fc.constant(undefined) },
            {
              weight: 1,
              arbitrary: brokenJson.map((payload) => ({ payload, contentType: 'application/json' })),
            },
            { weight: 1, arbitrary: fc.constant({ payload: '{"a":1}', contentType: 'text/plain' }) },
            { weight: 1, arbitrary: multipartBody },
          );
    return fc
      .record({
        urlPath,
        query: queryFor(params.filter((p) => p.in === 'query')),
        headers,
        body,
        actor,
        remoteAddress: fc.ipV4(),
      })
      .map(({ urlPath, query, headers, body, actor, remoteAddress }): FuzzRequest => {
        const h: Record<string, string> = {};
        for (const header of headers) if (header) h[header[0]] = header[1];
        if (actor.header !== undefined) h.authorization = actor.header;
        if (body?.contentType !== undefined) h['content-type'] = body.contentType;
        else if (body) h['content-type'] = 'application/json';
        return {
          actor: actor.name,
          method: route.method,
          url: `${urlPath}${query}`,
          headers: h,
          payload: body?.payload,
          remoteAddress,
        };
      });
  };
  return { requestFor };
}
