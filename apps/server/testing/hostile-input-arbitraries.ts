// Generators of hostile requests for the property-based tests in hostile-input.test.ts: text
// with NUL and lone surrogates, numbers past every range, wrong types, arrays for objects,
// deeply nested JSON, malformed percent-escapes and very long paths.
import fc from 'fast-check';

/** Characters no text column can hold: NUL and UTF-16 halves without their partner. */
export const POISON_CHARS = ['\u0000', '\uD800', '\uDBFF', '\uDC00', '\uDFFF'] as const;

/** How a poison character travels in a URL: NUL as %00, a lone surrogate as its (invalid) UTF-8 form. */
const POISON_ESCAPES: Record<string, string> = { '\u0000': '%00', '\uD800': '%ED%A0%80', '\uDBFF': '%ED%AF%BF', '\uDC00': '%ED%B0%80', '\uDFFF': '%ED%BF%BF' };

const FILLERS = ['خبر', 'تهران ۱۴۰۵', 'ي ك', '\u200c', '😀', '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd', '\\', '"', '{}', ' '];

const filler = fc.oneof(fc.constantFrom(...FILLERS), fc.string({ maxLength: 12 }));

/** Text with at least one NUL or lone surrogate somewhere inside. */
export const poisonText = fc.tuple(filler, fc.constantFrom(...POISON_CHARS), filler).map(([a, p, b]) => `${a}${p}${b}`);

/** Numbers no id, page or limit accepts: past int4 and 2^53, negative, fractional, not finite. */
export const hostileNumber = fc.oneof(
  fc.constantFrom(2_147_483_648, -2_147_483_649, 2 ** 53 + 2, 99_999_999_999, 1e308, -1, 0, 1.5, -0.5),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: Number.MIN_SAFE_INTEGER, max: -1 }),
  fc.double({ noDefaultInfinity: true }).filter((n) => !Number.isInteger(n)),
);

/** The same as text, plus spellings a careless parser turns into a number. */
export const hostileNumberText = fc.oneof(
  hostileNumber.map(String),
  fc.constantFrom('1e400', 'Infinity', '-Infinity', 'NaN', '0x10', '1.0e1', '+1', '-0', '', ' ', '1 OR 1=1', '٣', '۴۲', '1_000', '9007199254740993', '99999999999999999999999'),
);

/** Percent-escapes that decode to nothing valid. */
export const malformedEscape = fc.constantFrom('%', '%E0%A4%A', '%ZZ', '%C0%80', '%ED%A0%80', '%FF', '%E0%A4', '%%', '%u0041', '%2', '%F4%90%80%80');

const hex = (byte: number) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;

/** Percent-encodes any text, lone surrogates included (as the invalid UTF-8 bytes of their code unit). */
export function encodeText(text: string): string {
  let out = '';
  for (const ch of text) {
    const unit = ch.charCodeAt(0);
    out += POISON_ESCAPES[ch]
      ?? (ch.length === 1 && unit >= 0xd800 && unit <= 0xdfff
        ? hex(0xe0 | (unit >> 12)) + hex(0x80 | ((unit >> 6) & 0x3f)) + hex(0x80 | (unit & 0x3f))
        : encodeURIComponent(ch));
  }
  return out;
}

/** One path segment, already as it goes on the wire. */
export const hostileSegment = fc.oneof(
  hostileNumberText.map(encodeText),
  poisonText.map(encodeText),
  fc.tuple(fc.constantFrom('', '12', 'slug-'), malformedEscape, fc.constantFrom('', '7', 'x')).map((parts) => parts.join('')),
  fc.constantFrom('..', '.', '%2e%2e', '%2F', '~', 'null', 'undefined', '[object Object]', 'constructor', '__proto__'),
  fc.integer({ min: 300, max: 3000 }).map((n) => '9'.repeat(n)),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeText),
);

/** The tail of a page address (`/*`): known first segments followed by hostile ones, up to a few thousand characters. */
export const hostilePagePath = fc.tuple(
  fc.constantFrom('article', 's', 'category', 'search', 'trending', 'bookmarks', 'admin', 'assets', 'media', 'x'),
  fc.array(hostileSegment, { minLength: 1, maxLength: 4 }),
).map(([head, rest]) => [head, ...rest].join('/'));

const GENERIC_KEYS = ['id', 'ids', 'articleId', 'title', 'content', 'email', 'name', 'q', 'page', 'limit', 'category', 'status', 'from', 'to', '__proto__', 'constructor'];

/** Values of every wrong kind: poison text, hostile numbers, wrong types, arrays, nested objects, very long text. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  poisonText,
  poisonText,
  hostileNumber,
  hostileNumberText,
  fc.constantFrom(null, true, false, [], {}, [[]], [null], { length: 1 }),
  fc.array(fc.oneof(poisonText, hostileNumber), { maxLength: 3 }),
  fc.dictionary(fc.constantFrom(...GENERIC_KEYS), fc.oneof(poisonText, hostileNumber), { maxKeys: 3 }),
  fc.integer({ min: 1000, max: 100_000 }).map((n) => 'ا'.repeat(n)),
);

/** A query string (without '?'): keys of the route's own query schema and others, hostile values, some raw malformed escapes. */
export function hostileQuery(keys: readonly string[]): fc.Arbitrary<string> {
  const value = fc.oneof(
    { weight: 3, arbitrary: poisonText.map(encodeText) },
    { weight: 2, arbitrary: hostileNumberText.map(encodeText) },
    { weight: 1, arbitrary: malformedEscape },
    { weight: 1, arbitrary: fc.integer({ min: 1000, max: 20_000 }).map((n) => 'x'.repeat(n)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map(encodeText) },
  );
  const serialise = (pairs: Array<[string, string]>) => pairs.map(([k, v]) => `${encodeText(k)}=${v}`).join('&');
  const anyPairs = fc.array(fc.tuple(fc.constantFrom(...new Set([...keys, ...GENERIC_KEYS])), value), { maxLength: 4 }).map(serialise);
  if (!keys.length) return anyPairs;
  // Mostly one of the route's own parameters alone, so the hostile value is what validation judges.
  return fc.oneof({ weight: 3, arbitrary: fc.tuple(fc.constantFrom(...keys), value).map((pair) => serialise([pair])) }, { weight: 2, arbitrary: anyPairs });
}

export interface HostileBody {
  contentType: string;
  payload: string;
}

/** A JSON text nested `depth` levels deep, written out without recursion. */
export function deepJson(depth: number, kind: 'array' | 'object', leaf: string): string {
  return kind === 'array' ? `${'['.repeat(depth)}${leaf}${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}${leaf}${'}'.repeat(depth)}`;
}

/** Bodies: objects with the route's own field names holding the wrong things, arrays and scalars for objects, deep nesting, broken JSON. */
export function hostileBody(keys: readonly string[]): fc.Arbitrary<HostileBody> {
  const json = (value: unknown): HostileBody => ({ contentType: 'application/json', payload: JSON.stringify(value) });
  const key = fc.constantFrom(...new Set([...keys, ...GENERIC_KEYS]));
  const ownFields = keys.length
    // One or two of the route's own fields, so the hostile value is what validation and the handler see.
    ? fc.dictionary(fc.constantFrom(...keys), hostileValue, { minKeys: 1, maxKeys: 2 }).map(json)
    : fc.dictionary(key, hostileValue, { minKeys: 1, maxKeys: 2 }).map(json);
  return fc.oneof(
    { weight: 4, arbitrary: ownFields },
    { weight: 2, arbitrary: fc.dictionary(key, hostileValue, { minKeys: 1, maxKeys: 5 }).map(json) },
    { weight: 1, arbitrary: fc.array(fc.dictionary(key, hostileValue, { maxKeys: 3 }), { minLength: 1, maxLength: 3 }).map(json) },
    { weight: 1, arbitrary: fc.oneof(hostileNumber, poisonText, fc.constantFrom(null, true, 'text')).map(json) },
    {
      weight: 1,
      arbitrary: fc.tuple(fc.integer({ min: 500, max: 50_000 }), fc.constantFrom('array', 'object') as fc.Arbitrary<'array' | 'object'>, fc.constantFrom('1', '"\\u0000"', 'null'))
        .map(([depth, kind, leaf]) => ({ contentType: 'application/json', payload: deepJson(depth, kind, leaf) })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        { contentType: 'application/json', payload: '{"title": "خبر"' },
        { contentType: 'application/json', payload: '{"a":1,}' },
        { contentType: 'application/json', payload: '\u0000' },
        { contentType: 'application/json', payload: '{"__proto__": {"admin": true}}' },
        { contentType: 'application/json', payload: '{"constructor": {"prototype": {"x": 1}}}' },
        { contentType: 'text/plain', payload: 'title=x' },
        { contentType: 'application/x-www-form-urlencoded', payload: 'title=%00' },
        { contentType: 'multipart/form-data; boundary=zz', payload: '--zz\r\nContent-Disposition: form-data; name="file"; filename="a.jpg"\r\n\r\n\u00ff\u00d8\u00ff' },
      ),
    },
  );
}

/** Field names of a zod object schema (through refinements and pipes), for aiming values at real fields. */
export function schemaKeys(schema: unknown): string[] {
  let current = schema as { shape?: Record<string, unknown>; _zod?: { def?: { in?: unknown; schema?: unknown; innerType?: unknown } } } | undefined;
  for (let i = 0; i < 5 && current; i++) {
    if (current.shape && typeof current.shape === 'object') return Object.keys(current.shape);
    const def = current._zod?.def;
    current = (def?.in ?? def?.schema ?? def?.innerType) as typeof current;
  }
  return [];
}
