import type { Db } from '../../db/client.ts';
import { Prisma } from '../../generated/prisma/client.ts';
import { folded, foldText, likeLiteral } from '../../lib/like.ts';
import type { OperatorRole, VehicleType } from '@backoffice/contracts';

const operatorSelect = {
  id: true,
  name: true,
  cpf: true,
  phone: true,
  email: true,
  role: true,
  vehicle: true,
  active: true,
  createdAt: true,
  updatedAt: true,
  locations: { select: { location: { select: { id: true, name: true } } } },
} as const;

export type OperatorRow = Prisma.OperatorGetPayload<{ select: typeof operatorSelect }>;

/** The columns a write sets; `accountId` and the ids are the repository's business. */
export interface OperatorData {
  name: string;
  cpf: string;
  phone: string | null;
  email: string | null;
  role: OperatorRole;
  vehicle: { type: VehicleType; plate: string | null } | null;
  active: boolean;
  locationIds: number[];
}

export interface OperatorFilters {
  locationId?: number;
  search?: string;
  role?: OperatorRole;
  active?: boolean;
  /** The stores the caller may see (null: every store of the account). */
  allowedLocationIds: number[] | null;
}

const toJson = (vehicle: OperatorData['vehicle']) => (vehicle ? (vehicle as Prisma.InputJsonValue) : Prisma.DbNull);

/** Operators (store workers) of one account: every query is scoped by `accountId`. */
export function createOperatorsRepo(db: Db) {
  function where(accountId: number, f: OperatorFilters): Prisma.Sql {
    const conditions = [Prisma.sql`o.account_id = ${accountId}`];
    if (f.role) conditions.push(Prisma.sql`o.role = ${f.role}`);
    if (f.active !== undefined) conditions.push(Prisma.sql`o.active = ${f.active}`);
    if (f.locationId !== undefined) {
      conditions.push(Prisma.sql`EXISTS (SELECT 1 FROM operator_locations ol WHERE ol.operator_id = o.id AND ol.location_id = ${f.locationId})`);
    }
    if (f.allowedLocationIds) {
      conditions.push(
        f.allowedLocationIds.length
          ? Prisma.sql`EXISTS (SELECT 1 FROM operator_locations ol WHERE ol.operator_id = o.id AND ol.location_id IN (${Prisma.join(f.allowedLocationIds)}))`
          : Prisma.sql`FALSE`,
      );
    }
    if (f.search) {
      const name = `%${likeLiteral(foldText(f.search))}%`;
      const text = `%${likeLiteral(f.search)}%`;
      const either = [
        Prisma.sql`${folded(Prisma.sql`o.name`)} LIKE ${name}`,
        Prisma.sql`o.email ILIKE ${text}`,
      ];
      // CPF and phone are stored as digits (the phone with +55): "123.456", "(11) 98765" find them. Only a
      // search written as a number does: the digits inside a name ("Loja 744") are not a CPF.
      const digits = /^[\d\s().+/-]+$/.test(f.search) ? f.search.replace(/\D/g, '') : '';
      if (digits.length >= 3) either.push(Prisma.sql`o.cpf LIKE ${`%${digits}%`}`, Prisma.sql`o.phone LIKE ${`%${digits}%`}`);
      conditions.push(Prisma.sql`(${Prisma.join(either, ' OR ')})`);
    }
    return Prisma.join(conditions, ' AND ');
  }

  /** The store relations of a write (the ids were checked to be the account's). */
  const locationRows = (locationIds: number[]) => locationIds.map((locationId) => ({ locationId }));

  return {
    /** One page of the account's operators, by name (accents folded), then id. */
    async list(accountId: number, f: OperatorFilters, page: number, quantity: number) {
      const w = where(accountId, f);
      const [ids, [count]] = await Promise.all([
        db.$queryRaw<Array<{ id: number }>>`
          SELECT o.id FROM operators o WHERE ${w}
          ORDER BY ${folded(Prisma.sql`o.name`)}, o.id
          LIMIT ${quantity} OFFSET ${(page - 1) * quantity}`,
        db.$queryRaw<Array<{ total: bigint }>>`SELECT count(*) AS total FROM operators o WHERE ${w}`,
      ]);
      const rows = ids.length ? await db.operator.findMany({ where: { accountId, id: { in: ids.map((r) => r.id) } }, select: operatorSelect }) : [];
      const byId = new Map(rows.map((r) => [r.id, r]));
      return { rows: ids.map((r) => byId.get(r.id)).filter((r): r is OperatorRow => !!r), total: Number(count!.total) };
    },

    find(accountId: number, id: number) {
      return db.operator.findFirst({ where: { id, accountId }, select: operatorSelect });
    },

    /** The id of the account's operator with this CPF, if any. */
    async idByCpf(accountId: number, cpf: string) {
      return (await db.operator.findFirst({ where: { accountId, cpf }, select: { id: true } }))?.id ?? null;
    },

    /** Which of these ids are stores of the account. */
    async accountLocationIds(accountId: number, ids: number[]) {
      const rows = await db.location.findMany({ where: { accountId, id: { in: ids } }, select: { id: true } });
      return new Set(rows.map((r) => r.id));
    },

    create(accountId: number, { locationIds, vehicle, ...data }: OperatorData) {
      return db.operator.create({
        data: { ...data, vehicle: toJson(vehicle), accountId, locations: { create: locationRows(locationIds) } },
        select: operatorSelect,
      });
    },

    /** Replaces the account's own operator and its stores; null when there is none. */
    update(accountId: number, id: number, { locationIds, vehicle, ...data }: OperatorData) {
      return db.$transaction(async (tx) => {
        const { count } = await tx.operator.updateMany({ where: { id, accountId }, data: { ...data, vehicle: toJson(vehicle) } });
        if (count === 0) return null;
        await tx.operatorLocation.deleteMany({ where: { operatorId: id } });
        await tx.operatorLocation.createMany({ data: locationRows(locationIds).map((r) => ({ ...r, operatorId: id })) });
        return tx.operator.findFirstOrThrow({ where: { id, accountId }, select: operatorSelect });
      });
    },

    async remove(accountId: number, id: number) {
      const { count } = await db.operator.deleteMany({ where: { id, accountId } });
      return count > 0;
    },
  };
}
export type OperatorsRepo = ReturnType<typeof createOperatorsRepo>;
