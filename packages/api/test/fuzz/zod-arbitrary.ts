import fc from 'fast-check';
import type { z } from 'zod';

/**
 * Where a value travels: `json` in a JSON body (numbers are numbers), `text` in a query string or a
 * path (every leaf is a string that the schema coerces or reads as text).
 */
export type Mode = 'json' | 'text';

// zod v4 keeps a schema's definition in `_zod.def`; its shape depends on `def.type`.
interface Check {
  check: string;
  [key: string]: unknown;
}
interface Def {
  type: string;
  checks?: Array<{ _zod: { def: Check } }>;
  [key: string]: unknown;
}

export const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;
const checksOf = (schema: z.ZodType): Check[] => [
  // A format schema (z.email(), z.iso.date()) is itself a check of its own def.
  ...(defOf(schema).check ? [defOf(schema) as unknown as Check] : []),
  ...(defOf(schema).checks ?? []).map((c) => c._zod.def),
];

/** Whether an object key of this schema may be left out of the input (optional, or with a default). */
export const isOptionalKey = (schema: z.ZodType): boolean => {
  const optin = (schema as unknown as { _zod: { optin?: string } })._zod.optin;
  return optin === 'optional' || optin === 'defaulted';
};

/** The schema under wrappers that do not change what the input looks like. */
export function unwrap(schema: z.ZodType): z.ZodType {
  const d = defOf(schema);
  switch (d.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return unwrap(d.innerType as z.ZodType);
    case 'pipe':
      return unwrap(d.in as z.ZodType);
    case 'lazy':
      return unwrap((d.getter as () => z.ZodType)());
    default:
      return schema;
  }
}

/** The object shape a schema reads (under wrappers and pipes), if it reads an object. */
export function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const d = defOf(unwrap(schema));
  return d.type === 'object' ? (d.shape as Record<string, z.ZodType>) : undefined;
}

/** Whether the object is strict (unknown keys refused) rather than stripping them. */
export const isStrictObject = (schema: z.ZodType): boolean => {
  const d = defOf(unwrap(schema));
  return d.type === 'object' && d.catchall !== undefined && defOf(d.catchall as z.ZodType).type === 'never';
};

const MAX_TEXT = 40;
const MAX_ITEMS = 4;

/** Valid-looking text without NUL or lone surrogates (those are refused inputs, fuzzed separately). */
const printable = (minLength: number, maxLength: number) =>
  fc
    .oneof(
      { weight: 3, arbitrary: fc.string({ unit: 'grapheme-ascii', minLength, maxLength }) },
      { weight: 2, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
      { weight: 1, arbitrary: fc.constantFrom('ação', 'São Paulo', 'Crème brûlée', '北京', 'مرحبا', '🇧🇷 promoção 🎉', 'Ünïcödé ñ') },
    )
    .map((s) => s.replaceAll('\u0000', ''));

const dateBetween = fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:59Z'), noInvalidDate: true });

function stringArbitrary(schema: z.ZodType): fc.Arbitrary<string> {
  const checks = checksOf(schema);
  let min = 0;
  let max = Infinity;
  let format: Check | undefined;
  for (const c of checks) {
    if (c.check === 'min_length') min = Math.max(min, c.minimum as number);
    else if (c.check === 'max_length') max = Math.min(max, c.maximum as number);
    else if (c.check === 'length_equals') min = max = c.length as number;
    else if (c.check === 'string_format') format = c;
  }
  const fits = (s: string) => s.length >= min && s.length <= max;
  switch (format?.format) {
    case 'email':
      return fc.emailAddress({ size: 'small' }).filter(fits);
    case 'uuid':
    case 'guid':
      return fc.uuid();
    case 'datetime':
      return fc
        .tuple(dateBetween, fc.constantFrom('Z', '+00:00', '-03:00', '+05:30'))
        .map(([d, zone]) => {
          if (zone === 'Z') return d.toISOString();
          const sign = zone[0] === '-' ? -1 : 1;
          const [h, m] = zone.slice(1).split(':').map(Number);
          const local = new Date(d.getTime() + sign * (h! * 60 + m!) * 60_000);
          return local.toISOString().replace('Z', zone);
        });
    case 'date':
      return dateBetween.map((d) => d.toISOString().slice(0, 10));
    case 'time':
      return dateBetween.map((d) => d.toISOString().slice(11, 16));
    case 'url':
      return fc.webUrl().filter(fits);
    case 'regex': {
      const pattern = format.pattern as RegExp;
      // fast-check reads no lookarounds and no flags: generate from the pattern without them, keep what the real one accepts.
      const plain = new RegExp(pattern.source.replace(/\(\?<?[!=][^)]*\)/g, ''));
      return fc.stringMatching(plain).filter((s) => fits(s) && pattern.test(s) && !s.includes('\u0000') && !/[\r\n]/.test(s));
    }
    default:
      return printable(min, Math.min(max, Math.max(min, MAX_TEXT)));
  }
}

function numberArbitrary(schema: z.ZodType): fc.Arbitrary<number> {
  let int = false;
  let min = -1e6;
  let max = 1e6;
  let minExclusive = false;
  let maxExclusive = false;
  let step: number | undefined;
  for (const c of checksOf(schema)) {
    if (c.check === 'number_format') int = String(c.format).includes('int');
    else if (c.check === 'greater_than') {
      min = Math.max(min, c.value as number);
      minExclusive = !c.inclusive;
    } else if (c.check === 'less_than') {
      max = Math.min(max, c.value as number);
      maxExclusive = !c.inclusive;
    } else if (c.check === 'multiple_of') step = c.value as number;
  }
  if (int || step) {
    const unit = step ?? 1;
    const lo = Math.ceil(min / unit) + (minExclusive && Number.isInteger(min / unit) ? 1 : 0);
    const hi = Math.floor(max / unit) - (maxExclusive && Number.isInteger(max / unit) ? 1 : 0);
    // Round to the step's decimals: 0.07 * 100 is not exactly 7, and zod checks the multiple exactly.
    const decimals = Math.max(0, -Math.floor(Math.log10(unit)));
    return fc
      .oneof(fc.integer({ min: lo, max: Math.min(hi, lo + 1000) }), fc.integer({ min: lo, max: hi }))
      .map((k) => Number((k * unit).toFixed(decimals)));
  }
  return fc.double({ min, max, minExcluded: minExclusive, maxExcluded: maxExclusive, noNaN: true, noDefaultInfinity: true });
}

/**
 * An arbitrary of inputs shaped like the schema wants them. It follows the structure and the
 * checks it can read (lengths, bounds, formats, enums); refinements and cross-field rules are
 * left to `validArbitrary`, which keeps only what the schema accepts.
 */
export function shapedArbitrary(schema: z.ZodType, mode: Mode): fc.Arbitrary<unknown> {
  const d = defOf(schema);
  const asText = <T>(arb: fc.Arbitrary<T>) => (mode === 'text' ? arb.map((v) => String(v)) : arb);
  switch (d.type) {
    case 'string':
      return stringArbitrary(schema);
    case 'number':
      return asText(numberArbitrary(schema));
    case 'int':
      return asText(numberArbitrary(schema));
    case 'boolean':
      return asText(fc.boolean());
    case 'bigint':
      return asText(fc.bigInt({ min: -(2n ** 40n), max: 2n ** 40n }));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'void':
      return fc.constant(undefined);
    case 'any':
    case 'unknown':
      return fc.jsonValue({ maxDepth: 2 });
    case 'enum':
      return fc.constantFrom(...Object.values(d.entries as Record<string, string | number>)).map((v) => (mode === 'text' ? String(v) : v));
    case 'literal':
      return fc.constantFrom(...(d.values as unknown[])).map((v) => (mode === 'text' ? String(v) : v));
    case 'optional':
      return fc.option(shapedArbitrary(d.innerType as z.ZodType, mode), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(shapedArbitrary(d.innerType as z.ZodType, mode), { nil: null, freq: 4 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return shapedArbitrary(d.innerType as z.ZodType, mode);
    case 'pipe':
      return shapedArbitrary(d.in as z.ZodType, mode);
    case 'transform':
      return fc.jsonValue({ maxDepth: 1 });
    case 'lazy':
      return fc.constant(null).chain(() => shapedArbitrary((d.getter as () => z.ZodType)(), mode));
    case 'array': {
      let min = 0;
      let max = MAX_ITEMS;
      for (const c of checksOf(schema)) {
        if (c.check === 'min_length') min = c.minimum as number;
        else if (c.check === 'max_length') max = Math.min(max, c.maximum as number);
        else if (c.check === 'length_equals') min = max = c.length as number;
      }
      return fc.array(shapedArbitrary(d.element as z.ZodType, mode), { minLength: min, maxLength: Math.max(min, max) });
    }
    case 'tuple':
      return fc.tuple(...(d.items as z.ZodType[]).map((item) => shapedArbitrary(item, mode)));
    case 'set':
      return fc.array(shapedArbitrary(d.valueType as z.ZodType, mode), { maxLength: MAX_ITEMS });
    case 'object': {
      const shape = d.shape as Record<string, z.ZodType>;
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      const requiredKeys: string[] = [];
      for (const [key, field] of Object.entries(shape)) {
        model[key] = shapedArbitrary(field, mode);
        if (!isOptionalKey(field)) requiredKeys.push(key);
      }
      return fc.record(model, { requiredKeys }).map((o) => {
        // An optional key generated as undefined is the same as absent; keep JSON and the oracle alike.
        for (const k of Object.keys(o)) if ((o as Record<string, unknown>)[k] === undefined) delete (o as Record<string, unknown>)[k];
        return o;
      });
    }
    case 'record':
      return fc.dictionary(
        shapedArbitrary(d.keyType as z.ZodType, 'text') as fc.Arbitrary<string>,
        shapedArbitrary(d.valueType as z.ZodType, mode),
        { maxKeys: 3 },
      );
    case 'union': {
      const options = d.options as z.ZodType[];
      return fc.oneof(...options.map((o) => shapedArbitrary(o, mode)));
    }
    case 'intersection':
      return fc
        .tuple(shapedArbitrary(d.left as z.ZodType, mode), shapedArbitrary(d.right as z.ZodType, mode))
        .map(([a, b]) => (typeof a === 'object' && typeof b === 'object' ? { ...a, ...b } : a));
    case 'date':
      return dateBetween.map((v) => v.toISOString());
    default:
      throw new Error(`zod-arbitrary: no arbitrary for zod type "${d.type}"`);
  }
}

const TRIES = 12;

/**
 * Inputs the schema accepts, built from its structure: of a dozen candidates, the first the schema
 * itself accepts. Bounded, unlike a filter: a refinement the structure cannot aim at (a cross-field
 * rule) then yields a candidate it refuses, which the fuzzing's oracle judges like any input.
 */
export function validArbitrary(schema: z.ZodType, mode: Mode): fc.Arbitrary<unknown> {
  return fc
    .array(shapedArbitrary(schema, mode), { minLength: TRIES, maxLength: TRIES })
    .map((candidates) => candidates.find((v) => schema.safeParse(v).success) ?? candidates[0]);
}

/** The schema that reads the value at `path` of an input of `schema` (object keys and array items). */
export function schemaAt(schema: z.ZodType, path: readonly (string | number)[]): z.ZodType | undefined {
  let current: z.ZodType | undefined = schema;
  for (const key of path) {
    if (!current) return undefined;
    const d = defOf(unwrap(current));
    if (d.type === 'object') current = (d.shape as Record<string, z.ZodType>)[key as string];
    else if (d.type === 'array' || d.type === 'set') current = (d.element ?? d.valueType) as z.ZodType;
    else if (d.type === 'record') current = d.valueType as z.ZodType;
    else if (d.type === 'union') {
      // The option that has this key (discriminated unions: all do, with the same kind of field).
      const options = (d.options as z.ZodType[]).map((o) => schemaAt(o, [key])).filter(Boolean);
      current = options[0];
    } else return undefined;
  }
  return current;
}

/** What kind of value a schema reads at heart (under wrappers, pipes and unions of one kind). */
export function leafKind(schema: z.ZodType): 'string' | 'number' | 'boolean' | 'enum' | 'object' | 'array' | 'other' {
  const d = defOf(unwrap(schema));
  switch (d.type) {
    case 'string':
      return 'string';
    case 'number':
    case 'int':
    case 'bigint':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'enum':
    case 'literal':
      return 'enum';
    case 'object':
    case 'record':
      return 'object';
    case 'array':
    case 'set':
    case 'tuple':
      return 'array';
    default:
      return 'other';
  }
}

/** The length and size bounds a leaf declares (for "one past the bound" mutations). */
export function boundsOf(schema: z.ZodType): { minLength?: number; maxLength?: number; min?: number; max?: number; int?: boolean } {
  const out: { minLength?: number; maxLength?: number; min?: number; max?: number; int?: boolean } = {};
  for (const c of checksOf(unwrap(schema))) {
    if (c.check === 'min_length') out.minLength = c.minimum as number;
    else if (c.check === 'max_length') out.maxLength = c.maximum as number;
    else if (c.check === 'greater_than') out.min = c.value as number;
    else if (c.check === 'less_than') out.max = c.value as number;
    else if (c.check === 'number_format') out.int = String(c.format).includes('int');
  }
  return out;
}
