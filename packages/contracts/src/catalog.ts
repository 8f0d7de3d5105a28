import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Money, OptionalText, PageQuery, Timestamp, paged } from './common.ts';
import { msg } from './messages.ts';

/** Orders of the product search: relevance (the default with a query), name (the default without), price, stock. */
export const PRODUCT_SORTS = ['relevance', 'name', 'price_asc', 'price_desc', 'stock_desc'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** A kg item's weight per unit when the product gives none (spec §9). */
export const DEFAULT_WEIGHT_PER_UNIT = 0.5;

const BoolParam = z
  .enum(['true', 'false'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true'));

const LocationIdParam = z.coerce.number().int().positive().max(2_147_483_647);

export const ProductSearchQuery = PageQuery.extend({
  query: OptionalText.meta({ description: 'Parte do nome, SKU, marca ou GTIN.' }),
  skus: z
    .string()
    .max(20_000)
    .optional()
    .transform((v) => (v ? [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))] : undefined))
    .pipe(z.array(z.string().max(64)).max(500).optional())
    .meta({ description: 'SKUs exatos separados por vírgula (até 500), para mostrar produtos já escolhidos.' }),
  available: BoolParam.meta({
    description: 'Somente disponíveis (`true`) ou indisponíveis (`false`); com `location_id`, disponível na loja (produto e oferta disponíveis, com estoque).',
  }),
  location_id: LocationIdParam.optional().meta({
    description: 'Loja: só os produtos com oferta nela, e cada linha traz a oferta (preço, promoção, estoque, disponibilidade).',
  }),
  category: z
    .string()
    .trim()
    .max(300)
    .optional()
    .transform((v) => (v ? v.split('>').map((c) => c.trim()).filter(Boolean) : undefined))
    .meta({ description: 'Caminho de categoria, do nível mais alto ("Mercearia" ou "Mercearia > Café"): produtos dela e das subcategorias.' }),
  brand: OptionalText.meta({ description: 'Marca exata (sem diferenciar maiúsculas).' }),
  sort: z.enum(PRODUCT_SORTS).optional().meta({ description: 'relevance (padrão com `query`), name (padrão sem), price_asc, price_desc, stock_desc.' }),
});

/** A product's offer at one store, prices in reais. */
export const CatalogOffer = z
  .object({
    location_id: z.number().int(),
    price: z.number().meta({ description: 'Preço normal da oferta.' }),
    promotional_price: z.number().nullable(),
    promotion_start: Timestamp.nullable(),
    promotion_end: Timestamp.nullable(),
    promotion_active: z.boolean().meta({ description: 'Preço promocional vale agora (dentro do período).' }),
    effective_price: z.number().meta({ description: 'O que o cliente paga agora: o promocional dentro do período, senão o normal.' }),
    stock: z.number().int(),
    is_available: z.boolean().meta({ description: 'Disponibilidade da oferta (a loja a vende).' }),
    available: z.boolean().meta({ description: 'Vendável agora: produto e oferta disponíveis, com estoque.' }),
  })
  .meta({ id: 'CatalogOffer' });

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
    sellers: z.array(z.string()),
    size_pack: z.string().nullable().meta({ description: 'Embalagem como impressa ("500g", "1L", "12 rolos").' }),
    weight_per_unit: z.number().nullable().meta({ description: 'Quilos de uma unidade de item vendido por kg (0,5 quando não informado).' }),
    offer: CatalogOffer.nullable().meta({ description: 'A oferta da loja de `location_id`; null sem loja.' }),
  })
  .meta({ id: 'CatalogProduct' });

const FacetCount = z.object({ name: z.string(), count: z.number().int() });
export const ProductFacets = z
  .object({
    categories: z.array(
      FacetCount.extend({
        children: z.array(FacetCount.extend({ path: z.string().meta({ description: 'Para o filtro `category` ("Mercearia > Café").' }) })),
      }),
    ),
    brands: z.array(FacetCount),
  })
  .meta({ id: 'ProductFacets' });
export const ProductFacetsQuery = z.object({
  location_id: LocationIdParam.optional().meta({ description: 'Só os produtos com oferta nesta loja.' }),
});

/** A product with its offers at every store of the account. */
export const ProductDetail = CatalogProduct.omit({ offer: true })
  .extend({
    cost: z.number().nullable().meta({
      description: 'Custo de uma unidade (ou do kg) para o varejista, em reais: a margem dos painéis de vendas. null quando não informado.',
    }),
    offers: z.array(CatalogOffer.extend({ location_name: z.string() })).meta({ description: 'Ofertas por loja, pelo nome da loja.' }),
  })
  .meta({ id: 'ProductDetail' });

export const UpdateProductBody = z
  .strictObject({
    is_available: z.boolean().optional(),
    available_stock: z.number().int().min(0).max(10_000_000).optional(),
    cost: Money.min(0)
      .max(1_000_000)
      .nullable()
      .optional()
      .meta({ description: 'Custo de uma unidade (ou do kg) em reais, de 0 a 1.000.000: a margem dos painéis de vendas. null apaga o custo.' }),
  })
  .meta({ id: 'UpdateProductBody' });

const PromoDate = Timestamp.nullable().optional();
export const UpdateOfferBody = z
  .strictObject({
    is_available: z.boolean().optional(),
    stock: z.number().int().min(0).max(10_000_000).optional(),
    price: Money.positive().max(1_000_000).optional(),
    promotional_price: Money.positive().max(1_000_000).nullable().optional().meta({ description: 'null tira a promoção.' }),
    promotion_start: PromoDate,
    promotion_end: PromoDate,
  })
  .superRefine((b, ctx) => {
    if (b.price !== undefined && b.promotional_price != null && b.promotional_price >= b.price) {
      ctx.addIssue({ code: 'custom', path: ['promotional_price'], message: msg('OFFER_PROMO_NOT_BELOW_PRICE') });
    }
    if (b.promotion_start && b.promotion_end && Date.parse(b.promotion_end) <= Date.parse(b.promotion_start)) {
      ctx.addIssue({ code: 'custom', path: ['promotion_end'], message: msg('OFFER_PROMO_END_BEFORE_START') });
    }
  })
  .meta({ id: 'UpdateOfferBody' });
export type UpdateOfferInput = z.output<typeof UpdateOfferBody>;

export const OfferParams = z.object({
  locationId: z.coerce.number().int().positive().max(2_147_483_647),
  productId: z.coerce.number().int().positive().max(2_147_483_647),
});

/** What a shopper sees at a store: the product and its offer there, at the price paid now. */
export const PublicOffer = z
  .object({
    product_id: z.number().int(),
    product_sku: z.string(),
    name: z.string(),
    brand: z.string().nullable(),
    gtin: z.string().nullable(),
    image_url: z.string().nullable(),
    categories: z.array(z.string()),
    unit_measurement: z.string(),
    size_pack: z.string().nullable(),
    weight_per_unit: z.number().nullable(),
    tags: z.array(z.string()),
    location_id: z.number().int(),
    price: z.number().meta({ description: 'Preço pago agora (o promocional dentro do período).' }),
    list_price: z.number().meta({ description: 'Preço normal da oferta.' }),
    promotional_price: z.number().nullable(),
    start_promotion: Timestamp.nullable(),
    end_promotion: Timestamp.nullable(),
    stock: z.number().int(),
    available: z.boolean(),
  })
  .meta({ id: 'PublicOffer' });

export const PublicOffersQuery = PageQuery.extend({
  query: OptionalText.meta({ description: 'O que o cliente procura ("acucar", "arroz tio joão", GTIN ou SKU).' }),
  location_id: LocationIdParam.meta({ description: 'Loja (obrigatória): só as ofertas disponíveis nela.' }),
});

export const UniqueOffersBody = z
  .strictObject({
    location_id: z.number().int().positive().max(2_147_483_647),
    product_ids: z.array(z.number().int().positive().max(2_147_483_647)).max(200).optional(),
    skus: z.array(z.string().trim().min(1).max(64)).max(200).optional(),
  })
  .superRefine((b, ctx) => {
    if ((b.product_ids?.length ?? 0) + (b.skus?.length ?? 0) > 200) {
      ctx.addIssue({ code: 'custom', path: ['product_ids'], message: msg('OFFERS_UNIQUE_MAX') });
    }
  })
  .meta({ id: 'UniqueOffersBody' });
export const PublicOfferList = z.object({ data: z.array(PublicOffer) }).meta({ id: 'PublicOfferList' });

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
// The products screens: members with the products module read, its admins and managers change.
const productReaders = { kind: 'account', module: 'products' } as const;
const productWriters = { ...productReaders, roles: ['admin', 'manager'] } as const;

export const catalogRoutes = {
  searchProducts: defineRoute({
    method: 'GET',
    path: '/search/products',
    operationId: 'searchProducts',
    summary: 'Busca produtos do catálogo da conta atual (50 por página): sem acentos, com erros de digitação, singular/plural, GTIN e SKU exatos',
    tags: ['Catalog'],
    permission: member,
    access: { fixture: 'productSearch' },
    querystring: ProductSearchQuery,
    responses: { 200: paged(CatalogProduct) },
    errors: [404],
  }),
  productFacets: defineRoute({
    method: 'GET',
    path: '/search/products/facets',
    operationId: 'productFacets',
    summary: 'Categorias (dois níveis) e marcas do catálogo, com contagens, para os filtros',
    tags: ['Catalog'],
    permission: member,
    access: { fixture: 'productFacets' },
    querystring: ProductFacetsQuery,
    responses: { 200: ProductFacets },
    errors: [404],
  }),
  getProduct: defineRoute({
    method: 'GET',
    path: '/api/product/:id',
    operationId: 'getProduct',
    summary: 'Um produto e suas ofertas por loja',
    tags: ['Catalog'],
    permission: productReaders,
    access: { fixture: 'product' },
    params: IdParam,
    responses: { 200: ProductDetail },
    errors: [404],
  }),
  updateProduct: defineRoute({
    method: 'PATCH',
    path: '/api/product/:id',
    operationId: 'updateProduct',
    summary: 'Muda a disponibilidade, o estoque ou o custo de um produto',
    tags: ['Catalog'],
    permission: productWriters,
    access: { fixture: 'productUpdate' },
    params: IdParam,
    body: UpdateProductBody,
    responses: { 200: ProductDetail },
    errors: [404],
  }),
  updateOffer: defineRoute({
    method: 'PATCH',
    path: '/api/offer/:locationId/:productId',
    operationId: 'updateOffer',
    summary: 'Muda a oferta de um produto numa loja: preço, promoção e período, estoque, disponibilidade',
    tags: ['Catalog'],
    permission: productWriters,
    access: { fixture: 'offerUpdate' },
    params: OfferParams,
    body: UpdateOfferBody,
    responses: { 200: CatalogOffer },
    errors: [404],
  }),
  publicOffers: defineRoute({
    method: 'GET',
    path: '/search/public-offers',
    operationId: 'searchPublicOffers',
    summary: 'O que o cliente encontra numa loja: ofertas disponíveis, pelo preço de agora (itens e alternativas do carrinho)',
    tags: ['Catalog'],
    permission: member,
    access: { fixture: 'publicOffers', others: 404 },
    querystring: PublicOffersQuery,
    responses: { 200: paged(PublicOffer) },
    errors: [404],
  }),
  uniqueOffers: defineRoute({
    method: 'POST',
    path: '/search/offers/unique',
    operationId: 'uniqueOffers',
    summary: 'A oferta atual de cada produto numa loja (até 200), para repreçar um carrinho',
    tags: ['Catalog'],
    permission: member,
    access: { fixture: 'uniqueOffers', others: 404 },
    body: UniqueOffersBody,
    responses: { 200: PublicOfferList },
    errors: [404],
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
