import type { z } from 'zod';
import type { Operator, OperatorInput, OperatorListQuery, VehicleType } from '@backoffice/contracts';
import { AppError, found } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { isUniqueViolation } from '../users/users.repo.ts';
import type { Caller, StoreScope } from '../locations/locations.service.ts';
import type { OperatorData, OperatorRow, OperatorsRepo } from './operators.repo.ts';

interface Deps {
  repo: OperatorsRepo;
  scope: StoreScope;
}

const vehicleOf = (v: unknown): z.input<typeof Operator>['vehicle'] => {
  if (!v || typeof v !== 'object') return null;
  const { type, plate } = v as { type: VehicleType; plate?: string | null };
  return { type, plate: plate ?? null };
};

const toOperator = (o: OperatorRow): z.input<typeof Operator> => {
  const locations = o.locations.map((l) => l.location).sort((a, b) => a.name.localeCompare(b.name, 'pt-BR') || a.id - b.id);
  return {
    id: o.id,
    name: o.name,
    cpf: o.cpf,
    phone: o.phone,
    email: o.email,
    role: o.role as OperatorInput['role'],
    location_ids: locations.map((l) => l.id),
    locations,
    vehicle: vehicleOf(o.vehicle),
    active: o.active,
    created_at: o.createdAt.toISOString(),
    updated_at: o.updatedAt.toISOString(),
  };
};

const cpfTaken = () =>
  new AppError(409, 'OPERATOR_CPF_TAKEN', 'OPERATOR_CPF_TAKEN', {}, [
    { field: 'cpf', code: 'unique', message: 'Já existe um operador com este CPF nesta conta.' },
  ]);

/** A store id that is not the account's (or not the caller's) is refused like an unknown one. */
const unknownLocations = (ids: number[]) =>
  new AppError(422, 'OPERATOR_LOCATIONS_UNKNOWN', 'OPERATOR_LOCATIONS_UNKNOWN', { ids: ids.join(', ') }, [
    { field: 'location_ids', code: 'custom', message: `Lojas não encontradas nesta conta: ${ids.join(', ')}.` },
  ]);

/** Operators ("operadores"): the pickers, deliverers and store managers of an account's stores. */
export function createOperatorsService({ repo, scope }: Deps) {
  const visibleTo = (row: OperatorRow, allowed: number[] | null) => allowed === null || row.locations.some((l) => allowed.includes(l.location.id));

  /** The account's operator, when the caller works at one of its stores; 404 otherwise. */
  async function visible(caller: Caller, id: number) {
    const [row, allowed] = await Promise.all([repo.find(caller.accountId, id), scope(caller.accountId, caller.userId)]);
    if (!row || !visibleTo(row, allowed)) found(null, 'OPERATOR_NOT_FOUND');
    return { row: row!, allowed };
  }

  /**
   * The columns of a write, after the checks that need the database: every store is the account's
   * and one the caller may assign (or one the operator already has), and no other operator of the
   * account has the CPF.
   */
  async function toData(caller: Caller, input: OperatorInput, allowed: number[] | null, current?: OperatorRow): Promise<OperatorData> {
    const locationIds = [...new Set(input.location_ids)];
    const ofAccount = await repo.accountLocationIds(caller.accountId, locationIds);
    const kept = new Set(current?.locations.map((l) => l.location.id) ?? []);
    const unknown = locationIds.filter((id) => !ofAccount.has(id) || (allowed !== null && !allowed.includes(id) && !kept.has(id)));
    if (unknown.length) throw unknownLocations(unknown);
    const holder = await repo.idByCpf(caller.accountId, input.cpf);
    if (holder !== null && holder !== current?.id) throw cpfTaken();
    return {
      name: input.name,
      cpf: input.cpf,
      phone: input.phone ?? null,
      email: input.email ?? null,
      role: input.role,
      vehicle: input.role === 'deliverer' && input.vehicle ? { type: input.vehicle.type, plate: input.vehicle.plate ?? null } : null,
      active: input.active,
      locationIds,
    };
  }

  /** A write that lost a race for the CPF to another one answers like the check before it. */
  const uniqueCpf = async <T>(write: () => Promise<T>): Promise<T> => {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw cpfTaken();
      throw err;
    }
  };

  return {
    async list(caller: Caller, q: z.output<typeof OperatorListQuery>) {
      const allowed = await scope(caller.accountId, caller.userId);
      const { rows, total } = await repo.list(
        caller.accountId,
        { locationId: q.location_id, search: q.search, role: q.role, active: q.active, allowedLocationIds: allowed },
        q.page,
        q.quantity,
      );
      return pageOf(rows.map(toOperator), q, total);
    },

    async get(caller: Caller, id: number) {
      return toOperator((await visible(caller, id)).row);
    },

    async create(caller: Caller, input: OperatorInput) {
      const allowed = await scope(caller.accountId, caller.userId);
      const data = await toData(caller, input, allowed);
      return toOperator(await uniqueCpf(() => repo.create(caller.accountId, data)));
    },

    async update(caller: Caller, id: number, input: OperatorInput) {
      const { row, allowed } = await visible(caller, id);
      const data = await toData(caller, input, allowed, row);
      const updated = await uniqueCpf(() => repo.update(caller.accountId, id, data));
      return toOperator(found(updated, 'OPERATOR_NOT_FOUND'));
    },

    async remove(caller: Caller, id: number) {
      await visible(caller, id);
      if (!(await repo.remove(caller.accountId, id))) found(null, 'OPERATOR_NOT_FOUND');
    },
  };
}
export type OperatorsService = ReturnType<typeof createOperatorsService>;
