import type { z } from 'zod';
import {
  fromCents,
  PAYMENT_METHOD_CATALOG,
  PAYMENT_METHOD_KIND_LABELS,
  PAYMENT_METHODS,
  toCents,
  type CreatePaymentMethodConfigInput,
  type PaymentMethod,
  type PaymentMethodCode,
  type PaymentMethodConfig,
  type PaymentMethodConfigQuery,
  type UpdatePaymentMethodConfigInput,
} from '@backoffice/contracts';
import { AppError, ForbiddenError, NotFoundError, ValidationError, found } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import type { Caller, StoreScope } from '../locations/locations.service.ts';
import { isDuplicateConfig, type PaymentConfigRow, type PaymentsRepo } from './payments.repo.ts';

interface Deps {
  repo: PaymentsRepo;
  scope: StoreScope;
}

/** The hub's catalogue as the API lists it. */
export const PAYMENT_METHOD_LIST: PaymentMethod[] = PAYMENT_METHODS.map((method) => {
  const def = PAYMENT_METHOD_CATALOG[method];
  return {
    method,
    label: def.label,
    kind: def.kind,
    kind_label: PAYMENT_METHOD_KIND_LABELS[def.kind],
    installments: def.installments,
    default_active: def.defaultActive,
  };
});

const toConfig = (row: PaymentConfigRow, names: Map<number, string>): z.input<typeof PaymentMethodConfig> => {
  const method = row.method as PaymentMethodCode;
  const def = PAYMENT_METHOD_CATALOG[method];
  return {
    _id: row.id,
    id: row.id,
    location_id: row.locationId,
    location_name: row.locationId === null ? null : (names.get(row.locationId) ?? null),
    method,
    label: def.label,
    kind: def.kind,
    active: row.active,
    min_order_value: row.minOrderCents === null ? null : fromCents(row.minOrderCents),
    max_installments: row.maxInstallments,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
};

const duplicate = (locationId: number | null, method: PaymentMethodCode) => {
  const code = locationId === null ? 'PAYMENT_CONFIG_ACCOUNT_EXISTS' : 'PAYMENT_CONFIG_EXISTS';
  const detail = locationId === null ? 'A conta já tem um padrão para esta forma de pagamento.' : 'Esta loja já tem uma configuração desta forma de pagamento.';
  return new AppError(409, code, code, { method: PAYMENT_METHOD_CATALOG[method].label }, [{ field: 'method', code: 'unique', message: detail }]);
};

const creditOnly = () =>
  new ValidationError('PAYMENT_INSTALLMENTS_CREDIT_ONLY', {}, [
    { field: 'max_installments', code: 'custom', message: 'Parcelamento só vale para cartão de crédito.' },
  ]);

/** The payment hub's payment methods: the catalogue, and each account's and store's configuration of them. */
export function createPaymentsService({ repo, scope }: Deps) {
  const withNames = async (accountId: number, rows: PaymentConfigRow[]) => {
    const names = await repo.storeNames(accountId, [...new Set(rows.flatMap((r) => (r.locationId === null ? [] : [r.locationId])))]);
    return rows.map((r) => toConfig(r, names));
  };

  /** A store of the account the caller may see; 404 otherwise (another account's store included). */
  async function visibleStore(caller: Caller, locationId: number, allowed: number[] | null) {
    if (allowed && !allowed.includes(locationId)) throw new NotFoundError('LOCATION_NOT_FOUND');
    if (!(await repo.storeNames(caller.accountId, [locationId])).has(locationId)) throw new NotFoundError('LOCATION_NOT_FOUND');
  }

  /**
   * The account's configuration the caller may change: one of a store it sees (404 otherwise), or
   * the account's default, which a member limited to some stores may not change (it reaches every store).
   */
  async function writable(caller: Caller, id: number) {
    const [row, allowed] = await Promise.all([repo.find(caller.accountId, id), scope(caller.accountId, caller.userId)]);
    if (!row || (row.locationId !== null && allowed && !allowed.includes(row.locationId))) throw new NotFoundError('PAYMENT_CONFIG_NOT_FOUND');
    if (row.locationId === null && allowed) throw new ForbiddenError('PAYMENT_CONFIG_ALL_STORES');
    return row;
  }

  return {
    methods: () => ({ data: PAYMENT_METHOD_LIST }),

    async list(caller: Caller, q: z.output<typeof PaymentMethodConfigQuery>) {
      const allowed = await scope(caller.accountId, caller.userId);
      if (q.location_id !== undefined) await visibleStore(caller, q.location_id, allowed);
      const { rows, total } = await repo.list(caller.accountId, { locationId: q.location_id, method: q.method, allowedLocationIds: allowed }, q.page, q.quantity);
      return pageOf(await withNames(caller.accountId, rows), q, total);
    },

    async create(caller: Caller, input: CreatePaymentMethodConfigInput) {
      const allowed = await scope(caller.accountId, caller.userId);
      if (input.location_id === null) {
        if (allowed) throw new ForbiddenError('PAYMENT_CONFIG_ALL_STORES');
      } else await visibleStore(caller, input.location_id, allowed);
      if (await repo.findByMethod(caller.accountId, input.location_id, input.method)) throw duplicate(input.location_id, input.method);
      const data = {
        active: input.active,
        minOrderCents: input.min_order_value == null ? null : BigInt(toCents(input.min_order_value)),
        maxInstallments: input.max_installments ?? null,
      };
      try {
        const row = await repo.create(caller.accountId, input.location_id, input.method, data);
        return (await withNames(caller.accountId, [row]))[0]!;
      } catch (err) {
        if (isDuplicateConfig(err)) throw duplicate(input.location_id, input.method);
        throw err;
      }
    },

    async update(caller: Caller, id: number, input: UpdatePaymentMethodConfigInput) {
      const row = await writable(caller, id);
      if (input.max_installments != null && !PAYMENT_METHOD_CATALOG[row.method as PaymentMethodCode].installments) throw creditOnly();
      const updated = await repo.update(caller.accountId, id, {
        ...(input.active === undefined ? {} : { active: input.active }),
        ...(input.min_order_value === undefined ? {} : { minOrderCents: input.min_order_value === null ? null : BigInt(toCents(input.min_order_value)) }),
        ...(input.max_installments === undefined ? {} : { maxInstallments: input.max_installments }),
      });
      return (await withNames(caller.accountId, [found(updated, 'PAYMENT_CONFIG_NOT_FOUND')]))[0]!;
    },

    /** Removes the store's own configuration (the account's default applies again) or the account's default (the hub's applies). */
    async remove(caller: Caller, id: number) {
      const row = await writable(caller, id);
      const [config] = await withNames(caller.accountId, [row]);
      if (!(await repo.remove(caller.accountId, id))) throw new NotFoundError('PAYMENT_CONFIG_NOT_FOUND');
      return config!;
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
