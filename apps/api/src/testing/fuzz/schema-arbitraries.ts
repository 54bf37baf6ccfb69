import fc from 'fast-check';

/** The part of JSON Schema (draft 2020-12) that zod writes into the OpenAPI document. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  propertyNames?: JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
}

/**
 * Realistic values by field name (a SKU of the catalogue, an existing cart), or by FIELD_NAME for
 * the names of a free-form object's fields (filters, attributes): they lead past the handlers' first checks.
 */
export type Hints = (name: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;
export const FIELD_NAME = '(field name)';

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

export const HUGE_LENGTH = 100_000;
const DEEP_NESTING = 200;

/**
 * A value nested deeper than JSON.stringify (or any recursive walk) can go: it stands in the
 * generated value as this string, and `jsonText` writes it as 10,000 nested arrays (20 KB).
 */
const TOO_DEEP_FOR_THE_STACK = '\u{1F573} nested too deep for the stack';
const tooDeepText = `${'['.repeat(10_000)}${']'.repeat(10_000)}`;

/** The JSON text of a generated value. */
export function jsonText(value: unknown): string {
  return JSON.stringify(value).replaceAll(JSON.stringify(TOO_DEEP_FOR_THE_STACK), tooDeepText);
}

/** `depth` arrays or objects inside one another, a number at the bottom. */
function nested(depth: number, kind: 'array' | 'object'): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = kind === 'array' ? [value] : { a: value };
  return value;
}

/** Strings that break naive code: controls and NUL, lone surrogates, bidi overrides, astral symbols, number look-alikes, injections. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u001b[31mred',
  '\u007f\u0085\u009f',
  'line\nbreak\ttab\r',
  '\u2028\u2029',
  '\ufeffbom',
  '\ud800',
  'x\udfffy',
  '\u202eevil\u202c',
  'مرحبا بالعالم',
  'שלום',
  '😀👨‍👩‍👧‍👦🏳️‍🌈',
  '𝕳𝖊𝖑𝖑𝖔 𐍈',
  'Z̴̡̛a̷l̸g̵o̶',
  'NaN',
  'Infinity',
  '-0',
  '1e308',
  '1e309',
  '-1e308',
  '0x1F',
  '9007199254740993',
  '99999-12-31',
  '0000-01-01',
  '１２３',
  '١٢٣',
  "' OR '1'='1' --",
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  '../../etc/passwd',
  '%00%zz%',
  '__proto__',
  'constructor',
];

/**
 * 100k characters (over the API's default body limit: refused whole) or 20k (under it: validated).
 * Not shrunk: shrinking one character at a time would cost a request each.
 */
const hugeString = fc.noShrink(
  fc.tuple(fc.constantFrom('x', 'é', '😀', '\u0000', '<'), fc.constantFrom(HUGE_LENGTH, HUGE_LENGTH / 5)).map(([unit, length]) => unit.repeat(length / unit.length)),
);

/** Any string: one of the nasty ones, random Unicode (controls and astral planes included) or a huge one. */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: hugeString },
);

const nastyNumber = fc.oneof(
  fc.constantFrom(-0, 1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -1, 0.5, 2 ** 31, Number.MIN_VALUE),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** A JSON value of any type, of the nasty kind: what a hostile client sends where something else was expected. */
export const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: nastyString },
  { weight: 2, arbitrary: nastyNumber },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(null, true, false, [], {}, [null], JSON.parse('{"__proto__":{"admin":true}}')) },
  { weight: 1, arbitrary: fc.constantFrom('array', 'object').map((kind) => nested(DEEP_NESTING, kind as 'array' | 'object')) },
  { weight: 1, arbitrary: fc.constant(TOO_DEEP_FOR_THE_STACK) },
  { weight: 1, arbitrary: fc.array(nastyString, { maxLength: 3 }) },
);

type Step = string | number;
type Node = Record<Step, unknown>;

/** The path to every place in a JSON value, the value itself first. */
function places(value: unknown, path: Step[] = [], out: Step[][] = []): Step[][] {
  out.push(path);
  if (value !== null && typeof value === 'object') for (const [key, item] of Object.entries(value)) places(item, [...path, Array.isArray(value) ? Number(key) : key], out);
  return out;
}

const put = (node: Node, key: Step, value: unknown) => Object.defineProperty(node, key, { value, enumerable: true, writable: true, configurable: true });

/**
 * Values broken at one place chosen anywhere in them, free-form fields included (which the schema
 * cannot steer to): that place is replaced by a nasty value, removed, or given a nasty field.
 */
export function brokenSomewhere(values: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(values, fc.nat(), fc.constantFrom('replace', 'remove', 'add'), nastyValue, nastyString).map(([value, chosen, how, nasty, key]) => {
    // A copy as JSON.parse makes it: a `__proto__` key stays an own field.
    const root = JSON.parse(JSON.stringify({ value })) as Node;
    const all = places(root.value, ['value']);
    const path = all[chosen % all.length]!;
    const parent = path.slice(0, -1).reduce<Node>((node, step) => node[step] as Node, root);
    const last = path.at(-1)!;
    const target = parent[last];
    if (how === 'add' && target !== null && typeof target === 'object' && !Array.isArray(target)) put(target as Node, key.slice(0, 1000), nasty);
    else if (how === 'remove' && Array.isArray(parent)) parent.splice(Number(last), 1);
    else if (how === 'remove' && path.length > 1) delete parent[last];
    else put(parent, last, nasty);
    return root.value;
  });
}

/** The longest prefix of whole code points that fits in `max` UTF-16 units (zod counts those). */
function fitUtf16(value: string, max: number): string {
  let out = '';
  for (const point of value) {
    if (out.length + point.length > max) break;
    out += point;
  }
  return out;
}

/** `^[…]*$`: a string of one character class, the shape of the contracts' "no control characters" rule. */
const ONE_CLASS = /^\^(\[(?:\\.|[^\]\\])*\])\*\$$/;

const within = (value: string, min: number, max: number) => value.length >= min && value.length <= max;

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Math.max(min, 200);
  if (schema.format === 'uri') return fc.webUrl().filter((url) => within(url, min, max));
  if (schema.format === 'email') return fc.emailAddress().filter((email) => within(email, min, max));
  const oneClass = schema.pattern ? ONE_CLASS.exec(schema.pattern) : null;
  if (schema.pattern && !oneClass) return fc.stringMatching(new RegExp(schema.pattern, 'u')).filter((s) => within(s, min, max));
  // One character at a time: ASCII mostly, any printable grapheme, and where no pattern forbids them, controls too.
  const units: fc.Arbitrary<string>[] = [fc.string({ unit: 'grapheme-ascii', minLength: 1, maxLength: 1 }), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })];
  if (!oneClass) units.push(fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }));
  const allowed = oneClass ? new RegExp(`^${oneClass[1]}+$`, 'u') : undefined;
  const unit = fc.oneof(...units).filter((char) => allowed?.test(char) ?? true);
  const lengths = [fc.string({ unit, minLength: min, maxLength: Math.min(max, 40) })];
  // The longest value allowed, as long as it stays cheap to send.
  if (max <= 10_000 && max > 40) lengths.push(fc.string({ unit, minLength: max, maxLength: max, size: 'max' }));
  return fc.oneof(...lengths).map((s) => fitUtf16(s, max)).filter((s) => s.length >= min);
}

function validNumber(schema: JsonSchema): fc.Arbitrary<number> {
  if (schema.type === 'integer') {
    const low = Math.max(schema.minimum ?? (schema.exclusiveMinimum ?? -Infinity) + 1, Number.MIN_SAFE_INTEGER);
    const high = Math.min(schema.maximum ?? (schema.exclusiveMaximum ?? Infinity) - 1, Number.MAX_SAFE_INTEGER);
    return fc.bigInt({ min: BigInt(low), max: BigInt(high) }).map(Number);
  }
  return fc.double({
    noNaN: true,
    noDefaultInfinity: true,
    min: schema.minimum ?? schema.exclusiveMinimum,
    minExcluded: schema.exclusiveMinimum !== undefined,
    max: schema.maximum ?? schema.exclusiveMaximum,
    maxExcluded: schema.exclusiveMaximum !== undefined,
  });
}

/** Printable JSON: what an untyped field (`{}` in the document) takes. */
const anyJson = fc.jsonValue({ maxDepth: 2 }).filter((value) => !/\\u00[01]|\\u007f/i.test(JSON.stringify(value) ?? ''));

/**
 * Arbitraries for the schemas of an OpenAPI document: `valid` values that the schema accepts, and
 * `invalid` ones that break it one way at a time (wrong type, missing or extra field, out of bounds,
 * pattern broken) or are nasty anywhere (huge, deeply nested, NUL and other controls, astral, RTL).
 */
export function schemaArbitraries(components: Record<string, JsonSchema>, hints: Hints = () => undefined) {
  const resolve = (schema: JsonSchema): JsonSchema => {
    if (!schema.$ref) return schema;
    const target = components[schema.$ref.replace('#/components/schemas/', '')];
    if (!target) throw new Error(`Unknown schema ${schema.$ref}`);
    return resolve(target);
  };
  const branches = (schema: JsonSchema) =>
    schema.anyOf ?? schema.oneOf ?? (Array.isArray(schema.type) ? schema.type.map((type) => ({ ...schema, type })) : undefined);

  function validObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
    const properties = schema.properties ?? {};
    const known = fc.record(
      Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valid(property, name)])),
      { requiredKeys: (schema.required ?? []).filter((name) => name in properties) },
    );
    const extraSchema = schema.additionalProperties === true ? {} : schema.additionalProperties;
    if (!extraSchema) return known;
    // Extra field names are one-line text (the contracts refine it; a document cannot say so).
    const name = (valid({ type: 'string', ...schema.propertyNames }, FIELD_NAME) as fc.Arbitrary<string>).filter((key) => !CONTROL_CHARACTER.test(key));
    const extra = fc.dictionary(name, valid(extraSchema), { maxKeys: 3 });
    return fc.tuple(extra, known).map(([more, fields]) => ({ ...Object.fromEntries(Object.entries(more).filter(([key]) => !(key in properties))), ...fields }));
  }

  function validOf(schema: JsonSchema): fc.Arbitrary<unknown> {
    if (schema.const !== undefined) return fc.constant(schema.const);
    if (schema.enum) return fc.constantFrom(...schema.enum);
    const alternatives = branches(schema);
    if (alternatives) return fc.oneof(...alternatives.map((branch) => valid(branch)));
    switch (schema.type) {
      case 'object':
        return validObject(schema);
      case 'array':
        return fc.array(valid(schema.items ?? {}), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 4, Math.max(schema.minItems ?? 0, 4)) });
      case 'string':
        return validString(schema);
      case 'integer':
      case 'number':
        return validNumber(schema);
      case 'boolean':
        return fc.boolean();
      case 'null':
        return fc.constant(null);
      default:
        return anyJson;
    }
  }

  /** A value the schema accepts; a field named in the hints is often given a realistic one. */
  function valid(schema: JsonSchema, name?: string): fc.Arbitrary<unknown> {
    const resolved = resolve(schema);
    const hint = name === undefined ? undefined : hints(name, resolved);
    return hint ? fc.oneof(hint, validOf(resolved)) : validOf(resolved);
  }

  function invalidObject(schema: JsonSchema): fc.Arbitrary<unknown>[] {
    const whole = validObject(schema);
    const properties = Object.entries(schema.properties ?? {});
    const required = (schema.required ?? []).filter((name) => schema.properties?.[name]);
    const ways: fc.Arbitrary<unknown>[] = [
      // An extra field, named anything (`__proto__` included: an own property, as JSON.parse makes it).
      fc.tuple(whole, nastyString.filter((key) => key.length < 1000), nastyValue).map(([value, key, extra]) =>
        Object.defineProperty({ ...value }, key, { value: extra, enumerable: true, writable: true, configurable: true }),
      ),
      whole.map((value) => [value]),
    ];
    if (required.length > 0) {
      ways.push(fc.tuple(whole, fc.constantFrom(...required)).map(([value, name]) => Object.fromEntries(Object.entries(value).filter(([key]) => key !== name))));
    }
    if (properties.length > 0) {
      const broken = fc.oneof(...properties.map(([name, property]) => invalid(property).map((bad) => [name, bad] as const)));
      ways.push(fc.tuple(whole, broken).map(([value, [name, bad]]) => ({ ...value, [name]: bad })));
    }
    return ways;
  }

  function invalidArray(schema: JsonSchema): fc.Arbitrary<unknown>[] {
    const item = valid(schema.items ?? {});
    const ways: fc.Arbitrary<unknown>[] = [
      fc.tuple(fc.array(item, { maxLength: 2 }), invalid(schema.items ?? {})).map(([items, bad]) => [...items, bad]),
      item.map((value) => ({ 0: value })),
    ];
    const { minItems = 0, maxItems } = schema;
    if (maxItems !== undefined && maxItems < 1000) ways.push(item.map((value) => Array.from({ length: maxItems + 1 }, () => value)));
    if (minItems > 0) ways.push(fc.array(item, { maxLength: minItems - 1 }));
    return ways;
  }

  function invalidString(schema: JsonSchema): fc.Arbitrary<unknown>[] {
    const ways: fc.Arbitrary<unknown>[] = [nastyString, fc.constantFrom(0, 1.5, true, null, ['a'], { value: 'a' })];
    if (schema.maxLength !== undefined) ways.push(fc.constantFrom('a', '😀').map((unit) => unit.repeat(schema.maxLength! + 1)));
    if ((schema.minLength ?? 0) > 0) ways.push(fc.constant('a'.repeat(schema.minLength! - 1)));
    if (schema.enum || schema.const !== undefined) ways.push(fc.constantFrom('not-an-option', 'EUR ', 'product\u0000'));
    return ways;
  }

  function invalidNumber(schema: JsonSchema): fc.Arbitrary<unknown>[] {
    const ways: fc.Arbitrary<unknown>[] = [nastyNumber, fc.constantFrom('1', '1e3', 'NaN', '-0', 'Infinity', '', null, true, [1])];
    const low = schema.minimum ?? schema.exclusiveMinimum;
    const high = schema.maximum ?? schema.exclusiveMaximum;
    if (low !== undefined) ways.push(fc.constantFrom(low - 1, schema.exclusiveMinimum ?? low - 0.5));
    if (high !== undefined) ways.push(fc.constantFrom(high + 1, schema.exclusiveMaximum ?? high + 0.5));
    if (schema.type === 'integer') ways.push(fc.constantFrom(0.5, 1.000001, -2.5));
    return ways;
  }

  function invalidOf(schema: JsonSchema): fc.Arbitrary<unknown> {
    const alternatives = branches(schema);
    if (alternatives) return fc.oneof(nastyValue, ...alternatives.map((branch) => invalid(branch)));
    const ways = (() => {
      switch (schema.type) {
        case 'object':
          return invalidObject(schema);
        case 'array':
          return invalidArray(schema);
        case 'string':
          return invalidString(schema);
        case 'integer':
        case 'number':
          return invalidNumber(schema);
        case 'boolean':
          return [fc.constantFrom('true', 1, 0, 'yes', null)];
        case 'null':
          return [fc.constantFrom(0, '', 'null', false)];
        default:
          return schema.enum || schema.const !== undefined ? invalidString(schema) : [];
      }
    })();
    return fc.oneof({ weight: 1, arbitrary: nastyValue }, ...ways.map((arbitrary) => ({ weight: 2, arbitrary })));
  }

  /** A value that breaks the schema in one place (or a nasty value in place of the whole). */
  function invalid(schema: JsonSchema): fc.Arbitrary<unknown> {
    return invalidOf(resolve(schema));
  }

  return { valid, invalid };
}
