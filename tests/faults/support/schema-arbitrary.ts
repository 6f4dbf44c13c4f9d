/**
 * Inputs for the route fuzzer, drawn from the contract's own valibot schemas: every object schema
 * in contract/*.ts is collected, and a fast-check arbitrary is built from a schema (near-valid
 * input: strings that pass the schema's regex but may still be nonsense, like 2026-13-45; numbers
 * at and past the limits; optional keys left out; wrong types now and then). Keys the app uses for
 * ids are drawn mostly from a pool of ids that exist, so requests get past "not found".
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';

export type AnySchema = {
  kind: string;
  type: string;
  entries?: Record<string, AnySchema>;
  wrapped?: AnySchema;
  item?: AnySchema;
  options?: unknown[];
  key?: AnySchema;
  value?: AnySchema;
  literal?: unknown;
  pipe?: { kind: string; type: string; requirement?: unknown }[];
};

export function isSchema(value: unknown): value is AnySchema {
  return (
    typeof value === 'object' && value !== null && (value as AnySchema).kind === 'schema' && typeof (value as AnySchema).type === 'string'
  );
}

export type Harvest = {
  /** Every object schema of the contract (top-level and nested), with where it was found. */
  objects: { name: string; schema: AnySchema; keys: string[]; required: string[] }[];
  /** For each key seen in any object schema, the schemas it had. */
  keys: Map<string, AnySchema[]>;
};

export function requiredKeys(schema: AnySchema): string[] {
  return Object.entries(schema.entries ?? {})
    .filter(([, entry]) => !['optional', 'nullish', 'exact_optional'].includes(entry.type))
    .map(([key]) => key);
}

/** Imports every contract module and collects its object schemas. */
export async function harvestContract(contractDir: string): Promise<Harvest> {
  const objects: Harvest['objects'] = [];
  const keys = new Map<string, AnySchema[]>();
  const seen = new Set<AnySchema>();
  const visit = (schema: AnySchema, name: string, depth: number) => {
    if (seen.has(schema) || depth > 8) return;
    seen.add(schema);
    if (schema.type === 'object' && schema.entries) {
      objects.push({ name, schema, keys: Object.keys(schema.entries), required: requiredKeys(schema) });
      for (const [key, entry] of Object.entries(schema.entries)) {
        keys.set(key, [...(keys.get(key) ?? []), entry]);
        visit(entry, `${name}.${key}`, depth + 1);
      }
    }
    for (const inner of [schema.wrapped, schema.item, schema.value, ...(schema.options ?? [])])
      if (isSchema(inner)) visit(inner, name, depth + 1);
    for (const step of schema.pipe ?? []) if (isSchema(step) && step !== schema) visit(step as AnySchema, name, depth + 1);
  };
  const files = fs.readdirSync(contractDir).filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'));
  for (const file of files) {
    const module = (await import(/* @vite-ignore */ path.join(contractDir, file))) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(module)) {
      if (isSchema(value)) visit(value, `${file.replace(/\.ts$/, '')}.${exportName}`, 0);
      else if (value && typeof value === 'object')
        for (const [key, inner] of Object.entries(value))
          if (isSchema(inner)) visit(inner, `${file.replace(/\.ts$/, '')}.${exportName}.${key}`, 0);
    }
  }
  return { objects, keys };
}

/**
 * The contract schemas a route's body may be: those whose required keys the route said were missing
 * from `{}` (all of them, the most of them), and, when known, whose keys the route validates.
 */
export function bestCandidates(harvest: Harvest, wanted: Set<string>, known?: Set<string>): Harvest['objects'] {
  const fitting = harvest.objects.filter(
    (object) =>
      object.required.length > 0 &&
      object.required.every((key) => wanted.has(key)) &&
      (!known || known.size === 0 || object.keys.every((key) => known.has(key) || key === 'company')),
  );
  const best = Math.max(0, ...fitting.map((object) => object.required.filter((key) => key !== 'company').length));
  return fitting.filter((object) => object.required.filter((key) => key !== 'company').length === best && (best > 0 || wanted.size <= 1));
}

// ---- weird values --------------------------------------------------------------------------------

const VIETNAMESE = ['Nhà thuốc Hòa Bình', 'Nguyễn Văn Ấn', 'Phường Bến Thành', 'Đường 3/2', 'thuốc ho bổ phế', 'ĐỖ THỊ ỮNG'];

/** Strings that break naive code: empty, blank, huge, control characters, SQL and JSON fragments, bad dates, numbers as text. */
export const weirdString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u0000abc',
    '\ud800',
    '%',
    '%00',
    '../../etc/passwd',
    "' or 1=1 --",
    '"; drop table orders; --',
    '{"a":1}',
    '[]',
    'null',
    'undefined',
    'NaN',
    'Infinity',
    '-Infinity',
    '-1',
    '0',
    '1e309',
    '0x10',
    '2147483648',
    '-2147483649',
    '9223372036854775808',
    '99999999999999999999999',
    '1.5',
    'true',
    '2026-13-45',
    '2026-02-30',
    '0000-00-00',
    '9999-99-99',
    '2026-11-21T25:61:00Z',
    '+275760-09-13T00:00:00.001Z',
    '00000000-0000-0000-0000-000000000000',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
    '__proto__',
    'constructor',
    '<script>alert(1)</script>',
    '\u202eevil',
    '😀'.repeat(50),
    'a'.repeat(5000),
    'Đ'.repeat(300),
  ),
  fc.constantFrom(...VIETNAMESE),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
  fc.stringMatching(/^-?\d{1,25}$/),
);

export const weirdNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    0,
    -0,
    -1,
    1,
    0.5,
    -0.5,
    2 ** 31 - 1,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 63,
    1e21,
    1e308,
    -1e308,
    5e-324,
    100_000_000_001,
  ),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Any JSON value, weird strings and numbers included. */
export const weirdJson: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: weirdString, weight: 3 },
  { arbitrary: weirdNumber, weight: 3 },
  { arbitrary: fc.constantFrom(null, true, false), weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 2 },
  {
    arbitrary: fc.constantFrom({ __proto__: { isAdmin: true } }, JSON.parse('{"__proto__":{"polluted":1}}'), {
      constructor: { prototype: { polluted: 1 } },
    }),
    weight: 1,
  },
);

// ---- schema-driven -------------------------------------------------------------------------------

export type IdPools = Record<string, readonly unknown[]>;

/** Keys whose values are ids of existing records: drawn from the pool most of the time. */
export function poolFor(key: string, pools: IdPools): readonly unknown[] | null {
  const direct = pools[key];
  if (direct && direct.length > 0) return direct;
  return null;
}

type Hints = {
  regex: RegExp[];
  minLength?: number;
  maxLength?: number;
  minValue?: number;
  maxValue?: number;
  integer: boolean;
  uuid: boolean;
  email: boolean;
};

function hintsOf(schema: AnySchema): Hints {
  const hints: Hints = { regex: [], integer: false, uuid: false, email: false };
  for (const step of schema.pipe ?? []) {
    if (step.type === 'regex' && step.requirement instanceof RegExp) hints.regex.push(step.requirement);
    if (step.type === 'max_length' && typeof step.requirement === 'number') hints.maxLength = step.requirement;
    if (step.type === 'min_length' && typeof step.requirement === 'number') hints.minLength = step.requirement;
    if (step.type === 'min_value' && typeof step.requirement === 'number') hints.minValue = step.requirement;
    if (step.type === 'max_value' && typeof step.requirement === 'number') hints.maxValue = step.requirement;
    if (step.type === 'integer') hints.integer = true;
    if (step.type === 'uuid') hints.uuid = true;
    if (step.type === 'email') hints.email = true;
  }
  return hints;
}

function mergeHints(a: Hints, b: Hints): Hints {
  return {
    regex: [...a.regex, ...b.regex],
    minLength: a.minLength ?? b.minLength,
    maxLength: a.maxLength ?? b.maxLength,
    minValue: a.minValue ?? b.minValue,
    maxValue: a.maxValue ?? b.maxValue,
    integer: a.integer || b.integer,
    uuid: a.uuid || b.uuid,
    email: a.email || b.email,
  };
}

function matching(regex: RegExp): fc.Arbitrary<string> {
  try {
    return fc.stringMatching(new RegExp(regex.source, regex.flags.replace(/[gy]/g, '')));
  } catch {
    return fc.string();
  }
}

const validDay = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

const isoInstant = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true })
  .map((date) => date.toISOString());

/**
 * A near-valid value for a schema. `weird` is the share of draws replaced by a weird value of any
 * type (0..1). `key` names the field (for id pools).
 */
export function arbitraryFor(
  schema: AnySchema,
  options: { pools: IdPools; weird: number; key?: string; depth?: number; inherited?: Hints },
): fc.Arbitrary<unknown> {
  const depth = options.depth ?? 0;
  const hints = mergeHints(options.inherited ?? { regex: [], integer: false, uuid: false, email: false }, hintsOf(schema));
  const base = baseArbitrary(schema, { ...options, depth, inherited: hints }, hints);
  const pool = options.key ? poolFor(options.key, options.pools) : null;
  const choices: { arbitrary: fc.Arbitrary<unknown>; weight: number }[] = [{ arbitrary: base, weight: 10 }];
  // A list of ids (customers: [...]) draws several of the pool; a single id draws one.
  if (pool && isList(schema) && !pool.some(Array.isArray))
    choices.push({ arbitrary: fc.subarray([...pool], { minLength: 1, maxLength: Math.min(3, pool.length) }), weight: 14 });
  else if (pool) choices.push({ arbitrary: fc.constantFrom(...pool), weight: 14 });
  if (options.weird > 0 && depth < 6) choices.push({ arbitrary: weirdJson, weight: Math.max(1, Math.round(options.weird * 10)) });
  return choices.length === 1 ? base : fc.oneof(...choices);
}

/** Whether a schema is (an optional, nullable or piped) array. */
function isList(schema: AnySchema): boolean {
  let current: AnySchema | undefined = schema;
  for (let i = 0; i < 5 && current; i += 1) {
    if (current.type === 'array') return true;
    current = current.wrapped;
  }
  return false;
}

function baseArbitrary(
  schema: AnySchema,
  options: { pools: IdPools; weird: number; key?: string; depth: number; inherited: Hints },
  hints: Hints,
): fc.Arbitrary<unknown> {
  const child = (inner: AnySchema, key?: string) =>
    arbitraryFor(inner, {
      ...options,
      key: key ?? options.key,
      depth: options.depth + 1,
      inherited: key === undefined ? options.inherited : undefined,
    });
  if (options.depth > 7) return fc.constant(null);
  switch (schema.type) {
    case 'string': {
      const strict = options.weird <= 0;
      if (hints.uuid) return strict ? fc.uuid() : fc.oneof(fc.uuid(), weirdString);
      if (hints.email) return strict ? fc.emailAddress() : fc.oneof(fc.emailAddress(), weirdString);
      if (hints.regex.length > 0) {
        const regex = hints.regex[0]!;
        // A date pattern: strict draws are real dates; otherwise anything the pattern lets through (2026-13-45).
        if (strict && regex.test('2026-01-15') && !regex.test('2026-1-15')) return validDay;
        return strict ? matching(regex) : fc.oneof({ arbitrary: matching(regex), weight: 4 }, { arbitrary: weirdString, weight: 1 });
      }
      const max = hints.maxLength ?? 60;
      if (strict)
        return fc.oneof(
          fc.constantFrom(...VIETNAMESE.filter((text) => text.length <= max)),
          fc.stringMatching(/^[A-Za-z][A-Za-z0-9 ]{0,14}$/).filter((text) => text.length <= max),
        );
      return fc.oneof(
        { arbitrary: fc.string({ maxLength: Math.min(max, 60) }), weight: 2 },
        { arbitrary: fc.constantFrom(...VIETNAMESE), weight: 2 },
        { arbitrary: fc.constant('x'.repeat(max + 1)), weight: 1 },
        // Text a database may refuse to store although it is valid JSON: a NUL character inside.
        { arbitrary: fc.constantFrom(...VIETNAMESE).map((text) => `${text}\u0000`), weight: 1 },
        { arbitrary: weirdString, weight: 1 },
      );
    }
    case 'number': {
      const min = hints.minValue ?? -1_000_000;
      const max = hints.maxValue ?? 1_000_000;
      const inRange = hints.integer
        ? fc.integer({ min: Math.max(min, -(2 ** 53)), max: Math.min(max, 2 ** 53) })
        : fc.double({ min, max, noNaN: true });
      return fc.oneof(
        { arbitrary: inRange, weight: 4 },
        { arbitrary: fc.constantFrom(min - 1, max + 1, min, max), weight: 1 },
        { arbitrary: weirdNumber, weight: 1 },
      );
    }
    case 'boolean':
      return fc.boolean();
    case 'literal':
      return fc.constant(schema.literal);
    case 'picklist':
    case 'enum': {
      const values = (schema.options ?? []) as unknown[];
      return values.length
        ? fc.oneof({ arbitrary: fc.constantFrom(...values), weight: 5 }, { arbitrary: weirdString, weight: 1 })
        : weirdString;
    }
    case 'optional':
    case 'exact_optional':
      return fc.option(child(schema.wrapped!), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(child(schema.wrapped!), { nil: null, freq: 3 });
    case 'nullish':
      return fc.oneof(fc.constant(null), fc.constant(undefined), child(schema.wrapped!));
    case 'array': {
      const minLength = options.weird <= 0 ? Math.max(1, hints.minLength ?? 0) : 0;
      return fc.array(child(schema.item!), { minLength, maxLength: Math.max(minLength, options.depth > 2 ? 2 : 4) });
    }
    case 'union':
    case 'variant': {
      const inner = ((schema.options ?? []) as unknown[]).filter(isSchema).map((option) => child(option));
      return inner.length ? fc.oneof(...inner) : weirdJson;
    }
    case 'record':
      return fc.dictionary(
        fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('Mã SP', 'Tên sản phẩm', 'Giá bán', 'Đơn vị', '__proto__')),
        child(schema.value!),
        { maxKeys: 6 },
      );
    case 'object':
      return objectArbitrary(schema, options);
    default:
      return options.weird <= 0 ? fc.constant(null) : weirdJson;
  }
}

function objectArbitrary(schema: AnySchema, options: { pools: IdPools; weird: number; depth: number }): fc.Arbitrary<unknown> {
  const entries = Object.entries(schema.entries ?? {});
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, entry] of entries)
    model[key] = arbitraryFor(entry, { pools: options.pools, weird: options.weird, key, depth: options.depth + 1 });
  const required = requiredKeys(schema);
  const record = fc.record(model, { requiredKeys: required as never[] }).map((value) => {
    // Optional keys drawn as `undefined` are left out, as JSON would.
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value as Record<string, unknown>)) if (item !== undefined) out[key] = item;
    return out;
  });
  if (options.weird <= 0) return record;
  // Now and then: a required key missing, an extra key, a prototype-pollution key.
  return fc.oneof(
    { arbitrary: record, weight: 8 },
    {
      arbitrary: fc.tuple(record, fc.constantFrom(...(required.length ? required : ['x']))).map(([value, key]) => {
        const copy = { ...(value as Record<string, unknown>) };
        delete copy[key];
        return copy;
      }),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(record, fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'x-extra'), weirdJson)
        .map(([value, key, extra]) => {
          const copy = { ...(value as Record<string, unknown>) };
          Object.defineProperty(copy, key, { value: extra, enumerable: true, writable: true, configurable: true });
          return copy;
        }),
      weight: 1,
    },
  );
}

/** An ISO instant (valid) — for op envelopes. */
export const isoInstantArbitrary = isoInstant;

// ---- extreme JSON: nested very deep, or very large (docs/security.md "JSON bounds") ----------------

/**
 * A JSON value too deep or too big to build as an object (JSON.stringify and fast-check would
 * recurse into it): its text, spliced into a body in place of `marker` when the body is sent.
 */
export type Extreme = { kind: 'deep' | 'large'; label: string; text: string };

const deepArray = (depth: number) => `${'['.repeat(depth)}${']'.repeat(depth)}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
const deepMixed = (depth: number) => `${'[{"a":'.repeat(depth / 2)}null${'}]'.repeat(depth / 2)}`;

/** The extremes, made once: 33 levels (one past the bound) to 50,000; 200 KB to past the 1 MB body limit. */
export const EXTREMES: readonly Extreme[] = [
  ...[33, 100, 1_000, 5_000, 50_000].map((depth) => ({ kind: 'deep' as const, label: `array ×${depth}`, text: deepArray(depth) })),
  ...[33, 3_000, 20_000].map((depth) => ({ kind: 'deep' as const, label: `object ×${depth}`, text: deepObject(depth) })),
  { kind: 'deep', label: 'mixed ×10000', text: deepMixed(10_000) },
  { kind: 'large', label: '100,000 numbers', text: `[${Array.from({ length: 100_000 }, (_, i) => i).join(',')}]` },
  {
    kind: 'large',
    label: '30,000 keys',
    text: `{${Array.from({ length: 30_000 }, (_, i) => `"k${i}":${i % 2 === 0 ? '"Hòa Bình"' : i}`).join(',')}}`,
  },
  { kind: 'large', label: '900 KB string', text: JSON.stringify('Nhà thuốc Hòa Bình, đường 3/2 '.repeat(30_000)) },
  {
    kind: 'large',
    label: '20,000 small objects',
    text: `[${Array.from({ length: 20_000 }, (_, i) => `{"id":${i},"name":"KH${i}"}`).join(',')}]`,
  },
  { kind: 'large', label: '1.1 MB string (past the body limit)', text: JSON.stringify('x'.repeat(1_150_000)) },
];

export const extremeArbitrary: fc.Arbitrary<Extreme> = fc.constantFrom(...EXTREMES);

/** Where an extreme goes in a body: the body itself, or one key of it (an existing key or a new one). */
export function placeExtreme(value: unknown, marker: string, where: number): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value) || where % 4 === 0) return marker;
  const keys = Object.keys(value);
  const key = keys.length > 0 && where % 4 !== 1 ? keys[where % keys.length]! : 'them';
  return { ...(value as Record<string, unknown>), [key]: marker };
}
