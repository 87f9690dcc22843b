import fc from 'fast-check';

/**
 * fast-check arbitraries from the JSON schemas of an OpenAPI 3.0 document: values that follow
 * the schema, with hostile strings, wrong types and real ids (pools named after the field or
 * parameter: assetId, userId, SessionId …) mixed in.
 */

export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  format?: string;
}

/** Strings a hostile client sends: NUL, lone surrogates, control and bidi characters, injections, huge ones. */
export const HOSTILE_STRINGS: readonly string[] = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00y',
  '\ud83d',
  '😀🇫🇷',
  '\u202eevil',
  '\u0007\u001b[31m',
  '\r\nX-Injected: 1',
  '../../../../etc/passwd',
  '..%2f..%2fetc%2fpasswd',
  "' OR 1=1 --",
  '"; drop table profiles; --',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '{{7*7}}',
  '%00',
  '%',
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '9'.repeat(400),
  'é'.repeat(300),
  'x'.repeat(5_000),
  'y'.repeat(70_000),
  // Locale-like junk: what a parameter handed to Intl (a collator, localeCompare, a formatter) throws on.
  'x',
  '12',
  'en-',
  'a b',
  'ü',
  'en_GB',
  'fr-FR-',
  '-fr',
  'de-1996-1996',
  'en,fr',
  'zz-ZZZZ-9',
  // Unicode without NUL: fullwidth, combining, right to left, astral, long.
  'ＦＲ',
  'e\u0301',
  'ع',
  '𝔣𝔯',
  'ü'.repeat(100),
];

/** Language tags Intl takes (the contract's LocaleTagSchema, `format: locale-tag`). */
export const LOCALE_TAGS: readonly string[] = [
  'fr',
  'en',
  'EN',
  'en-GB',
  'fr-CA',
  'zh-Hant-TW',
  'de-CH-1996',
  'ar-u-nu-latn',
];

/** What no engine stores as sent (PostgreSQL refuses NUL outright): drawn most often. */
const UNSTORABLE = ['\u0000', 'a\u0000b', '\ud800', 'x\udc00y', 'ok\u0000'];

export const hostileString = (): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...UNSTORABLE) },
    { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 24 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 24 }) },
  );

/** Any JSON value (a wrong type where a schema wants another). */
const anyJson = (): fc.Arbitrary<unknown> => fc.jsonValue({ maxDepth: 2 });

export interface Pools {
  /** Real values by field or parameter name (read when a value is drawn: pools change as the server's state does). */
  byName: Record<string, string[]>;
  /** Names whose real values are drawn far more often than made-up ones (the tenant: anything else is a plain 404). */
  pinned: ReadonlySet<string>;
}

export interface ArbitraryContext {
  resolve(ref: string): JsonSchema;
  pools: Pools;
}

/** A real value of the pool named `name`, when there is one. */
export function fromPool(pools: Pools, name: string): fc.Arbitrary<string> | undefined {
  if ((pools.byName[name]?.length ?? 0) === 0) return undefined;
  return fc.nat().map((i) => {
    const pool = pools.byName[name] ?? [];
    return pool.length === 0 ? '' : (pool[i % pool.length] as string);
  });
}

function regexFor(pattern: string): RegExp | undefined {
  try {
    return new RegExp(pattern);
  } catch {
    return undefined;
  }
}

function stringFor(schema: JsonSchema, hostile: number): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min, 40);
  const regex = schema.pattern === undefined ? undefined : regexFor(schema.pattern);
  const choices: fc.WeightedArbitrary<string>[] = [
    { weight: 6, arbitrary: fc.string({ minLength: min, maxLength: Math.min(max, Math.max(min, 40)) }) },
  ];
  if (regex !== undefined)
    choices.push({
      weight: 10,
      arbitrary: fc.stringMatching(regex).filter((s) => s.length >= min && s.length <= max),
    });
  if (schema.format === 'date-time')
    choices.push({ weight: 6, arbitrary: fc.date({ noInvalidDate: true }).map((d) => d.toISOString()) });
  if (schema.format === 'email') choices.push({ weight: 6, arbitrary: fc.emailAddress() });
  if (schema.format === 'locale-tag')
    choices.push({ weight: 10, arbitrary: fc.constantFrom(...LOCALE_TAGS) });
  // Any text the schema allows, NUL-free unicode included (a schema without a pattern does not restrict the characters).
  if (schema.pattern === undefined && schema.format === undefined)
    choices.push({
      weight: 2,
      arbitrary: fc
        .string({ unit: 'grapheme', minLength: min, maxLength: Math.min(max, Math.max(min, 40)) })
        .filter((text) => !text.includes('\u0000') && text.length <= max),
    });
  // The edges: exactly the longest allowed, one past it.
  if (schema.maxLength !== undefined && schema.maxLength <= 100_000) {
    choices.push({ weight: 1, arbitrary: fc.constant('m'.repeat(schema.maxLength)) });
    if (hostile > 0) choices.push({ weight: 1, arbitrary: fc.constant('m'.repeat(schema.maxLength + 1)) });
  }
  return fc.oneof(...choices);
}

function numberFor(schema: JsonSchema, integer: boolean, hostile: number): fc.Arbitrary<number> {
  const min = schema.minimum;
  const max = schema.maximum;
  const inRange = integer
    ? fc.integer({ min: min ?? -1_000_000, max: max ?? 10_000_000_000 })
    : fc.double({ noNaN: true, noDefaultInfinity: true, min: min ?? -1e12, max: max ?? 1e12 });
  const beyond =
    hostile > 0
      ? [
          min === undefined ? undefined : min - 1,
          max === undefined ? undefined : max + 1,
          0,
          -1,
          2 ** 53,
          1e308,
        ]
      : [];
  const edges = [min, max, ...beyond].filter((n): n is number => n !== undefined);
  return edges.length === 0
    ? inRange
    : fc.oneof({ weight: 6, arbitrary: inRange }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
}

/**
 * A value for `schema`. `name` is the field or parameter name (for the pools). `hostile` is the
 * weight (out of 10) of a hostile string or a value of another type at this place.
 */
export function arbitraryFor(
  schema: JsonSchema | undefined,
  ctx: ArbitraryContext,
  name = '',
  depth = 0,
  hostile = 1,
): fc.Arbitrary<unknown> {
  const valid = validArbitrary(schema ?? {}, ctx, name, depth, hostile);
  const pool = name === '' ? undefined : fromPool(ctx.pools, name);
  const choices: fc.WeightedArbitrary<unknown>[] = [{ weight: 10 - hostile, arbitrary: valid }];
  if (pool !== undefined) choices.push({ weight: ctx.pools.pinned.has(name) ? 200 : 10, arbitrary: pool });
  if (hostile > 0)
    choices.push({
      weight: hostile,
      arbitrary: fc.oneof({ weight: 3, arbitrary: hostileString() }, { weight: 1, arbitrary: anyJson() }),
    });
  return fc.oneof(...choices);
}

function validArbitrary(
  schema: JsonSchema,
  ctx: ArbitraryContext,
  name: string,
  depth: number,
  hostile: number,
): fc.Arbitrary<unknown> {
  if (schema.$ref !== undefined) return validArbitrary(ctx.resolve(schema.$ref), ctx, name, depth, hostile);
  if (schema.enum !== undefined && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants !== undefined && variants.length > 0)
    return fc.oneof(...variants.map((v) => validArbitrary(v, ctx, name, depth, hostile)));
  if (schema.allOf !== undefined && schema.allOf.length > 0)
    return validArbitrary(Object.assign({}, ...schema.allOf) as JsonSchema, ctx, name, depth, hostile);
  const types = [schema.type ?? (schema.properties ? 'object' : 'any')].flat();
  const nullable = schema.nullable === true || types.includes('null');
  const arbitraries = types
    .filter((t) => t !== 'null')
    .map((type) => typed(type, schema, ctx, name, depth, hostile));
  if (nullable) arbitraries.push(fc.constant(null));
  return arbitraries.length === 0 ? fc.constant(null) : fc.oneof(...arbitraries);
}

function typed(
  type: string,
  schema: JsonSchema,
  ctx: ArbitraryContext,
  name: string,
  depth: number,
  hostile: number,
): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringFor(schema, hostile);
    case 'integer':
      return numberFor(schema, true, hostile);
    case 'number':
      return numberFor(schema, false, hostile);
    case 'boolean':
      return fc.boolean();
    case 'array': {
      const maxLength = Math.min(schema.maxItems ?? 4, 4);
      const items = depth > 6 ? fc.constant(null) : arbitraryFor(schema.items, ctx, name, depth + 1, hostile);
      const arrays: fc.WeightedArbitrary<unknown[]>[] = [
        {
          weight: 8,
          arbitrary: fc.array(items, { minLength: Math.min(schema.minItems ?? 0, maxLength), maxLength }),
        },
      ];
      // One past the longest allowed (when it is not huge).
      if (hostile > 0 && schema.maxItems !== undefined && schema.maxItems < 1000) {
        arrays.push({
          weight: 1,
          arbitrary: fc.array(items, { minLength: schema.maxItems + 1, maxLength: schema.maxItems + 1 }),
        });
      }
      return fc.oneof(...arrays);
    }
    case 'object': {
      if (depth > 6) return fc.constant({});
      const properties = schema.properties ?? {};
      const record = fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, sub]) => [
            key,
            arbitraryFor(sub, ctx, key, depth + 1, hostile),
          ]),
        ),
        { requiredKeys: (schema.required ?? []).filter((key) => key in properties) },
      );
      if (hostile === 0) return record;
      const extra =
        schema.additionalProperties === false
          ? fc.constant({})
          : fc.dictionary(
              fc.oneof(
                fc.string({ maxLength: 12 }),
                fc.constantFrom('__proto__', 'constructor', 'a\u0000b', '\ud800', 'k'.repeat(200)),
              ),
              typeof schema.additionalProperties === 'object'
                ? arbitraryFor(schema.additionalProperties, ctx, '', depth + 1, hostile)
                : anyJson(),
              { maxKeys: 3 },
            );
      // Sometimes a required field is missing, sometimes an unknown one comes along.
      return fc
        .tuple(
          record,
          fc.oneof({ weight: 6, arbitrary: fc.constant({}) }, { weight: 1, arbitrary: extra }),
          fc.option(fc.constantFrom(...(schema.required ?? ['none'])), { freq: 12 }),
        )
        .map(([value, more, drop]) => {
          const object: Record<string, unknown> = {
            ...(more as Record<string, unknown>),
            ...(value as Record<string, unknown>),
          };
          if (drop !== null) delete object[drop];
          return object;
        });
    }
    default:
      return anyJson();
  }
}
