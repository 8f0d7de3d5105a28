import type { z } from 'zod';
import { boundsOf, defOf, isOptionalKey, leafKind, schemaAt, shapeOf, unwrap, type Mode } from './zod-arbitrary.ts';

/** A JSON number written as is in the body text (values JSON.stringify cannot write: 1e400, -0, 30 digits). */
export class RawJson {
  constructor(readonly text: string) {}
  toJSON() {
    return `\u0001raw:${this.text}\u0001`;
  }
}

/** The body text of a value: JSON, with RawJson numbers written as they are. */
export const jsonText = (value: unknown): string =>
  // eslint-disable-next-line no-control-regex -- the marker RawJson writes
  JSON.stringify(value).replace(/"\u0001raw:([^\u0001]*)\u0001"/g, '$1');

export type Path = readonly (string | number)[];
/** Where a mutation lands: one field of the path params, the query string, the body or the headers. */
export type Part = 'params' | 'querystring' | 'body' | 'headers';

/**
 * A broken value for one field. `refused`: the API must answer 400 naming the field whatever the
 * schema says (a NUL, a lone surrogate). `unknown`: what the server reads is not predictable from
 * here (malformed percent escapes), only the general rules apply.
 */
export interface Mutator {
  name: string;
  /** The new value, or REMOVE to leave the key out. */
  apply(current: unknown, schema: z.ZodType | undefined): unknown;
  refused?: boolean;
  unknown?: boolean;
  /** Whether it fits this field at all. */
  fits?(schema: z.ZodType | undefined, current: unknown): boolean;
}

export const REMOVE = Symbol('remove');

const ONE_MB = 1_000_000;
const deep = (depth: number): unknown => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = [v];
  return v;
};
const deepObject = (depth: number): unknown => {
  let v: unknown = 'x';
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};
const withOwn = (obj: Record<string, unknown>, key: string, value: unknown) => {
  const copy = { ...obj };
  Object.defineProperty(copy, key, { value, enumerable: true, configurable: true, writable: true });
  return copy;
};
const textOf = (v: unknown) => (typeof v === 'string' && v ? v : 'texto');
const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const kindOf = (schema: z.ZodType | undefined) => (schema ? leafKind(schema) : 'other');

/** Mutators of a value in a JSON body. */
export const JSON_MUTATORS: Mutator[] = [
  {
    name: 'wrong type',
    apply: (cur, s) => {
      switch (kindOf(s)) {
        case 'string':
        case 'enum':
          return 12345;
        case 'number':
          return typeof cur === 'number' ? String(cur) : '12';
        case 'boolean':
          return 'true';
        case 'array':
          return { item: cur };
        case 'object':
          return ['x'];
        default:
          return typeof cur === 'string' ? 1 : 'x';
      }
    },
  },
  { name: 'null', apply: () => null },
  { name: 'missing', apply: () => REMOVE },
  {
    name: 'empty',
    apply: (_cur, s) => ({ string: '', enum: '', number: '', boolean: '', array: [], object: {}, other: '' })[kindOf(s)],
  },
  {
    name: 'one past the bound',
    fits: (s) => !!s && ['string', 'number', 'array'].includes(kindOf(s)),
    apply: (cur, s) => {
      const b = boundsOf(s!);
      if (kindOf(s) === 'string') return 'x'.repeat(b.maxLength !== undefined ? b.maxLength + 1 : 10_000);
      if (kindOf(s) === 'array') {
        const item = Array.isArray(cur) && cur.length ? cur[0] : 'x';
        const max = boundsOf(unwrap(s!)).maxLength;
        return Array.from({ length: max !== undefined ? max + 1 : 10_000 }, () => item);
      }
      if (b.max !== undefined) return b.max + (b.int ? 1 : 0.01);
      return b.int ? 2 ** 53 + 2 : 1e300;
    },
  },
  {
    name: 'huge number',
    fits: (s) => kindOf(s) === 'number',
    apply: () => new RawJson('1e400'),
  },
  {
    name: 'long integer literal',
    fits: (s) => kindOf(s) === 'number',
    apply: () => new RawJson('123456789012345678901234567890'),
  },
  { name: 'negative', fits: (s) => kindOf(s) === 'number', apply: (cur) => (typeof cur === 'number' && cur > 0 ? -cur : -1) },
  { name: 'negative zero', fits: (s) => kindOf(s) === 'number', apply: () => new RawJson('-0') },
  { name: 'fraction', fits: (s) => kindOf(s) === 'number', apply: (cur) => (typeof cur === 'number' ? cur + 0.001 : 1.001) },
  { name: 'below the bound', fits: (s) => kindOf(s) === 'number' || kindOf(s) === 'string', apply: (_cur, s) => {
    const b = boundsOf(s!);
    if (kindOf(s) === 'string') return b.minLength ? 'x'.repeat(b.minLength - 1) : '';
    return b.min !== undefined ? b.min - (b.int ? 1 : 0.01) : -1e300;
  } },
  {
    name: 'unicode',
    fits: (s) => kindOf(s) === 'string' || kindOf(s) === 'enum',
    apply: (cur) => `${textOf(cur).slice(0, 8)} ação 🇧🇷 \u202Eevil\u202C e\u0301 \u200B北京 𝔘`,
  },
  { name: 'whitespace only', fits: (s) => kindOf(s) === 'string', apply: () => ' \t\n ' },
  { name: 'NUL', refused: true, fits: (s) => kindOf(s) !== 'object', apply: (cur) => `${textOf(cur)}\u0000x` },
  { name: 'NUL alone', refused: true, fits: (s) => kindOf(s) !== 'object', apply: () => '\u0000' },
  { name: 'lone high surrogate', refused: true, fits: (s) => kindOf(s) !== 'object', apply: (cur) => `${textOf(cur)}\ud800` },
  { name: 'lone low surrogate', refused: true, fits: (s) => kindOf(s) !== 'object', apply: () => '\udc00x' },
  { name: '1 MB string', fits: (s) => kindOf(s) === 'string', apply: () => 'é'.repeat(ONE_MB / 4) + 'x'.repeat(ONE_MB / 2) },
  { name: 'deep nesting', apply: () => deep(3000) },
  { name: 'deep object', apply: () => deepObject(500) },
  { name: 'array instead', fits: (s) => kindOf(s) !== 'array', apply: (cur) => [cur, cur] },
  { name: 'extra key', fits: (s, cur) => kindOf(s) === 'object' && isObject(cur), apply: (cur) => ({ ...(cur as object), campo_inesperado: 1 }) },
  {
    name: '__proto__ key',
    fits: (s, cur) => kindOf(s) === 'object' && isObject(cur),
    apply: (cur) => withOwn(cur as Record<string, unknown>, '__proto__', { polluted: true, isAdmin: true }),
  },
  {
    name: 'constructor.prototype key',
    fits: (s, cur) => kindOf(s) === 'object' && isObject(cur),
    apply: (cur) => withOwn(cur as Record<string, unknown>, 'constructor', { prototype: { polluted: true } }),
  },
  { name: 'constructor key', fits: (s, cur) => kindOf(s) === 'object' && isObject(cur), apply: (cur) => withOwn(cur as Record<string, unknown>, 'constructor', 1) },
  {
    name: 'NUL in a key',
    refused: true,
    fits: (s, cur) => kindOf(s) === 'object' && isObject(cur),
    apply: (cur) => ({ ...(cur as object), 'chave\u0000': 1 }),
  },
];

/** Mutators of a path or query value (text). `\u0000` travels as %00, a lone surrogate as its CESU-8 bytes. */
export const TEXT_MUTATORS: Mutator[] = [
  { name: 'wrong type', fits: (s) => ['number', 'boolean', 'enum'].includes(kindOf(s)), apply: () => 'abc' },
  { name: 'empty', apply: () => '' },
  { name: 'huge', apply: (_cur, s) => (kindOf(s) === 'number' ? '9'.repeat(400) : 'x'.repeat(Math.max(10_000, (boundsOf(s!).maxLength ?? 0) + 1))) },
  { name: 'one past the bound', fits: (s) => kindOf(s) === 'number' || kindOf(s) === 'string', apply: (_cur, s) => {
    const b = boundsOf(s!);
    if (kindOf(s) === 'string') return 'x'.repeat((b.maxLength ?? 9_999) + 1);
    return String(b.max !== undefined ? b.max + 1 : 2 ** 53 + 2);
  } },
  { name: 'negative', fits: (s) => kindOf(s) === 'number', apply: () => '-1' },
  { name: 'zero', fits: (s) => kindOf(s) === 'number', apply: () => '0' },
  { name: 'fraction', fits: (s) => kindOf(s) === 'number', apply: () => '1.5' },
  { name: 'exponent', fits: (s) => kindOf(s) === 'number', apply: () => '1e3' },
  { name: 'Infinity', fits: (s) => kindOf(s) === 'number', apply: () => 'Infinity' },
  { name: 'hex', fits: (s) => kindOf(s) === 'number', apply: () => '0x10' },
  { name: 'padded', fits: (s) => kindOf(s) === 'number', apply: (cur) => ` ${String(cur ?? 1)} ` },
  { name: 'arabic digits', fits: (s) => kindOf(s) === 'number', apply: () => '١٢٣' },
  { name: 'unicode', apply: (cur) => `${String(cur ?? '').slice(0, 8)}ação🇧🇷\u202E北京` },
  { name: 'NUL', refused: true, apply: (cur) => `${String(cur ?? '')}\u0000` },
  { name: 'NUL alone', refused: true, apply: () => '\u0000' },
  // In a URL a lone surrogate can only travel as its (invalid) UTF-8 bytes: the query keeps them as written, the router refuses the path.
  { name: 'lone surrogate', apply: (cur) => `${String(cur ?? '')}\ud800` },
  { name: 'malformed escape', apply: () => new RawText('%E0%A4%A') },
  { name: 'slash', apply: (cur) => `${String(cur ?? '')}/../x` },
];

/** A query/path value sent exactly as written (not percent-encoded again). */
export class RawText {
  constructor(readonly text: string) {}
}

/** Query-only: the key repeated (an array), and keys the schema does not know. */
export const QUERY_SHAPE_MUTATORS = ['repeated key', 'unknown key', '__proto__ key', 'constructor key'] as const;

/** The fields of a value of `schema` a mutation can land on: present ones, and absent keys the object knows. */
export function fieldPaths(schema: z.ZodType, value: unknown, path: Path = [], depth = 0): Path[] {
  const out: Path[] = [];
  if (depth > 6) return out;
  const shape = shapeOf(schema);
  if (shape && (value === undefined || isObject(value))) {
    for (const [key, field] of Object.entries(shape)) {
      const p = [...path, key];
      out.push(p);
      const v = isObject(value) ? value[key] : undefined;
      if (v !== undefined) out.push(...fieldPaths(field, v, p, depth + 1).filter((q) => q.length > p.length));
    }
    return out;
  }
  const d = defOf(unwrap(schema));
  if ((d.type === 'array' || d.type === 'set') && Array.isArray(value) && value.length) {
    const p = [...path, 0];
    out.push(p, ...fieldPaths(d.element as z.ZodType, value[0], p, depth + 1).filter((q) => q.length > p.length));
  }
  if (d.type === 'union' && isObject(value)) {
    // The option this value is (a discriminated union's kind): its fields.
    const option = (d.options as z.ZodType[]).find((o) => o.safeParse(value).success) ?? (d.options as z.ZodType[])[0]!;
    out.push(...fieldPaths(option, value, path, depth));
  }
  if (d.type === 'record' && isObject(value)) {
    const key = Object.keys(value)[0];
    if (key !== undefined) {
      const p = [...path, key];
      out.push(p, ...fieldPaths(d.valueType as z.ZodType, value[key], p, depth + 1).filter((q) => q.length > p.length));
    }
  }
  return out;
}

/** A copy of `value` with the field at `path` replaced (or removed). */
export function setAt(value: unknown, path: Path, next: unknown): unknown {
  if (!path.length) return next === REMOVE ? undefined : next;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    copy[head as number] = setAt(copy[head as number], rest, next);
    return next === REMOVE && !rest.length ? copy.filter((_, i) => i !== head) : copy;
  }
  const copy: Record<string, unknown> = isObject(value) ? { ...value } : {};
  if (next === REMOVE && !rest.length) {
    delete copy[head as string];
    return copy;
  }
  const inner = setAt(copy[head as string], rest, next);
  // defineProperty keeps a key named __proto__ an own, serialisable property.
  Object.defineProperty(copy, head as string, { value: inner, enumerable: true, configurable: true, writable: true });
  return copy;
}

export function getAt(value: unknown, path: Path): unknown {
  let v = value;
  for (const key of path) v = v && typeof v === 'object' ? (v as Record<string | number, unknown>)[key] : undefined;
  return v;
}

/** The mutators that fit the field at `path` of a part in `mode`. */
export function mutatorsFor(root: z.ZodType, value: unknown, path: Path, mode: Mode): Mutator[] {
  const schema = schemaAt(root, path);
  const current = getAt(value, path);
  const list = mode === 'json' ? JSON_MUTATORS : TEXT_MUTATORS;
  return list.filter((m) => {
    if (m.name === 'missing' && schema && isOptionalKey(schema) && current === undefined) return false;
    return !m.fits || m.fits(schema, current);
  });
}
