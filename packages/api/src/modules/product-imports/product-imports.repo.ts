import type { Db, Tx } from '../../db/client.ts';
import type { Prisma } from '../../generated/prisma/client.ts';
import { PRODUCT_IMPORT_REJECTED_SHOWN, type ProductImportSource, type ProductImportStatus } from '@backoffice/contracts';
import type { RejectedRow, StoreIndex, ValidRow } from './import-row.ts';

const importSelect = {
  id: true,
  source: true,
  fileName: true,
  status: true,
  total: true,
  processed: true,
  accepted: true,
  rejectedCount: true,
  error: true,
  createdAt: true,
  startedAt: true,
  finishedAt: true,
} as const;

export type ImportRow = Prisma.ProductImportGetPayload<{ select: typeof importSelect }>;
export type ImportDetailRow = ImportRow & { rejected: RejectedRow[] };

export interface NewImport {
  accountId: number;
  userId: number;
  source: ProductImportSource;
  fileName: string | null;
  idempotencyKey: string | null;
  payload: Buffer;
  total: number;
}

/** What the job reads of an import. */
export interface ImportJobRow {
  id: number;
  accountId: number;
  source: ProductImportSource;
  status: ProductImportStatus;
  payload: Uint8Array | null;
  processed: number;
}

/** A product as stored (the columns an import writes). */
export interface ProductState {
  id?: number;
  sku: string;
  name: string;
  brand: string | null;
  gtin: string | null;
  imageUrl: string | null;
  categories: string[];
  priceCents: number;
  /** What one unit (or kg) costs the retailer (null: not known). */
  costCents: number | null;
  unitMeasurement: string;
  isAvailable: boolean;
  availableStock: number;
  url: string | null;
  referenceCode: string | null;
  additionalReferences: string[];
  tags: string[];
  sellers: string[];
  sizePack: string | null;
  weightPerUnit: number | null;
}

export interface OfferState {
  locationId: number;
  sku: string;
  priceCents: number;
  promotionalPriceCents: number | null;
  promotionStartAt: Date | null;
  promotionEndAt: Date | null;
  stock: number;
  isAvailable: boolean;
}

/** What a chunk writes: the products and offers as they end up, the lines it took and those refused. */
export interface ChunkWrite {
  products: ProductState[];
  offers: OfferState[];
  accepted: number;
  rejected: RejectedRow[];
  /** Lines of the chunk (accepted + rejected). */
  lines: number;
}

/** Another run of the same import already recorded this chunk: this one's writes are rolled back. */
export class ChunkAlreadyDone extends Error {}

interface ProductDbRow {
  id: number;
  sku: string;
  name: string;
  brand: string | null;
  gtin: string | null;
  image_url: string | null;
  categories: string[];
  price_cents: bigint;
  cost_cents: bigint | null;
  unit_measurement: string;
  is_available: boolean;
  available_stock: number;
  url: string | null;
  reference_code: string | null;
  additional_references: string[];
  tags: string[];
  sellers: string[];
  size_pack: string | null;
  weight_per_unit: number | null;
}

interface OfferDbRow {
  location_id: number;
  product_id: number;
  price_cents: bigint;
  promotional_price_cents: bigint | null;
  promotion_start_at: Date | null;
  promotion_end_at: Date | null;
  stock: number;
  is_available: boolean;
}

const CHUNK_TX = { timeout: 60_000, maxWait: 10_000 } as const;
/** The first key of the per-account advisory lock of import chunks (the second is the account id). */
const IMPORT_LOCK_KEY = 720_001;

/** Imports of one account, and the catalog writes of their jobs: every query is scoped by `accountId`. */
export function createProductImportsRepo(db: Db) {
  return {
    async create(data: NewImport): Promise<ImportRow> {
      return db.productImport.create({
        data: {
          accountId: data.accountId,
          userId: data.userId,
          source: data.source,
          fileName: data.fileName,
          idempotencyKey: data.idempotencyKey,
          payload: new Uint8Array(data.payload),
          total: data.total,
        },
        select: importSelect,
      });
    },

    byKey: (accountId: number, key: string) => db.productImport.findFirst({ where: { accountId, idempotencyKey: key }, select: importSelect }),

    /** The latest imports, newest first. */
    latest: (accountId: number, take: number) =>
      db.productImport.findMany({ where: { accountId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take, select: importSelect }),

    /** An import with its first rejected rows (the full list can be long: only those are read). */
    async find(accountId: number, id: number): Promise<ImportDetailRow | null> {
      const row = await db.productImport.findFirst({ where: { accountId, id }, select: importSelect });
      if (!row) return null;
      const [first] = await db.$queryRaw<Array<{ rejected: RejectedRow[] }>>`
        SELECT jsonb_path_query_array(rejected, ${`$[0 to ${PRODUCT_IMPORT_REJECTED_SHOWN - 1}]`}::jsonpath) AS rejected
          FROM product_imports WHERE id = ${id} AND account_id = ${accountId}`;
      return { ...row, rejected: first?.rejected ?? [] };
    },

    async rejected(accountId: number, id: number): Promise<RejectedRow[] | null> {
      const row = await db.productImport.findFirst({ where: { accountId, id }, select: { rejected: true } });
      return row ? (row.rejected as unknown as RejectedRow[]) : null;
    },

    forJob: (id: number) =>
      db.productImport.findUnique({
        where: { id },
        select: { id: true, accountId: true, source: true, status: true, payload: true, processed: true },
      }) as Promise<ImportJobRow | null>,

    markRunning: (id: number) =>
      db.$executeRaw`UPDATE product_imports SET status = 'running', started_at = COALESCE(started_at, now()) WHERE id = ${id} AND status IN ('queued', 'running')`,

    markDone: (id: number) => db.productImport.updateMany({ where: { id, status: 'running' }, data: { status: 'done', finishedAt: new Date(), error: null } }),

    markFailed: (id: number, error: string) =>
      db.productImport.updateMany({ where: { id, status: { in: ['queued', 'running'] } }, data: { status: 'failed', finishedAt: new Date(), error } }),

    /** The account's stores, as lines name them. */
    async stores(accountId: number): Promise<StoreIndex> {
      const rows = await db.location.findMany({ where: { accountId }, select: { id: true, externalId: true } });
      const byExternalId = new Map<string, number>();
      for (const r of rows) if (r.externalId) byExternalId.set(r.externalId.trim(), r.id);
      return { byExternalId, ids: new Set(rows.map((r) => r.id)) };
    },

    /**
     * One chunk in one transaction: reads the products and offers its lines touch (locked), lets
     * `merge` say what they become, writes them (an unchanged row is not written), and records the
     * chunk's progress on the import, only if no other run of the import recorded it first.
     */
    async applyChunk(
      accountId: number,
      importId: number,
      at: number,
      rows: ValidRow[],
      merge: (current: { products: Map<string, ProductState>; offers: Map<string, OfferState> }) => ChunkWrite,
    ): Promise<ChunkWrite> {
      return db.$transaction(async (tx) => {
        // One chunk at a time per account: a SKU read as new stays new until this chunk commits (two
        // imports creating it at once would each merge into a product the other is writing).
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(${IMPORT_LOCK_KEY}::int, ${accountId}::int)`;
        const current = await readCurrent(tx, accountId, rows);
        const write = merge(current);
        const ids = await writeProducts(tx, accountId, write.products);
        await writeOffers(tx, accountId, write.offers, ids);
        const recorded = await tx.$executeRaw`
          UPDATE product_imports
             SET processed = processed + ${write.lines},
                 accepted = accepted + ${write.accepted},
                 rejected_count = rejected_count + ${write.rejected.length},
                 rejected = rejected || ${JSON.stringify(write.rejected)}::jsonb
           WHERE id = ${importId} AND account_id = ${accountId} AND processed = ${at} AND status = 'running'`;
        if (recorded !== 1) throw new ChunkAlreadyDone();
        return write;
      }, CHUNK_TX);
    },
  };
}

export type ProductImportsRepo = ReturnType<typeof createProductImportsRepo>;

export const offerKey = (locationId: number, sku: string) => `${locationId}\u0000${sku}`;

async function readCurrent(tx: Tx, accountId: number, rows: ValidRow[]) {
  const skus = [...new Set(rows.map((r) => r.sku))];
  const products = new Map<string, ProductState>();
  const offers = new Map<string, OfferState>();
  if (!skus.length) return { products, offers };
  const found = await tx.$queryRaw<ProductDbRow[]>`
    SELECT id, sku, name, brand, gtin, image_url, categories, price_cents, cost_cents, unit_measurement, is_available, available_stock,
           url, reference_code, additional_references, tags, sellers, size_pack, weight_per_unit
      FROM products WHERE account_id = ${accountId} AND sku = ANY(${skus}::text[])
     ORDER BY id
       FOR UPDATE`;
  const skuOf = new Map<number, string>();
  for (const p of found) {
    skuOf.set(p.id, p.sku);
    products.set(p.sku, {
      id: p.id,
      sku: p.sku,
      name: p.name,
      brand: p.brand,
      gtin: p.gtin,
      imageUrl: p.image_url,
      categories: p.categories,
      priceCents: Number(p.price_cents),
      costCents: p.cost_cents === null ? null : Number(p.cost_cents),
      unitMeasurement: p.unit_measurement,
      isAvailable: p.is_available,
      availableStock: p.available_stock,
      url: p.url,
      referenceCode: p.reference_code,
      additionalReferences: p.additional_references,
      tags: p.tags,
      sellers: p.sellers,
      sizePack: p.size_pack,
      weightPerUnit: p.weight_per_unit,
    });
  }
  const locationIds = [...new Set(rows.flatMap((r) => (r.offer ? [r.offer.locationId] : [])))];
  if (found.length && locationIds.length) {
    const offerRows = await tx.$queryRaw<OfferDbRow[]>`
      SELECT location_id, product_id, price_cents, promotional_price_cents, promotion_start_at, promotion_end_at, stock, is_available
        FROM offers
       WHERE account_id = ${accountId} AND product_id = ANY(${[...skuOf.keys()]}::int[]) AND location_id = ANY(${locationIds}::int[])
       ORDER BY id
         FOR UPDATE`;
    for (const o of offerRows) {
      const sku = skuOf.get(o.product_id)!;
      offers.set(offerKey(o.location_id, sku), {
        locationId: o.location_id,
        sku,
        priceCents: Number(o.price_cents),
        promotionalPriceCents: o.promotional_price_cents === null ? null : Number(o.promotional_price_cents),
        promotionStartAt: o.promotion_start_at,
        promotionEndAt: o.promotion_end_at,
        stock: o.stock,
        isAvailable: o.is_available,
      });
    }
  }
  return { products, offers };
}

/** Upserts products by (account, SKU), leaving unchanged rows alone; the id of each SKU. */
async function writeProducts(tx: Tx, accountId: number, products: ProductState[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const p of products) if (p.id !== undefined) ids.set(p.sku, p.id);
  if (!products.length) return ids;
  // In SKU order: two imports writing the same new SKUs take their locks in the same order.
  const sorted = [...products].sort((a, b) => (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
  const json = JSON.stringify(
    sorted.map((p) => ({
      sku: p.sku,
      name: p.name,
      brand: p.brand,
      gtin: p.gtin,
      image_url: p.imageUrl,
      categories: p.categories,
      price_cents: p.priceCents,
      cost_cents: p.costCents,
      unit_measurement: p.unitMeasurement,
      is_available: p.isAvailable,
      available_stock: p.availableStock,
      url: p.url,
      reference_code: p.referenceCode,
      additional_references: p.additionalReferences,
      tags: p.tags,
      sellers: p.sellers,
      size_pack: p.sizePack,
      weight_per_unit: p.weightPerUnit,
    })),
  );
  const written = await tx.$queryRaw<Array<{ id: number; sku: string }>>`
    INSERT INTO products (account_id, sku, name, brand, gtin, image_url, categories, price_cents, cost_cents, unit_measurement, is_available,
                          available_stock, url, reference_code, additional_references, tags, sellers, size_pack, weight_per_unit, updated_at)
    SELECT ${accountId}, r.sku, r.name, r.brand, r.gtin, r.image_url, r.categories, r.price_cents, r.cost_cents, r.unit_measurement, r.is_available,
           r.available_stock, r.url, r.reference_code, r.additional_references, r.tags, r.sellers, r.size_pack, r.weight_per_unit, now()
      FROM jsonb_to_recordset(${json}::jsonb) AS r(
             sku text, name text, brand text, gtin text, image_url text, categories text[], price_cents bigint, cost_cents bigint,
             unit_measurement text, is_available boolean, available_stock int, url text, reference_code text, additional_references text[],
             tags text[], sellers text[], size_pack text, weight_per_unit float8)
    ON CONFLICT (account_id, sku) DO UPDATE SET
           name = EXCLUDED.name, brand = EXCLUDED.brand, gtin = EXCLUDED.gtin, image_url = EXCLUDED.image_url,
           categories = EXCLUDED.categories, price_cents = EXCLUDED.price_cents, cost_cents = EXCLUDED.cost_cents,
           unit_measurement = EXCLUDED.unit_measurement, is_available = EXCLUDED.is_available, available_stock = EXCLUDED.available_stock,
           url = EXCLUDED.url, reference_code = EXCLUDED.reference_code, additional_references = EXCLUDED.additional_references,
           tags = EXCLUDED.tags, sellers = EXCLUDED.sellers, size_pack = EXCLUDED.size_pack, weight_per_unit = EXCLUDED.weight_per_unit,
           updated_at = now()
     WHERE (products.name, products.brand, products.gtin, products.image_url, products.categories, products.price_cents, products.cost_cents,
            products.unit_measurement, products.is_available, products.available_stock, products.url, products.reference_code,
            products.additional_references, products.tags, products.sellers, products.size_pack, products.weight_per_unit)
           IS DISTINCT FROM
           (EXCLUDED.name, EXCLUDED.brand, EXCLUDED.gtin, EXCLUDED.image_url, EXCLUDED.categories, EXCLUDED.price_cents, EXCLUDED.cost_cents,
            EXCLUDED.unit_measurement, EXCLUDED.is_available, EXCLUDED.available_stock, EXCLUDED.url, EXCLUDED.reference_code,
            EXCLUDED.additional_references, EXCLUDED.tags, EXCLUDED.sellers, EXCLUDED.size_pack, EXCLUDED.weight_per_unit)
    RETURNING id, sku`;
  for (const w of written) ids.set(w.sku, w.id);
  // A SKU read as new but created meanwhile by another writer, and left as it was: its id.
  const missing = products.filter((p) => !ids.has(p.sku)).map((p) => p.sku);
  if (missing.length) {
    const rows = await tx.$queryRaw<Array<{ id: number; sku: string }>>`SELECT id, sku FROM products WHERE account_id = ${accountId} AND sku = ANY(${missing}::text[])`;
    for (const r of rows) ids.set(r.sku, r.id);
  }
  return ids;
}

/** Upserts offers by (store, product), leaving unchanged rows alone. */
async function writeOffers(tx: Tx, accountId: number, offers: OfferState[], productIds: Map<string, number>): Promise<void> {
  if (!offers.length) return;
  const sorted = [...offers].sort((a, b) => a.locationId - b.locationId || (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0));
  const json = JSON.stringify(
    sorted.map((o) => ({
      location_id: o.locationId,
      product_id: productIds.get(o.sku),
      price_cents: o.priceCents,
      promotional_price_cents: o.promotionalPriceCents,
      promotion_start_at: o.promotionStartAt?.toISOString() ?? null,
      promotion_end_at: o.promotionEndAt?.toISOString() ?? null,
      stock: o.stock,
      is_available: o.isAvailable,
    })),
  );
  await tx.$executeRaw`
    INSERT INTO offers (account_id, location_id, product_id, price_cents, promotional_price_cents, promotion_start_at, promotion_end_at,
                        stock, is_available, updated_at)
    SELECT ${accountId}, r.location_id, r.product_id, r.price_cents, r.promotional_price_cents, r.promotion_start_at, r.promotion_end_at,
           r.stock, r.is_available, now()
      FROM jsonb_to_recordset(${json}::jsonb) AS r(
             location_id int, product_id int, price_cents bigint, promotional_price_cents bigint, promotion_start_at timestamptz,
             promotion_end_at timestamptz, stock int, is_available boolean)
    ON CONFLICT (location_id, product_id) DO UPDATE SET
           price_cents = EXCLUDED.price_cents, promotional_price_cents = EXCLUDED.promotional_price_cents,
           promotion_start_at = EXCLUDED.promotion_start_at, promotion_end_at = EXCLUDED.promotion_end_at,
           stock = EXCLUDED.stock, is_available = EXCLUDED.is_available, updated_at = now()
     WHERE offers.account_id = EXCLUDED.account_id
       AND (offers.price_cents, offers.promotional_price_cents, offers.promotion_start_at, offers.promotion_end_at, offers.stock, offers.is_available)
           IS DISTINCT FROM
           (EXCLUDED.price_cents, EXCLUDED.promotional_price_cents, EXCLUDED.promotion_start_at, EXCLUDED.promotion_end_at,
            EXCLUDED.stock, EXCLUDED.is_available)`;
}

