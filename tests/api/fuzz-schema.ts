import fc from 'fast-check';

/** The part of JSON Schema (OpenAPI 3.0 flavour) the generated API document uses. */
export interface JsonSchema {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  nullable?: boolean;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** Generated strings and lists stay short: the breakers below bring the long ones. */
const GENERATED_TEXT_MAX = 40;
const GENERATED_LIST_MAX = 4;

/** A value the schema allows (as far as JSON Schema can say: zod refinements may still refuse it). */
export function valueFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema || Object.keys(schema).length === 0) return fc.jsonValue({ maxDepth: 2 });
  const nonNull = valueForNonNull(schema);
  return schema.nullable ? fc.oneof({ weight: 4, arbitrary: nonNull }, fc.constant(null)) : nonNull;
}

function valueForNonNull(schema: JsonSchema): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices) return fc.oneof(...choices.map(valueFor));
  switch (schema.type) {
    case 'string': {
      if (schema.format === 'email') return fc.emailAddress();
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      const minLength = schema.minLength ?? 0;
      const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? 60, GENERATED_TEXT_MAX));
      return fc.string({ minLength, maxLength });
    }
    case 'integer':
      return fc.integer({
        min: Math.max(schema.minimum ?? -1e6, Number.MIN_SAFE_INTEGER),
        max: Math.min(schema.maximum ?? 1e6, Number.MAX_SAFE_INTEGER),
      });
    case 'number':
      return fc.double({
        min: schema.minimum ?? -1e6,
        max: schema.maximum ?? 1e6,
        noNaN: true,
      });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(valueFor(schema.items), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(
          schema.minItems ?? 0,
          Math.min(schema.maxItems ?? 8, GENERATED_LIST_MAX),
        ),
      });
    case 'object': {
      const properties = schema.properties ?? {};
      const model = Object.fromEntries(
        Object.entries(properties).map(([key, value]) => [key, valueFor(value)]),
      );
      return fc.record(model, { requiredKeys: schema.required ?? [] });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** An own property, even for `__proto__` (plain assignment would set the prototype instead). */
function withOwn(target: Record<string, unknown>, key: string, value: unknown) {
  Object.defineProperty(target, key, {
    value,
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return target;
}

/** Strings that break parsers, number readers, date checks and databases. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\t\n',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '1e309',
  '-1e309',
  '0x10',
  '1_000',
  '12,50',
  ' 12.00 ',
  '1.005',
  '99999999999999999999999',
  '-1',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  "'; DROP TABLE trip_planners; --",
  '" OR 1=1 --',
  '../../../../etc/passwd',
  '..\\..\\windows',
  '%00',
  '%2e%2e%2f',
  'a\u0000b',
  '\u0000',
  '\ud800',
  '\udfff\ud800',
  '\u202eevil',
  'e\u0301\u0301\u0301',
  '\ufeff',
  '٣٤',
  '𝟙𝟚',
  '💥🧳✈️',
  '2024-02-30',
  '0000-00-00',
  '9999-12-31',
  '2027-13-01',
  '+275760-09-13',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
];
const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  0.1,
  1.5,
  -1e308,
  1e308,
  5e-324,
  2 ** 31,
  2 ** 53 + 2,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER,
];

/** Nested `depth` levels deep, as arrays or as objects. */
export function nested(depth: number, asObject: boolean): unknown {
  let value: unknown = asObject ? {} : [];
  for (let i = 0; i < depth; i++) value = asObject ? { a: value } : [value];
  return value;
}

export type Breaker =
  | { kind: 'delete' }
  | { kind: 'set'; value: unknown }
  /** Built when applied, so a counterexample prints as its depth rather than thousands of brackets. */
  | { kind: 'deep'; depth: number; asObject: boolean }
  | { kind: 'proto'; key: '__proto__' | 'constructor' | 'prototype' }
  | { kind: 'extra'; key: string; value: unknown };

/** One way to break one field: wrong type, empty, huge, NaN-like, deep, prototype keys, extra keys. */
export const breakerArb: fc.Arbitrary<Breaker> = fc.oneof(
  fc.constant<Breaker>({ kind: 'delete' }),
  fc.constantFrom(...NASTY_STRINGS).map((value): Breaker => ({ kind: 'set', value })),
  fc.constantFrom(...NASTY_NUMBERS).map((value): Breaker => ({ kind: 'set', value })),
  // Wrong types.
  fc
    .oneof(
      fc.constant(null),
      fc.boolean(),
      fc.integer(),
      fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 3 }),
    )
    .map((value): Breaker => ({ kind: 'set', value })),
  // Any text, including lone surrogates and every plane.
  fc.string({ unit: 'binary', maxLength: 60 }).map((value): Breaker => ({ kind: 'set', value })),
  // Long text: a little over each field's maximum up to past the 64 KB body limit.
  fc
    .constantFrom(101, 201, 256, 1001, 2001, 4097, 20_000, 70_000)
    .map((length): Breaker => ({ kind: 'set', value: 'é'.repeat(length) })),
  // Deep nesting, within and past the body limit.
  fc
    .tuple(fc.constantFrom(2, 50, 1000, 3000), fc.boolean())
    .map(([depth, asObject]): Breaker => ({ kind: 'deep', depth, asObject })),
  fc.constantFrom('__proto__', 'constructor', 'prototype').map((key): Breaker => ({
    kind: 'proto',
    key: key as '__proto__' | 'constructor' | 'prototype',
  })),
  fc
    .tuple(fc.string({ maxLength: 12 }), fc.jsonValue({ maxDepth: 2 }))
    .map(([key, value]): Breaker => ({ kind: 'extra', key, value })),
);

const POLLUTION = { polluted: true, isAdmin: true, status: 'paid' };

/** Every place in a JSON value a breaker can go: the value itself ([]) and each key or index below. */
export function pathsOf(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  const paths: (string | number)[][] = [prefix];
  if (Array.isArray(value)) {
    value.forEach((item, index) => paths.push(...pathsOf(item, [...prefix, index])));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      paths.push(...pathsOf(item, [...prefix, key]));
    }
  }
  return paths;
}

const clone = (value: unknown): unknown =>
  value === undefined ? undefined : (JSON.parse(JSON.stringify(value)) as unknown);

/**
 * The body with one field broken. `pick` chooses the place among pathsOf(body); `proto` and
 * `extra` add a key to the object at (or holding) that place.
 */
export function breakOne(body: unknown, pick: number, given: Breaker): unknown {
  const breaker: Exclude<Breaker, { kind: 'deep' }> =
    given.kind === 'deep' ? { kind: 'set', value: nested(given.depth, given.asObject) } : given;
  const copy = clone(body);
  const paths = pathsOf(copy);
  const at = paths[pick % paths.length]!;
  if (breaker.kind === 'set' && at.length === 0) return breaker.value;
  if (breaker.kind === 'delete' && at.length === 0) return undefined;
  // The container to change: the parent of a key for set/delete, the object itself (or its parent)
  // for added keys.
  const parentPath = breaker.kind === 'set' || breaker.kind === 'delete' ? at.slice(0, -1) : at;
  let target: unknown = copy;
  for (const key of parentPath) target = (target as Record<string | number, unknown>)[key];
  if (target === null || typeof target !== 'object') {
    target = copy;
    if (target === null || typeof target !== 'object') return copy;
  }
  const container = target as Record<string, unknown>;
  const key = at[at.length - 1];
  switch (breaker.kind) {
    case 'set':
      container[key as string] = breaker.value;
      break;
    case 'delete':
      if (Array.isArray(container)) container.splice(key as number, 1);
      else delete container[key as string];
      break;
    case 'proto':
      if (!Array.isArray(container)) {
        withOwn(
          container,
          breaker.key,
          breaker.key === 'constructor' ? { prototype: POLLUTION } : POLLUTION,
        );
      }
      break;
    case 'extra':
      if (!Array.isArray(container)) withOwn(container, breaker.key, breaker.value);
      break;
  }
  return copy;
}

/** Not JSON, or JSON sent wrongly: what a broken client or a probe sends. */
export type RawBody = { contentType: string | undefined; bytes: Buffer; label: string };

const WRONG_CONTENT_TYPES = [
  'text/plain',
  'text/plain; charset=utf-8',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=fuzz',
  'application/xml',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/jsonx',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;;;',
  'image/png',
  'video/mp4',
  '*/*',
  '',
];

/** Raw bodies made from a well-formed body's JSON text. */
export function rawBodyArb(validJson: string): fc.Arbitrary<RawBody> {
  const json = Buffer.from(validJson);
  const asJson = (bytes: Buffer, label: string): RawBody => ({
    contentType: 'application/json',
    bytes,
    label,
  });
  return fc.oneof(
    // Truncated JSON.
    fc
      .integer({ min: 0, max: Math.max(0, json.length - 1) })
      .map((end) => asJson(json.subarray(0, end), `truncated at ${end}`)),
    // The right JSON with the wrong content type, or none.
    fc.constantFrom(...WRONG_CONTENT_TYPES).map((contentType): RawBody => ({
      contentType: contentType === '' ? undefined : contentType,
      bytes: json,
      label: `content-type ${contentType || 'none'}`,
    })),
    // An empty body that says it is JSON.
    fc.constant(asJson(Buffer.alloc(0), 'empty')),
    // Invalid UTF-8 inside a string, and as the whole body.
    fc
      .constantFrom(
        [0xff, 0xfe],
        [0xc3, 0x28],
        [0xe2, 0x82],
        [0xf0, 0x28, 0x8c, 0x28],
        [0xed, 0xa0, 0x80],
        [0xc0, 0xaf],
      )
      .chain((bad) =>
        fc.constantFrom(
          asJson(
            Buffer.concat([Buffer.from('{"title":"'), Buffer.from(bad), Buffer.from('"}')]),
            `invalid UTF-8 ${bad.join(',')} in a string`,
          ),
          asJson(
            Buffer.concat([json.subarray(0, 2), Buffer.from(bad), json.subarray(2)]),
            `invalid UTF-8 ${bad.join(',')} inside the body`,
          ),
        ),
      ),
    fc
      .uint8Array({ minLength: 1, maxLength: 64 })
      .map((b) => asJson(Buffer.from(b), 'random bytes')),
    // JSON that is almost JSON.
    fc
      .constantFrom(
        '\ufeff' + validJson,
        validJson + validJson,
        validJson.replace(/"/g, "'"),
        validJson.replace(/}$/, ',}'),
        `/* note */ ${validJson}`,
        '{"a":NaN}',
        '{"a":Infinity}',
        '{"a":1e999999}',
        '{"a":-}',
        '{"a": "\\ud800"}',
        '{"a": "\\u0000"}',
        '{"__proto__":{"polluted":true}}',
        '{"constructor":{"prototype":{"polluted":true}}}',
        '{"a":1,"a":2}',
        'null',
        'true',
        '0',
        '""',
        '[]',
        '[' + validJson + ']',
        '{',
        '}',
        '"\\',
        ' '.repeat(100),
        '['.repeat(10_000),
        '{"a":'.repeat(5000),
        // Deeper than this test can serialise itself, balanced, within the body limit.
        '['.repeat(20_000) + ']'.repeat(20_000),
        '{"b":{"constructor":1},"a":' + '{"a":'.repeat(9000) + '1' + '}'.repeat(9001),
      )
      .map((text) => asJson(Buffer.from(text), `almost JSON: ${text.slice(0, 40)}`)),
  );
}

/** Values for a query or path parameter: random ids, huge, unicode, negative, malformed. */
export function parameterValueArb(realValues: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    // Real records often enough that an id-taking endpoint gets past "not found".
    ...(realValues.length > 0 ? [{ weight: 4, arbitrary: fc.constantFrom(...realValues) }] : []),
    fc.uuid(),
    fc.constantFrom(...NASTY_STRINGS.filter((s) => s !== '')),
    fc.constantFrom(...NASTY_NUMBERS.map(String)),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }),
    fc.constantFrom(101, 201, 1001, 3000).map((n) => 'x'.repeat(n)),
    fc.integer().map(String),
  );
}
