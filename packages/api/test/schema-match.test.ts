import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { get_dmmf } from '@prisma/prisma-schema-wasm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client.ts';
import { workspaceRoot } from '../src/lib/paths.ts';
import { createTestDatabase } from './helpers.ts';

// DESIGN §3: the migrations are hand-kept SQL, so this checks that the migrated database is
// the database schema.prisma describes (tables, columns, types, nullability, enums, keys).

interface DmmfField {
  name: string;
  dbName?: string | null;
  kind: 'scalar' | 'enum' | 'object' | 'unsupported';
  type: string;
  isList: boolean;
  isRequired: boolean;
  isId: boolean;
  isUpdatedAt: boolean;
  hasDefaultValue: boolean;
  default?: unknown;
  nativeType?: [string, string[]] | null;
  relationFromFields?: string[];
  relationToFields?: string[];
  relationOnDelete?: string;
  relationOnUpdate?: string;
}
interface DmmfModel {
  name: string;
  dbName: string | null;
  fields: DmmfField[];
}
interface DmmfEnum {
  name: string;
  dbName: string | null;
  values: Array<{ name: string; dbName: string | null }>;
}
interface DmmfIndex {
  model: string;
  type: 'id' | 'unique' | 'normal' | 'fulltext';
  name?: string;
  dbName?: string;
  fields: Array<{ name: string }>;
}
interface Dmmf {
  datamodel: { models: DmmfModel[]; enums: DmmfEnum[]; indexes: DmmfIndex[] };
}

interface ColumnInfo {
  table_name: string;
  column_name: string;
  data_type: string;
  udt_name: string;
  is_nullable: 'YES' | 'NO';
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  datetime_precision: number | null;
  column_default: string | null;
}

const schemaPath = join(workspaceRoot(), 'prisma/schema.prisma');
const dmmf = JSON.parse(get_dmmf(JSON.stringify({ prismaSchema: [[schemaPath, readFileSync(schemaPath, 'utf8')]] }))) as Dmmf;
const { models, enums, indexes } = dmmf.datamodel;

// The DMMF leaves out `Unsupported("…")` fields (a search tsvector): read them from the schema text.
for (const [, modelName, body] of readFileSync(schemaPath, 'utf8').matchAll(/^model (\w+) \{\n([\s\S]*?)\n\}/gm)) {
  const model = models.find((m) => m.name === modelName)!;
  for (const [, name, type, optional, column] of body!.matchAll(/^\s+(\w+)\s+Unsupported\("(\w+)"\)(\?)?.*@map\("(\w+)"\)/gm)) {
    model.fields.push({ name: name!, dbName: column!, kind: 'unsupported', type: type!, isRequired: !optional, isList: false } as DmmfField);
  }
}

const tableOf = (model: DmmfModel) => model.dbName ?? model.name;
const columnOf = (field: DmmfField) => field.dbName ?? field.name;
const enumType = (name: string) => {
  const e = enums.find((x) => x.name === name);
  return e?.dbName ?? name;
};
const modelByName = new Map(models.map((m) => [m.name, m]));
const columnsOf = (model: DmmfModel, fieldNames: string[]) =>
  fieldNames.map((n) => columnOf(model.fields.find((f) => f.name === n)!));

interface ExpectedType {
  data_type: string;
  udt_name?: string;
  character_maximum_length?: number | null;
  numeric_precision?: number | null;
  numeric_scale?: number | null;
  datetime_precision?: number | null;
}

/** What PostgreSQL reports in information_schema for a Prisma field (Prisma's own mapping). */
function expectedType(field: DmmfField): ExpectedType {
  const base = baseType(field);
  if (!field.isList) return base;
  return { data_type: 'ARRAY', udt_name: `_${base.udt_name}` };
}

function baseType(field: DmmfField): ExpectedType & { udt_name: string } {
  if (field.kind === 'unsupported') return { data_type: field.type, udt_name: field.type };
  if (field.kind === 'enum') return { data_type: 'USER-DEFINED', udt_name: enumType(field.type) };
  const [native, args = []] = field.nativeType ?? [];
  const n = (i: number, fallback: number | null = null) => (args[i] === undefined ? fallback : Number(args[i]));
  switch (native) {
    case undefined:
      break;
    case 'Text': return { data_type: 'text', udt_name: 'text' };
    case 'VarChar': return { data_type: 'character varying', udt_name: 'varchar', character_maximum_length: n(0) };
    case 'Char': return { data_type: 'character', udt_name: 'bpchar', character_maximum_length: n(0, 1) };
    case 'Uuid': return { data_type: 'uuid', udt_name: 'uuid' };
    case 'Citext': return { data_type: 'USER-DEFINED', udt_name: 'citext' };
    case 'SmallInt': return { data_type: 'smallint', udt_name: 'int2' };
    case 'Integer': return { data_type: 'integer', udt_name: 'int4' };
    case 'BigInt': return { data_type: 'bigint', udt_name: 'int8' };
    case 'Real': return { data_type: 'real', udt_name: 'float4' };
    case 'DoublePrecision': return { data_type: 'double precision', udt_name: 'float8' };
    case 'Decimal': return { data_type: 'numeric', udt_name: 'numeric', numeric_precision: n(0), numeric_scale: n(1) };
    case 'Money': return { data_type: 'money', udt_name: 'money' };
    case 'Boolean': return { data_type: 'boolean', udt_name: 'bool' };
    case 'Date': return { data_type: 'date', udt_name: 'date' };
    case 'Time': return { data_type: 'time without time zone', udt_name: 'time', datetime_precision: n(0, 6) };
    case 'Timetz': return { data_type: 'time with time zone', udt_name: 'timetz', datetime_precision: n(0, 6) };
    case 'Timestamp': return { data_type: 'timestamp without time zone', udt_name: 'timestamp', datetime_precision: n(0, 6) };
    case 'Timestamptz': return { data_type: 'timestamp with time zone', udt_name: 'timestamptz', datetime_precision: n(0, 6) };
    case 'Json': return { data_type: 'json', udt_name: 'json' };
    case 'JsonB': return { data_type: 'jsonb', udt_name: 'jsonb' };
    case 'ByteA': return { data_type: 'bytea', udt_name: 'bytea' };
    case 'Inet': return { data_type: 'inet', udt_name: 'inet' };
    case 'Xml': return { data_type: 'xml', udt_name: 'xml' };
    case 'Oid': return { data_type: 'oid', udt_name: 'oid' };
    default:
      throw new Error(`schema-match: map the native type @db.${native} of ${field.name}`);
  }
  switch (field.type) {
    case 'String': return { data_type: 'text', udt_name: 'text' };
    case 'Int': return { data_type: 'integer', udt_name: 'int4' };
    case 'BigInt': return { data_type: 'bigint', udt_name: 'int8' };
    case 'Float': return { data_type: 'double precision', udt_name: 'float8' };
    case 'Decimal': return { data_type: 'numeric', udt_name: 'numeric', numeric_precision: 65, numeric_scale: 30 };
    case 'Boolean': return { data_type: 'boolean', udt_name: 'bool' };
    case 'DateTime': return { data_type: 'timestamp without time zone', udt_name: 'timestamp', datetime_precision: 3 };
    case 'Json': return { data_type: 'jsonb', udt_name: 'jsonb' };
    case 'Bytes': return { data_type: 'bytea', udt_name: 'bytea' };
    default:
      throw new Error(`schema-match: map the Prisma type ${field.type} of ${field.name}`);
  }
}

// Prisma's referential actions as pg_constraint codes; the defaults are Prisma's.
const ACTION: Record<string, string> = { Cascade: 'c', Restrict: 'r', NoAction: 'a', SetNull: 'n', SetDefault: 'd' };

describe('the migrated database matches prisma/schema.prisma', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let columns: ColumnInfo[];

  beforeAll(async () => {
    ({ database, drop } = await createTestDatabase());
    columns = await database.sql.query<ColumnInfo>(
      `SELECT table_name, column_name, data_type, udt_name, is_nullable, character_maximum_length,
              numeric_precision, numeric_scale, datetime_precision, column_default
         FROM information_schema.columns
        WHERE table_schema = 'public'`,
    );
  });
  afterAll(async () => {
    await database?.close();
    await drop?.();
  });

  it('reads a data model with models and enums', () => {
    expect(models.length).toBeGreaterThan(5);
    expect(enums.length).toBeGreaterThan(0);
  });

  it('has exactly the tables of the models (and Prisma’s migrations table)', async () => {
    const tables = await database.sql.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'`,
    );
    const names = tables.map((t) => t.table_name).filter((n) => n !== '_prisma_migrations').sort();
    expect(names).toEqual(models.map(tableOf).sort());
  });

  describe.each(models.map((m) => [m.name, m] as const))('model %s', (_name, model) => {
    const table = tableOf(model);
    const scalars = model.fields.filter((f) => f.kind === 'scalar' || f.kind === 'enum' || f.kind === 'unsupported');

    it('has a column of the right type and nullability for every field', () => {
      const byName = new Map(columns.filter((c) => c.table_name === table).map((c) => [c.column_name, c]));
      for (const field of scalars) {
        const column = byName.get(columnOf(field));
        expect(column, `${table}.${columnOf(field)} (${model.name}.${field.name})`).toBeDefined();
        const want = expectedType(field);
        const got = Object.fromEntries(Object.keys(want).map((k) => [k, column![k as keyof ColumnInfo]]));
        expect(got, `${table}.${columnOf(field)} type`).toEqual(want);
        expect(column!.is_nullable, `${table}.${columnOf(field)} nullability`).toBe(field.isRequired && !field.isList ? 'NO' : 'YES');
      }
    });

    it('has no column the model does not declare', () => {
      const declared = scalars.map(columnOf).sort();
      const actual = columns.filter((c) => c.table_name === table).map((c) => c.column_name).sort();
      expect(actual).toEqual(declared);
    });

    it('fills autoincrement ids from a sequence, and only those', () => {
      for (const field of scalars) {
        const column = columns.find((c) => c.table_name === table && c.column_name === columnOf(field))!;
        const autoincrement = (field.default as { name?: string } | undefined)?.name === 'autoincrement';
        expect(/^nextval\(/.test(column.column_default ?? ''), `${table}.${column.column_name} default`).toBe(autoincrement);
        // @updatedAt is set by the client, never by a database default.
        if (field.isUpdatedAt) expect(column.column_default, `${table}.${column.column_name}`).toBeNull();
      }
    });
  });

  it('has the primary keys, unique constraints and indexes of the schema', async () => {
    const dbIndexes = await database.sql.query<{ table_name: string; columns: string; is_unique: boolean; is_primary: boolean }>(
      `SELECT t.relname AS table_name, ix.indisunique AS is_unique, ix.indisprimary AS is_primary,
              (SELECT string_agg(a.attname, ',' ORDER BY k.n)
                 FROM unnest(ix.indkey) WITH ORDINALITY AS k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = t.oid AND a.attnum = k.attnum) AS columns
         FROM pg_index ix
         JOIN pg_class t ON t.oid = ix.indrelid
         JOIN pg_namespace ns ON ns.oid = t.relnamespace
        WHERE ns.nspname = 'public' AND t.relname <> '_prisma_migrations'`,
    );
    const kind = (i: { is_unique: boolean; is_primary: boolean }) => (i.is_primary ? 'id' : i.is_unique ? 'unique' : 'normal');
    const actual = dbIndexes.map((i) => `${i.table_name}(${i.columns}) ${kind(i)}`).sort();
    const expected = indexes
      .map((i) => {
        const model = modelByName.get(i.model)!;
        return `${tableOf(model)}(${columnsOf(model, i.fields.map((f) => f.name)).join(',')}) ${i.type}`;
      })
      .sort();
    expect(actual).toEqual(expected);
  });

  it('has the foreign keys of the relations, with their referential actions', async () => {
    const fks = await database.sql.query<{ table_name: string; columns: string; ref_table: string; ref_columns: string; on_delete: string; on_update: string }>(
      `SELECT tc.relname AS table_name, tf.relname AS ref_table, c.confdeltype::text AS on_delete, c.confupdtype::text AS on_update,
              (SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM unnest(c.conkey) WITH ORDINALITY AS k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = k.attnum) AS columns,
              (SELECT string_agg(a.attname, ',' ORDER BY k.n) FROM unnest(c.confkey) WITH ORDINALITY AS k(attnum, n)
                 JOIN pg_attribute a ON a.attrelid = c.confrelid AND a.attnum = k.attnum) AS ref_columns
         FROM pg_constraint c
         JOIN pg_class tc ON tc.oid = c.conrelid
         JOIN pg_class tf ON tf.oid = c.confrelid
         JOIN pg_namespace ns ON ns.oid = tc.relnamespace
        WHERE c.contype = 'f' AND ns.nspname = 'public'`,
    );
    const actual = fks.map((f) => `${f.table_name}(${f.columns}) -> ${f.ref_table}(${f.ref_columns}) delete:${f.on_delete} update:${f.on_update}`).sort();
    const expected = models
      .flatMap((model) =>
        model.fields
          .filter((f) => f.kind === 'object' && f.relationFromFields?.length)
          .map((f) => {
            const target = modelByName.get(f.type)!;
            const from = columnsOf(model, f.relationFromFields!);
            const optional = model.fields.filter((x) => f.relationFromFields!.includes(x.name)).some((x) => !x.isRequired);
            const onDelete = ACTION[f.relationOnDelete ?? (optional ? 'SetNull' : 'Restrict')];
            const onUpdate = ACTION[f.relationOnUpdate ?? 'Cascade'];
            return `${tableOf(model)}(${from.join(',')}) -> ${tableOf(target)}(${columnsOf(target, f.relationToFields!).join(',')}) delete:${onDelete} update:${onUpdate}`;
          }),
      )
      .sort();
    expect(actual).toEqual(expected);
  });

  it('has every enum with exactly its values, in order', async () => {
    const rows = await database.sql.query<{ type: string; value: string }>(
      `SELECT t.typname AS type, e.enumlabel AS value
         FROM pg_enum e
         JOIN pg_type t ON t.oid = e.enumtypid
         JOIN pg_namespace ns ON ns.oid = t.typnamespace
        WHERE ns.nspname = 'public'
        ORDER BY t.typname, e.enumsortorder`,
    );
    const actual: Record<string, string[]> = {};
    for (const r of rows) (actual[r.type] ??= []).push(r.value);
    const expected = Object.fromEntries(enums.map((e) => [e.dbName ?? e.name, e.values.map((v) => v.dbName ?? v.name)]));
    expect(actual).toEqual(expected);
  });
});
