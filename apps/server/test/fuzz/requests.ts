import fc from 'fast-check';
import type { Auth, FuzzOperation, FuzzRequest } from './answers.js';
import { arbitraryFor, hostileString, type ArbitraryContext } from './arbitraries.js';

/**
 * The fuzzer's request generator: for an operation of the OpenAPI document, fast-check draws a
 * request from its own schemas, with real ids from the pools and hostile values mixed in (NUL,
 * lone surrogates, huge strings, deep or broken JSON, invalid UTF-8, odd content types).
 */

export const TRUSTED_ORIGIN = 'http://localhost:8080';

const BODY_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'];

/** fc.oneof over the choices of a positive weight. */
const weighted = <T>(...choices: fc.WeightedArbitrary<T>[]): fc.Arbitrary<T> =>
  fc.oneof(...choices.filter((c) => c.weight > 0));

/** Percent-encoding that lets a lone surrogate through (as the invalid UTF-8 bytes a client would send). */
function encodePart(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((char) => {
        const unit = char.charCodeAt(0);
        if (char.length === 1 && unit >= 0xd800 && unit <= 0xdfff) {
          return [0xed, 0xa0 | ((unit >> 6) & 0x1f), 0x80 | (unit & 0x3f)]
            .map((b) => `%${b.toString(16).toUpperCase()}`)
            .join('');
        }
        return encodeURIComponent(char);
      })
      .join('');
  }
}

/** Bodies no schema describes: deep, broken, not UTF-8, poisoned, too big. */
const RAW_BODIES: readonly (string | Buffer)[] = [
  '',
  '   ',
  'null',
  '[]',
  '"text"',
  '42',
  '{"a":',
  '{"a":1,}',
  `${'['.repeat(65)}${']'.repeat(65)}`,
  `{"x":${'['.repeat(5000)}${']'.repeat(5000)}}`,
  `{"x":${'{"y":'.repeat(3000)}1${'}'.repeat(3000)}}`,
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  '\ufeff{"a":1}',
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]),
  Buffer.from([0xc3, 0x28]),
  `{"big":"${'z'.repeat(2 * 1024 * 1024)}"}`,
];

const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=latin1',
  'application/octet-stream',
  'application/vnd.api+json',
];

/** The pool name of a parameter: a wildcard's depends on its path. */
const poolName = (op: FuzzOperation, name: string) =>
  name !== '*'
    ? name
    : op.path.startsWith('/play/')
      ? 'playPath'
      : op.path.startsWith('/demo-media/')
        ? 'demoMediaPath'
        : op.path.startsWith('/media/')
          ? 'mediaPath'
          : 'imagePath';

export const asText = (value: unknown): string =>
  typeof value === 'string' ? value : (JSON.stringify(value) ?? '');

/** The generator of requests for the operations, drawing from `ctx`'s pools and schemas. */
export function requestGenerator(ctx: ArbitraryContext) {
  /**
   * A request for `op`; `hostility` (0–10) is the weight of a hostile or mistyped value at each
   * place: 0 gives requests that follow the schema (and reach deep), 3 mostly broken ones.
   */
  function requestFor(op: FuzzOperation, hostility: number): fc.Arbitrary<FuzzRequest> {
    const parameters = op.operation.parameters ?? [];
    const pathParams = parameters.filter((p) => p.in === 'path');
    const queryParams = parameters.filter((p) => p.in === 'query');
    const headerParams = parameters.filter((p) => p.in === 'header');
    const bodySchema = op.operation.requestBody?.content?.['application/json']?.schema;

    const path = fc
      .tuple(...pathParams.map((p) => arbitraryFor(p.schema, ctx, poolName(op, p.name), 0, hostility)))
      .map((values) =>
        pathParams.reduce((url, p, i) => {
          const text = asText(values[i]);
          const encoded = p.name === '*' ? text.split('/').map(encodePart).join('/') : encodePart(text);
          return url.replace(`{${p.name}}`, encoded);
        }, op.path),
      );
    const query = fc
      .tuple(
        // Each declared parameter present two times in three (the run's coverage holds every one to it).
        ...queryParams.map((p) => fc.option(arbitraryFor(p.schema, ctx, p.name, 0, hostility), { freq: 3 })),
        hostility === 0
          ? fc.constant(null)
          : fc.option(fc.tuple(fc.string({ maxLength: 8 }), hostileString()), { freq: 8 }),
      )
      .map((values) => {
        const search = new URLSearchParams();
        const sent: string[] = [];
        queryParams.forEach((p, i) => {
          const value = values[i];
          if (value === null || value === undefined) return;
          const items = Array.isArray(value) ? value : [value];
          for (const item of items) search.append(p.name, asText(item));
          if (items.length > 0) sent.push(p.name);
        });
        const extra = values[queryParams.length] as [string, string] | null;
        if (extra) search.append(extra[0], extra[1]);
        const text = search.toString();
        return { search: text === '' ? '' : `?${text}`, sent };
      });
    const headers = fc
      .tuple(
        ...headerParams.map((p) =>
          fc.option(arbitraryFor(p.schema, ctx, p.name, 0, 0).map(asText), { freq: 2 }),
        ),
      )
      .map((values) =>
        Object.fromEntries(
          headerParams.flatMap((p, i) => {
            const value = values[i];
            // Header values must be ASCII without control characters (the HTTP parser refuses others before us).
            return typeof value === 'string' && /^[\x20-\x7e]*$/.test(value) ? [[p.name, value]] : [];
          }),
        ),
      );
    const hasBody = BODY_METHODS.includes(op.method);
    const body: fc.Arbitrary<{ payload?: string | Buffer; contentType?: string }> = !hasBody
      ? fc.constant({})
      : weighted(
          {
            weight: bodySchema ? 12 : 2,
            arbitrary: arbitraryFor(bodySchema ?? { type: 'object' }, ctx, '', 0, hostility).map((value) => ({
              payload: JSON.stringify(value) ?? '',
              contentType: 'application/json',
            })),
          },
          { weight: 2, arbitrary: fc.constant({}) },
          {
            weight: hostility === 0 ? 0 : 2,
            arbitrary: fc
              .constantFrom(...RAW_BODIES)
              .map((payload) => ({ payload, contentType: 'application/json' })),
          },
          {
            weight: hostility === 0 ? 0 : 1,
            arbitrary: fc
              .tuple(
                arbitraryFor(bodySchema ?? { type: 'object' }, ctx, '', 0, 0),
                fc.constantFrom(...CONTENT_TYPES),
              )
              .map(([value, contentType]) => ({ payload: JSON.stringify(value) ?? '', contentType })),
          },
        );
    const auth = fc.constantFrom<Auth>('session', 'session', 'session', 'anonymous', 'anonymous', 'bogus');
    const origin = fc.constantFrom(
      TRUSTED_ORIGIN,
      TRUSTED_ORIGIN,
      TRUSTED_ORIGIN,
      'https://evil.example',
      undefined,
    );
    const remoteAddress = fc.constantFrom('90.0.0.1', '90.0.0.2', '8.8.8.8', '2.2.2.2');

    // Headers every route may meet: ranges (inside, past the end, broken), conditional requests, compression, forwarded addresses.
    const extra = fc.option(
      fc.constantFrom<Record<string, string>>(
        { range: 'bytes=0-9' },
        { range: 'bytes=99999999-' },
        { range: 'bytes=-0' },
        { range: 'bytes=abc' },
        { 'if-none-match': '*' },
        { 'accept-encoding': 'br, gzip' },
        { 'x-forwarded-for': '8.8.8.8, 127.0.0.1' },
        { 'x-forwarded-for': 'not-an-address' },
      ),
      { freq: 4 },
    );
    return fc.record({ path, query, headers, extra, body, auth, origin, remoteAddress }).map((r) => {
      const requestHeaders: Record<string, string> = { ...r.headers, ...r.extra, accept: 'application/json' };
      if (r.body.contentType !== undefined) requestHeaders['content-type'] = r.body.contentType;
      if (r.origin !== undefined) requestHeaders.origin = r.origin;
      return {
        op,
        url: r.path + r.query.search,
        queryParams: r.query.sent,
        auth: r.auth,
        headers: requestHeaders,
        ...(r.body.payload === undefined ? {} : { payload: r.body.payload }),
        remoteAddress: r.remoteAddress,
      };
    });
  }

  return requestFor;
}
