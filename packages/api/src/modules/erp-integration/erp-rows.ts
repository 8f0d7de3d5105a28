import type { z } from 'zod';
import { ErpCustomerRow, ErpOfferRow, toCents } from '@backoffice/contracts';
import type { Tx } from '../../db/client.ts';
import type { RowError } from './erp-batches.repo.ts';

/** A row of a batch and its position in `rows`. */
export interface IndexedRow {
  index: number;
  raw: Record<string, unknown>;
}

export interface StoreIndex {
  ids: Set<number>;
  byCode: Map<string, number>;
}

/**
 * The first key of the per-account advisory lock that product imports take around a chunk
 * (product-imports.repo.ts): offers of a batch wait for an import writing the same offers, and the
 * other way round. The customers' lock is another key.
 */
const OFFERS_LOCK_KEY = 720_001;
const CUSTOMERS_LOCK_KEY = 720_024;

/** A refused row's reason: each field's first problem, "field: message", joined by "; ". */
export function reasonOf(error: z.ZodError): string {
  const seen = new Set<string>();
  const parts: string[] = [];
  for (const issue of error.issues) {
    const field = issue.path.join('.');
    if (seen.has(field)) continue;
    seen.add(field);
    parts.push(field ? `${field}: ${issue.message}` : issue.message);
  }
  return parts.join('; ');
}

const textKey = (v: unknown) => (typeof v === 'string' ? v.trim().slice(0, 64) || null : typeof v === 'number' ? String(v) : null);

/**
 * Offers of one chunk: each row checked (shape, store, product), the valid ones upserted by (store,
 * product); a stock or availability left out keeps the current one. The last row of a (store,
 * product) pair wins within the chunk.
 */
export async function applyOffers(tx: Tx, accountId: number, rows: IndexedRow[], stores: StoreIndex) {
  const errors: RowError[] = [];
  const valid: Array<{ index: number; row: z.output<typeof ErpOfferRow>; locationId: number }> = [];
  for (const { index, raw } of rows) {
    const key = textKey(raw.sku);
    const parsed = ErpOfferRow.safeParse(raw);
    if (!parsed.success) {
      errors.push({ index, key, reason: reasonOf(parsed.error) });
      continue;
    }
    const r = parsed.data;
    const locationId = r.store_id !== undefined ? (stores.ids.has(r.store_id) ? r.store_id : undefined) : stores.byCode.get(r.store_code!);
    if (locationId === undefined) {
      errors.push({ index, key, reason: `${r.store_id !== undefined ? 'store_id' : 'store_code'}: loja não encontrada nesta conta.` });
      continue;
    }
    valid.push({ index, row: r, locationId });
  }
  if (!valid.length) return { applied: 0, errors };
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${OFFERS_LOCK_KEY}::int, ${accountId}::int)`;
  const skus = [...new Set(valid.map((v) => v.row.sku))];
  const found = await tx.$queryRaw<Array<{ id: number; sku: string }>>`SELECT id, sku FROM products WHERE account_id = ${accountId} AND sku = ANY(${skus}::text[])`;
  const productOf = new Map(found.map((p) => [p.sku, p.id]));
  const byPair = new Map<string, Record<string, unknown>>();
  let applied = 0;
  for (const v of valid) {
    const productId = productOf.get(v.row.sku);
    if (productId === undefined) {
      errors.push({ index: v.index, key: v.row.sku, reason: 'sku: produto não encontrado nesta conta (cadastre-o antes, pelo lote de produtos).' });
      continue;
    }
    applied++;
    const r = v.row;
    byPair.set(`${v.locationId}:${productId}`, {
      location_id: v.locationId,
      product_id: productId,
      price_cents: toCents(r.price),
      promotional_price_cents: r.promotional_price == null ? null : toCents(r.promotional_price),
      promotion_start_at: r.promotional_price == null ? null : (r.promotion_start_at ?? null),
      promotion_end_at: r.promotional_price == null ? null : (r.promotion_end_at ?? null),
      stock: r.stock ?? null,
      is_available: r.available ?? null,
    });
  }
  errors.sort((a, b) => a.index - b.index);
  if (!byPair.size) return { applied, errors };
  const json = JSON.stringify([...byPair.values()].sort((a, b) => (a.location_id as number) - (b.location_id as number) || (a.product_id as number) - (b.product_id as number)));
  // Existing offers first (a stock or availability not sent stays), then the new ones.
  const updated = await tx.$queryRaw<Array<{ location_id: number; product_id: number }>>`
    UPDATE offers o
       SET price_cents = r.price_cents, promotional_price_cents = r.promotional_price_cents,
           promotion_start_at = r.promotion_start_at, promotion_end_at = r.promotion_end_at,
           stock = COALESCE(r.stock, o.stock), is_available = COALESCE(r.is_available, o.is_available), updated_at = now()
      FROM jsonb_to_recordset(${json}::jsonb) AS r(
             location_id int, product_id int, price_cents bigint, promotional_price_cents bigint, promotion_start_at timestamptz,
             promotion_end_at timestamptz, stock int, is_available boolean)
     WHERE o.account_id = ${accountId} AND o.location_id = r.location_id AND o.product_id = r.product_id
    RETURNING o.location_id, o.product_id`;
  const done = new Set(updated.map((u) => `${u.location_id}:${u.product_id}`));
  const fresh = [...byPair.entries()].filter(([k]) => !done.has(k)).map(([, v]) => v);
  if (fresh.length) {
    await tx.$executeRaw`
      INSERT INTO offers (account_id, location_id, product_id, price_cents, promotional_price_cents, promotion_start_at, promotion_end_at,
                          stock, is_available, updated_at)
      SELECT ${accountId}, r.location_id, r.product_id, r.price_cents, r.promotional_price_cents, r.promotion_start_at, r.promotion_end_at,
             COALESCE(r.stock, 0), COALESCE(r.is_available, true), now()
        FROM jsonb_to_recordset(${JSON.stringify(fresh)}::jsonb) AS r(
               location_id int, product_id int, price_cents bigint, promotional_price_cents bigint, promotion_start_at timestamptz,
               promotion_end_at timestamptz, stock int, is_available boolean)
      ON CONFLICT (location_id, product_id) DO UPDATE SET
             price_cents = EXCLUDED.price_cents, promotional_price_cents = EXCLUDED.promotional_price_cents,
             promotion_start_at = EXCLUDED.promotion_start_at, promotion_end_at = EXCLUDED.promotion_end_at,
             stock = EXCLUDED.stock, is_available = EXCLUDED.is_available, updated_at = now()
       WHERE offers.account_id = EXCLUDED.account_id`;
  }
  return { applied, errors };
}

interface CustomerState {
  id: number;
  name: string;
  cpf: string | null;
  phone: string | null;
  email: string | null;
  anonymizedAt: Date | null;
}

const customerSelect = { id: true, name: true, cpf: true, phone: true, email: true, anonymizedAt: true } as const;

/**
 * Customers of one chunk, row by row: found by the ERP's id, else the CPF, else the phone; updated
 * (fields left out keep their value) or created, each change audited as the batch's sender, and the
 * ERP's id linked. A CPF or phone that belongs to another customer refuses the row.
 */
export async function applyCustomers(tx: Tx, accountId: number, userId: number | null, rows: IndexedRow[]) {
  const errors: RowError[] = [];
  let applied = 0;
  // One chunk of customers at a time per account: the checks below hold until it commits.
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(${CUSTOMERS_LOCK_KEY}::int, ${accountId}::int)`;
  for (const { index, raw } of rows) {
    const key = textKey(raw.external_id) ?? textKey(raw.document) ?? textKey(raw.phone);
    const parsed = ErpCustomerRow.safeParse(raw);
    if (!parsed.success) {
      errors.push({ index, key, reason: reasonOf(parsed.error) });
      continue;
    }
    const r = parsed.data;
    const find = (where: { cpf: string } | { phone: string } | { id: number }) =>
      tx.customer.findFirst({ where: { accountId, ...where }, select: customerSelect }) as Promise<CustomerState | null>;
    const link = r.external_id
      ? await tx.erpCustomerLink.findUnique({ where: { accountId_externalId: { accountId, externalId: r.external_id } }, select: { customerId: true } })
      : null;
    const linked = link ? await find({ id: link.customerId }) : null;
    const byDocument = r.document ? await find({ cpf: r.document }) : null;
    const byPhone = r.phone ? await find({ phone: r.phone }) : null;
    const target = linked ?? byDocument ?? byPhone;
    if (target && byDocument && byDocument.id !== target.id) {
      errors.push({ index, key, reason: 'document: este CPF já pertence a outro cliente da conta.' });
      continue;
    }
    if (target && byPhone && byPhone.id !== target.id) {
      errors.push({ index, key, reason: 'phone: este telefone já pertence a outro cliente da conta.' });
      continue;
    }
    if (target?.anonymizedAt) {
      errors.push({ index, key, reason: 'cliente anonimizado (LGPD): seus dados não podem ser alterados.' });
      continue;
    }
    const data = {
      name: r.name,
      ...(r.document !== undefined ? { cpf: r.document } : {}),
      ...(r.phone !== undefined ? { phone: r.phone } : {}),
      ...(r.email !== undefined ? { email: r.email } : {}),
    };
    let customerId: number;
    if (target) {
      const fields = (Object.keys(data) as Array<keyof typeof data>).filter((f) => data[f] !== target[f]);
      customerId = target.id;
      if (fields.length) {
        await tx.customer.updateMany({ where: { id: target.id, accountId }, data });
        await tx.customerAudit.create({ data: { accountId, customerId, userId, action: 'update', details: { fields } } });
      }
    } else {
      ({ id: customerId } = await tx.customer.create({ data: { accountId, ...data }, select: { id: true } }));
      const fields = (Object.keys(data) as Array<keyof typeof data>).filter((f) => data[f] !== null);
      await tx.customerAudit.create({ data: { accountId, customerId, userId, action: 'create', details: { fields } } });
    }
    // A new ERP id, or one whose customer is gone (the links hold no foreign key): linked to this customer.
    if (r.external_id && (!link || !linked)) {
      await tx.erpCustomerLink.upsert({
        where: { accountId_externalId: { accountId, externalId: r.external_id } },
        create: { accountId, externalId: r.external_id, customerId },
        update: { customerId },
      });
    }
    applied++;
  }
  return { applied, errors };
}
