import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Timestamp } from './common.ts';
import { IdempotencyKey, IDEMPOTENCY_HEADER } from './wallets.ts';

/** Catalog imports: a CSV or XLSX upload, or an ERP's items (bulk upsert by SKU), run by a job. */
export const PRODUCT_IMPORT_SOURCES = ['csv', 'xlsx', 'api'] as const;
export const PRODUCT_IMPORT_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type ProductImportSource = (typeof PRODUCT_IMPORT_SOURCES)[number];
export type ProductImportStatus = (typeof PRODUCT_IMPORT_STATUSES)[number];

/** The largest file (bytes), its most product lines, and the most items of one integration call. */
export const PRODUCT_IMPORT_MAX_BYTES = 10 * 1024 * 1024;
export const PRODUCT_IMPORT_MAX_ROWS = 50_000;
export const PRODUCT_IMPORT_MAX_ITEMS = 5_000;
/** Rejected rows shown by GET /api/product/import/{id}; the CSV download has them all. */
export const PRODUCT_IMPORT_REJECTED_SHOWN = 50;
export const PRODUCT_UNITS = ['un', 'kg', 'g', 'l'] as const;

/**
 * The columns of an import file, by the field name the integration API uses. `header` is the
 * Portuguese header of the template (and the name a rejected row's reason gives); `aliases` are
 * other headers read as the same column (compared without case, accents, spaces or hyphens).
 */
export const PRODUCT_IMPORT_COLUMNS = [
  { field: 'sku', header: 'sku', required: true, aliases: ['codigo', 'product_sku'] },
  { field: 'name', header: 'nome', required: true, aliases: ['produto'] },
  { field: 'brand', header: 'marca', aliases: [] },
  { field: 'gtin', header: 'gtin', aliases: ['ean', 'codigo_barras'] },
  { field: 'categories', header: 'categorias', aliases: ['categoria', 'category'] },
  { field: 'unit_measurement', header: 'unidade', aliases: ['unit', 'unidade_medida'] },
  { field: 'size_pack', header: 'embalagem', aliases: ['tamanho'] },
  { field: 'weight_per_unit', header: 'peso_unidade', aliases: ['peso'] },
  { field: 'price', header: 'preco', required: true, aliases: ['preco_lista', 'list_price'] },
  { field: 'cost', header: 'custo', aliases: ['custo_unitario', 'preco_custo', 'preco_de_custo', 'unit_cost', 'cost_price'] },
  { field: 'image_url', header: 'imagem_url', aliases: ['imagem', 'image'] },
  { field: 'url', header: 'url', aliases: ['link'] },
  { field: 'is_available', header: 'disponivel', aliases: ['available'] },
  { field: 'stock', header: 'estoque', aliases: ['available_stock'] },
  { field: 'reference_code', header: 'referencia', aliases: ['codigo_referencia', 'product_reference_code'] },
  { field: 'additional_references', header: 'referencias_adicionais', aliases: [] },
  { field: 'sellers', header: 'vendedores', aliases: [] },
  { field: 'tags', header: 'tags', aliases: ['etiquetas'] },
  { field: 'store', header: 'loja', aliases: ['store_id', 'location', 'location_id'] },
  { field: 'store_price', header: 'preco_loja', aliases: ['offer_price'] },
  { field: 'promotional_price', header: 'preco_promocional', aliases: ['promo_price'] },
  { field: 'promotion_start_at', header: 'inicio_promocao', aliases: ['promotion_start'] },
  { field: 'promotion_end_at', header: 'fim_promocao', aliases: ['promotion_end'] },
  { field: 'store_stock', header: 'estoque_loja', aliases: [] },
  { field: 'store_available', header: 'disponivel_loja', aliases: [] },
] as const satisfies ReadonlyArray<{ field: string; header: string; required?: boolean; aliases: readonly string[] }>;
export type ProductImportField = (typeof PRODUCT_IMPORT_COLUMNS)[number]['field'];

const text = (max: number, description?: string) => {
  const s = z.string().max(max).nullable().optional();
  return description ? s.meta({ description }) : s;
};
const number = (description: string) => z.number().nullable().optional().meta({ description });

/**
 * One item of the integration API: the columns of the file by their English names. The shape (JSON
 * types, lengths) is checked at once (400 naming the field); the content (required fields, prices,
 * GTIN check digit, the store) item by item by the job, like a file's line: refused items are
 * listed in the import's `rejected` with the reason. A field left out keeps the product's current
 * value; `null` puts it back to its default (empty, or un / available / 0 / the list price; no cost).
 */
export const ProductImportItem = z
  .strictObject({
    sku: text(64, 'Obrigatório: identifica o produto na conta (upsert por SKU).'),
    name: text(200, 'Obrigatório.'),
    brand: text(100),
    gtin: text(14, 'EAN/GTIN com 8, 12, 13 ou 14 dígitos e dígito verificador válido.'),
    categories: z
      .array(z.string().max(100))
      .max(10)
      .nullable()
      .optional()
      .meta({ description: 'Os níveis de uma categoria, do mais geral ao mais específico (ex.: ["Mercearia", "Café"], ou ["Mercearia > Café"]).' }),
    unit_measurement: text(10, 'un, kg, g ou l.'),
    size_pack: text(40, 'Embalagem como impressa ("500g", "1L", "12 rolos").'),
    weight_per_unit: number('Quilos que uma unidade pesa (itens vendidos por kg).'),
    price: number('Obrigatório: preço de lista em reais, duas casas decimais.'),
    cost: number(
      'Custo de uma unidade (ou do kg) para o varejista, em reais com duas casas decimais, de 0 a 1.000.000: a margem dos painéis de vendas. null apaga o custo.',
    ),
    image_url: text(1000),
    url: text(1000),
    is_available: z.boolean().nullable().optional(),
    stock: z.number().int().nullable().optional().meta({ description: 'Estoque do produto.' }),
    reference_code: text(64),
    additional_references: z.array(z.string().max(64)).max(20).nullable().optional(),
    sellers: z.array(z.string().max(64)).max(50).nullable().optional(),
    tags: z.array(z.string().max(64)).max(10).nullable().optional(),
    store: text(64, 'Loja da oferta: o external_id da loja (ou o id). Sem loja, só o produto é gravado.'),
    store_price: number('Preço na loja; sem ele, a oferta nova usa o preço de lista.'),
    promotional_price: number('Preço promocional na loja; null remove a promoção.'),
    promotion_start_at: text(40, 'Início da promoção: ISO 8601 (data ou data e hora) ou dd/mm/aaaa (horário de Brasília).'),
    promotion_end_at: text(40, 'Fim da promoção: ISO 8601 ou dd/mm/aaaa (o dia inteiro).'),
    store_stock: z.number().int().nullable().optional().meta({ description: 'Estoque na loja; a oferta nova sem ele usa o estoque do produto.' }),
    store_available: z.boolean().nullable().optional(),
  })
  .meta({ id: 'ProductImportItem' });

export const ProductIntegrationBody = z
  .strictObject({
    items: z.array(ProductImportItem).min(1).max(PRODUCT_IMPORT_MAX_ITEMS).meta({
      description: `De 1 a ${PRODUCT_IMPORT_MAX_ITEMS} itens, num corpo de até 1 MB (o limite padrão do servidor): catálogos maiores em várias chamadas.`,
    }),
  })
  .meta({ id: 'ProductIntegrationBody' });

export const ProductIntegrationHeaders = z.object({
  [IDEMPOTENCY_HEADER]: IdempotencyKey.optional().meta({
    description:
      'Opcional (8 a 128 letras, números, "_" ou "-"). A mesma chave na mesma conta devolve a importação já criada (200), sem executá-la de novo.',
  }),
});

export const ProductImportRejectedRow = z
  .object({
    line: z.number().int().meta({ description: 'Linha do arquivo (o cabeçalho é a 1) ou, na API, a posição do item (o primeiro é 1).' }),
    sku: z.string().nullable(),
    reason: z.string().meta({ example: 'preco: valor inválido' }),
  })
  .meta({ id: 'ProductImportRejectedRow' });

export const ProductImport = z
  .object({
    id: z.number().int(),
    source: z.enum(PRODUCT_IMPORT_SOURCES),
    file_name: z.string().nullable(),
    status: z.enum(PRODUCT_IMPORT_STATUSES),
    total: z.number().int().meta({ description: 'Linhas de produtos (ou itens) a importar.' }),
    processed: z.number().int(),
    accepted: z.number().int(),
    rejected_count: z.number().int(),
    percent: z.number().int().meta({ description: 'processed / total, de 0 a 100.' }),
    error: z.string().nullable().meta({ description: 'Por que a importação falhou (status failed).' }),
    created_at: Timestamp,
    started_at: Timestamp.nullable(),
    finished_at: Timestamp.nullable(),
  })
  .meta({ id: 'ProductImport' });
export type ProductImport = z.infer<typeof ProductImport>;

export const ProductImportDetail = ProductImport.extend({
  rejected: z.array(ProductImportRejectedRow).meta({ description: `As primeiras ${PRODUCT_IMPORT_REJECTED_SHOWN} linhas recusadas; todas em rejected.csv.` }),
}).meta({ id: 'ProductImportDetail' });

export const ProductImportList = z.object({ data: z.array(ProductImport) }).meta({ id: 'ProductImportList' });
export const ProductImportResult = z.object({ import: ProductImport }).meta({ id: 'ProductImportResult' });

/** The multipart form of an upload: one CSV or XLSX file in the field `file`. */
export const ProductImportUploadBody = z
  .object({
    file: z.string().meta({
      format: 'binary',
      description: `CSV (separado por ; ou ,; UTF-8 ou Latin-1) ou XLSX, até 10 MB e ${PRODUCT_IMPORT_MAX_ROWS} linhas, com cabeçalho (veja template.csv).`,
    }),
  })
  .meta({ id: 'ProductImportUploadBody' });

const tags = ['Product imports'];
const readers = { kind: 'account', module: 'products' } as const;
const writers = { ...readers, roles: ['admin', 'manager'] } as const;
const csvFile = (description: string) => z.string().meta({ description });

export const productImportRoutes = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/product/import',
    operationId: 'uploadProductImport',
    summary: 'Importa produtos e ofertas de um arquivo CSV ou XLSX (upsert por SKU), em segundo plano',
    tags,
    permission: writers,
    access: { fixture: 'productImportFile' },
    body: ProductImportUploadBody,
    bodyContentType: 'multipart/form-data',
    responses: { 202: ProductImportResult },
    errors: [413],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/api/product/import',
    operationId: 'listProductImports',
    summary: 'As 20 importações de produtos mais recentes da conta',
    tags,
    permission: readers,
    access: {},
    responses: { 200: ProductImportList },
  }),
  template: defineRoute({
    method: 'GET',
    path: '/api/product/import/template.csv',
    operationId: 'productImportTemplate',
    summary: 'Modelo de arquivo de importação (cabeçalho e duas linhas de exemplo)',
    tags,
    permission: readers,
    access: {},
    responses: { 200: csvFile('CSV separado por ponto e vírgula, UTF-8 com BOM.') },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/product/import/:id',
    operationId: 'getProductImport',
    summary: 'Andamento de uma importação: status, contagens, porcentagem e as primeiras linhas recusadas',
    tags,
    permission: readers,
    access: { fixture: 'productImport' },
    params: IdParam,
    responses: { 200: ProductImportDetail },
    errors: [404],
  }),
  rejectedCsv: defineRoute({
    method: 'GET',
    path: '/api/product/import/:id/rejected.csv',
    operationId: 'downloadProductImportRejected',
    summary: 'Baixa as linhas recusadas de uma importação (line;sku;motivo)',
    tags,
    permission: readers,
    access: { fixture: 'productImport' },
    params: IdParam,
    responses: { 200: csvFile('CSV separado por ponto e vírgula, UTF-8 com BOM: line;sku;motivo.') },
    errors: [404],
  }),
  integration: defineRoute({
    method: 'POST',
    path: '/api/integration/products',
    operationId: 'upsertProductsIntegration',
    summary:
      'ERP: grava produtos e ofertas em lote (upsert por SKU), em segundo plano; com Idempotency-Key, repetir a chave devolve a mesma importação (200) sem executá-la de novo',
    tags,
    permission: writers,
    access: { fixture: 'productIntegration' },
    body: ProductIntegrationBody,
    headers: ProductIntegrationHeaders,
    responses: { 200: ProductImportResult, 202: ProductImportResult },
  }),
} as const;
