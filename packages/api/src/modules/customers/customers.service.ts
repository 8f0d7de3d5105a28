import type { z } from 'zod';
import {
  ANONYMIZED_CUSTOMER_NAME,
  fromCents,
  type Customer,
  type CustomerAuditAction,
  type CustomerAuditEntry,
  type CustomerExport,
  type CustomerInput,
  type CustomerListItem,
  type CustomerSearchQuery,
  type UpdateCustomerBody,
} from '@backoffice/contracts';
import { AppError, ConflictError, ForbiddenError, found } from '../../lib/errors.ts';
import { pageOf } from '../../lib/paging.ts';
import { isUniqueViolation } from '../users/users.repo.ts';
import type { MemberContext } from '../../plugins/identity.ts';
import { sameAddresses, type AddressLocator } from './customer-addresses.ts';
import type { AuditData, CustomerData, CustomerListRow, CustomerRow, CustomersRepo } from './customers.repo.ts';

interface Deps {
  repo: CustomersRepo;
  addresses: AddressLocator;
  clock?: () => Date;
}

/** Who acts: the member (its role decides who sets the seller). */
export type CustomerCaller = Pick<MemberContext, 'accountId' | 'userId' | 'role'>;

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const day = (d: Date | null) => (d ? d.toISOString().slice(0, 10) : null);

type AuditRow = { id: number; action: string; details: unknown; createdAt: Date; user: { id: number; name: string; email: string } | null };

export const toAuditEntry = (a: AuditRow): z.input<typeof CustomerAuditEntry> => {
  const fields = (a.details as { fields?: unknown } | null)?.fields;
  return {
    id: a.id,
    action: a.action as CustomerAuditAction,
    user: a.user,
    fields: Array.isArray(fields) ? fields.filter((f): f is string => typeof f === 'string') : [],
    created_at: a.createdAt.toISOString(),
  };
};

const toCustomer = (c: CustomerRow, regions: Map<number, string>): z.input<typeof Customer> => ({
  id: c.id,
  name: c.name,
  description: c.description,
  cpf: c.cpf,
  phone: c.phone,
  email: c.email,
  birth_date: day(c.birthDate),
  seller_id: c.sellerId,
  tags: c.tags,
  opt_in: c.optIn,
  opt_in_at: iso(c.optInAt),
  anonymized_at: iso(c.anonymizedAt),
  addresses: c.addresses.map((a) => ({
    id: a.id,
    label: a.label,
    zip_code: a.zipCode,
    street: a.street,
    number: a.number,
    complement: a.complement,
    neighborhood: a.neighborhood,
    city: a.city,
    state: a.state,
    is_default: a.isDefault,
    latitude: a.latitude,
    longitude: a.longitude,
    location_id: a.locationId,
    location_name: a.location?.name ?? null,
    region_id: a.regionId,
    region_name: a.regionId !== null ? (regions.get(a.regionId) ?? null) : null,
  })),
  created_at: c.createdAt.toISOString(),
  updated_at: c.updatedAt.toISOString(),
});

const toListItem = (c: CustomerListRow): z.input<typeof CustomerListItem> => {
  const home = c.addresses[0];
  return {
    id: c.id,
    name: c.name,
    cpf: c.cpf,
    phone: c.phone,
    email: c.email,
    tags: c.tags,
    opt_in: c.optIn,
    anonymized_at: iso(c.anonymizedAt),
    city: home?.city || null,
    neighborhood: home?.neighborhood ?? null,
    store: home?.locationId != null && home.location ? { id: home.locationId, name: home.location.name } : null,
    created_at: c.createdAt.toISOString(),
  };
};

const DUPLICATE = {
  cpf: { code: 'CUSTOMER_CPF_TAKEN', message: 'Já existe um cliente com este CPF.' },
  phone: { code: 'CUSTOMER_PHONE_TAKEN', message: 'Já existe um cliente com este telefone.' },
} as const;

/** 409 naming the field another customer of the account already holds. */
const taken = (field: 'cpf' | 'phone') =>
  new AppError(409, DUPLICATE[field].code, DUPLICATE[field].code, {}, [{ field, code: 'unique', message: DUPLICATE[field].message }]);

/** An address id that is not one of the customer's, refused like an unknown one. */
const unknownAddress = (index: number, id: number) =>
  new AppError(422, 'CUSTOMER_ADDRESS_UNKNOWN', 'CUSTOMER_ADDRESS_UNKNOWN', { id }, [
    { field: `addresses.${index}.id`, code: 'custom', message: `Endereço ${id} não é deste cliente.` },
  ]);

/** The API names of the customer's own fields, as the audit records them. */
const FIELD_NAMES: Record<keyof CustomerData, string | null> = {
  name: 'name',
  description: 'description',
  cpf: 'cpf',
  phone: 'phone',
  email: 'email',
  birthDate: 'birth_date',
  sellerId: 'seller_id',
  tags: 'tags',
  optIn: 'opt_in',
  optInAt: null,
};

const sameValue = (a: unknown, b: unknown) =>
  a instanceof Date || b instanceof Date ? (a as Date | null)?.getTime() === (b as Date | null)?.getTime() : JSON.stringify(a) === JSON.stringify(b);

/** Customers ("clientes") of a retailer: registration, search, delivery addresses served by its stores, LGPD rights. */
export function createCustomersService({ repo, addresses, clock = () => new Date() }: Deps) {
  /** The account's customer with its region names; 404 for another account's id. */
  async function load(accountId: number, id: number) {
    return found(await repo.find(accountId, id), 'CUSTOMER_NOT_FOUND');
  }

  async function present(accountId: number, row: CustomerRow) {
    const regionIds = [...new Set(row.addresses.map((a) => a.regionId).filter((r): r is number => r !== null))];
    return toCustomer(row, await repo.regionNames(accountId, regionIds));
  }

  /** The customer's own columns: opt-in time set when consent is given, kept while it lasts, cleared when withdrawn. */
  function toData(input: CustomerInput, current?: CustomerRow): CustomerData {
    const optInAt = input.opt_in ? (current?.optIn ? current.optInAt : clock()) : null;
    return {
      name: input.name,
      description: input.description || null,
      cpf: input.cpf ?? null,
      phone: input.phone ?? null,
      email: input.email ?? null,
      birthDate: input.birth_date ? new Date(`${input.birth_date}T00:00:00Z`) : null,
      sellerId: input.seller_id || null,
      tags: input.tags,
      optIn: input.opt_in,
      optInAt,
    };
  }

  /** Operators (attendants) register customers but do not assign their seller. */
  function checkSeller(caller: CustomerCaller, sellerId: string | null, current: string | null) {
    if (caller.role === 'operator' && sellerId !== current) throw new ForbiddenError('CUSTOMER_SELLER_ID_ROLE');
  }

  async function checkUnique(accountId: number, data: CustomerData, exceptId?: number) {
    for (const field of ['cpf', 'phone'] as const) {
      const value = data[field];
      if (value && (await repo.holderOf(accountId, field, value, exceptId)) !== null) throw taken(field);
    }
  }

  /** A write that lost a race for the CPF or phone answers like the check before it. */
  async function unique<T>(accountId: number, data: CustomerData, exceptId: number | undefined, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (err) {
      if (!isUniqueViolation(err)) throw err;
      await checkUnique(accountId, data, exceptId);
      throw taken('cpf');
    }
  }

  const audit = (caller: CustomerCaller, action: CustomerAuditAction, fields?: string[]): AuditData => ({ action, userId: caller.userId, fields });

  return {
    async search(caller: CustomerCaller, q: CustomerSearchQuery) {
      const direction = q.order_direction ?? (q.order_by === 'created_at' ? 'desc' : 'asc');
      const { rows, total } = await repo.search(
        caller.accountId,
        { search: q.search, tag: q.tag, locationId: q.location_id, optIn: q.opt_in },
        { by: q.order_by, direction },
        q.page,
        q.quantity,
      );
      return pageOf(rows.map(toListItem), q, total);
    },

    async get(caller: CustomerCaller, id: number) {
      return present(caller.accountId, await load(caller.accountId, id));
    },

    async create(caller: CustomerCaller, input: CustomerInput) {
      const data = toData(input);
      checkSeller(caller, data.sellerId, null);
      await checkUnique(caller.accountId, data);
      const located = await addresses.resolve(caller, input.addresses);
      const fields = (Object.keys(FIELD_NAMES) as Array<keyof CustomerData>)
        .filter((k) => FIELD_NAMES[k] && data[k] !== null && data[k] !== false && !(Array.isArray(data[k]) && !data[k].length))
        .map((k) => FIELD_NAMES[k]!);
      if (located.length) fields.push('addresses');
      const row = await unique(caller.accountId, data, undefined, () => repo.create(caller.accountId, data, located, audit(caller, 'create', fields)));
      return present(caller.accountId, row);
    },

    /** Replaces an active customer; an anonymised one is 409. Audits the names of the fields that changed. */
    async update(caller: CustomerCaller, input: z.output<typeof UpdateCustomerBody>) {
      const current = await load(caller.accountId, input.id);
      if (current.anonymizedAt) throw new ConflictError('CUSTOMER_IS_ANONYMIZED');
      const data = toData(input, current);
      checkSeller(caller, data.sellerId, current.sellerId);
      const own = new Set(current.addresses.map((a) => a.id));
      input.addresses.forEach((a, i) => {
        if (a.id !== undefined && !own.has(a.id)) throw unknownAddress(i, a.id);
      });
      await checkUnique(caller.accountId, data, current.id);
      const located = await addresses.resolve(caller, input.addresses, current.addresses);
      const fields = (Object.keys(FIELD_NAMES) as Array<keyof CustomerData>)
        .filter((k) => FIELD_NAMES[k] && !sameValue(data[k], current[k]))
        .map((k) => FIELD_NAMES[k]!);
      if (!sameAddresses(current.addresses, located)) fields.push('addresses');
      const row = await unique(caller.accountId, data, current.id, () =>
        repo.update(caller.accountId, current.id, data, located, fields.length ? audit(caller, 'update', fields) : null),
      );
      // Anonymised between the read and the write.
      if (!row) throw new ConflictError('CUSTOMER_IS_ANONYMIZED');
      return present(caller.accountId, row);
    },

    /** LGPD: erases the personal data once (409 the second time) and audits it. */
    async anonymize(caller: CustomerCaller, id: number) {
      const current = await load(caller.accountId, id);
      if (current.anonymizedAt) throw new ConflictError('CUSTOMER_ALREADY_ANONYMIZED');
      const row = await repo.anonymize(caller.accountId, id, ANONYMIZED_CUSTOMER_NAME, audit(caller, 'anonymize'));
      if (!row) throw new ConflictError('CUSTOMER_ALREADY_ANONYMIZED');
      return present(caller.accountId, row);
    },

    async auditTrail(caller: CustomerCaller, id: number, q: { page: number; quantity: number }) {
      await load(caller.accountId, id);
      const { rows, total } = await repo.audits(caller.accountId, id, q.page, q.quantity);
      return pageOf(rows.map(toAuditEntry), q, total);
    },

    /** LGPD: everything held on the customer, as of now; the export itself is audited. */
    async export(caller: CustomerCaller, id: number): Promise<z.input<typeof CustomerExport>> {
      const row = await load(caller.accountId, id);
      const [customer, parts] = await Promise.all([present(caller.accountId, row), repo.exportParts(caller.accountId, id)]);
      await repo.recordAudit(caller.accountId, id, audit(caller, 'export'));
      return {
        exported_at: clock().toISOString(),
        account: parts.account,
        customer,
        shopping_carts: parts.carts.map((c) => ({
          id: c.id,
          status: c.status,
          location_id: c.locationId,
          location_name: c.location.name,
          list_text: c.listText,
          coupon_code: c.couponCode,
          sub_total: fromCents(c.subTotalCents),
          discount: fromCents(c.discountCents),
          total: fromCents(c.totalCents),
          created_at: c.createdAt.toISOString(),
          link_sent_at: iso(c.linkSentAt),
          opened_at: iso(c.openedAt),
          converted_at: iso(c.convertedAt),
          items: c.items.map((i) => ({
            position: i.position,
            detail: i.detail,
            query: i.query,
            quantity: i.quantity,
            unit_measurement: i.unitMeasurement,
            status: i.status,
            product_id: i.productId,
            product_name: i.product?.name ?? null,
            unit_price: fromCents(i.unitPriceCents),
            sub_total: fromCents(i.subTotalCents),
            discount: fromCents(i.discountCents),
          })),
        })),
        audit: parts.audits.map(toAuditEntry),
      };
    },
  };
}
export type CustomersService = ReturnType<typeof createCustomersService>;
