import { z } from 'zod';
import { defineRoute } from './route.ts';
import { OptionalText, PageQuery, paged } from './common.ts';

export const ProductSearchQuery = PageQuery.extend({
  query: OptionalText.meta({ description: 'Parte do nome, SKU, marca ou GTIN.' }),
  skus: z
    .string()
    .max(20_000)
    .optional()
    .transform((v) => (v ? [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))] : undefined))
    .pipe(z.array(z.string().max(64)).max(500).optional())
    .meta({ description: 'SKUs exatos separados por vírgula (até 500), para mostrar produtos já escolhidos.' }),
  available: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true'))
    .meta({ description: 'Somente disponíveis (`true`) ou indisponíveis (`false`).' }),
});

/** A catalog product row (spec §3), prices in reais. */
export const CatalogProduct = z
  .object({
    id: z.number().int(),
    product_sku: z.string(),
    name: z.string(),
    brand: z.string().nullable(),
    gtin: z.string().nullable(),
    image_url: z.string().nullable(),
    categories: z.array(z.string()),
    price: z.number(),
    unit_measurement: z.string(),
    is_available: z.boolean(),
    available_stock: z.number().int(),
    url: z.string().nullable(),
    additional_references: z.array(z.string()),
    product_reference_code: z.string().nullable(),
    tags: z.array(z.string()).meta({ description: 'Etiquetas do SKU (até 10, de até 64 caracteres): os `tags` de uma consulta de anúncios limitam os anúncios de produto a SKUs com alguma delas.' }),
  })
  .meta({ id: 'CatalogProduct' });

export const LocationMinified = z
  .object({
    id: z.number().int(),
    name: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    active: z.boolean(),
  })
  .meta({ id: 'LocationMinified' });

export const LocationMinifiedList = z.object({ data: z.array(LocationMinified) }).meta({ id: 'LocationMinifiedList' });

// Any member of the account reads its catalog and stores: promotion, flyer and cart pickers need them.
const member = { kind: 'account' } as const;

export const catalogRoutes = {
  searchProducts: defineRoute({
    method: 'GET',
    path: '/search/products',
    operationId: 'searchProducts',
    summary: 'Busca produtos do catálogo da conta atual (50 por página)',
    tags: ['Catalog'],
    permission: member,
    access: { fixture: 'productSearch' },
    querystring: ProductSearchQuery,
    responses: { 200: paged(CatalogProduct) },
  }),
  minifiedLocations: defineRoute({
    method: 'GET',
    path: '/api/location/minified',
    operationId: 'listLocationsMinified',
    summary: 'Lojas da conta atual, só id, nome e cidade, para seletores',
    tags: ['Catalog'],
    permission: member,
    access: {},
    responses: { 200: LocationMinifiedList },
  }),
} as const;
