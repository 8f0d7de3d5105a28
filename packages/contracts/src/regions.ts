import { z } from 'zod';
import { defineRoute } from './route.ts';
import { Message, Money, Timestamp } from './common.ts';
import { regionGeometryIssues, type GeometryProblem } from './geo.ts';
import { msg, type ContractMessageKey } from './messages.ts';

/**
 * Delivery regions (issue 19): the areas a store delivers to, drawn on a map as a GeoJSON Polygon
 * or MultiPolygon ([longitude, latitude]), each with its fee, minimum order and delivery time; and
 * the search of the stores and regions that serve a point or an address.
 */

const GEOMETRY_MESSAGES: Record<GeometryProblem, ContractMessageKey> = {
  invalid_shape: 'REGION_INVALID_SHAPE',
  invalid_coordinate: 'REGION_INVALID_COORDINATE',
  outside_brazil: 'REGION_OUTSIDE_BRAZIL',
  ring_too_short: 'REGION_RING_TOO_SHORT',
  ring_not_closed: 'REGION_RING_NOT_CLOSED',
  self_intersecting: 'REGION_SELF_INTERSECTING',
};

/** Bounds that keep a drawn region (and what a client may send) small: a map's polygon has a few hundred points. */
export const REGION_LIMITS = { positionsPerRing: 1000, ringsPerPolygon: 20, polygonsPerRegion: 20 } as const;

/** A position as sent: [longitude, latitude] (an altitude is tolerated); the geometry rules judge its length and range. */
const Position = z.array(z.number()).max(3).meta({ description: '[longitude, latitude]' });
const Ring = z.array(Position).max(REGION_LIMITS.positionsPerRing).meta({ description: 'Anel fechado: o último ponto igual ao primeiro.' });
const PolygonRings = z.array(Ring).min(1).max(REGION_LIMITS.ringsPerPolygon).meta({ description: 'O contorno, depois os buracos.' });

/** The geometry of a region: shape here, then every rule of `regionGeometryIssues`, each at its coordinates' path. */
export const RegionGeometryInput = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: PolygonRings }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(PolygonRings).min(1).max(REGION_LIMITS.polygonsPerRegion) }),
  ])
  .superRefine((geometry, ctx) => {
    for (const issue of regionGeometryIssues(geometry)) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: msg(GEOMETRY_MESSAGES[issue.problem]) });
    }
  })
  .meta({
    description:
      'GeoJSON Polygon ou MultiPolygon, coordenadas [longitude, latitude] no Brasil; anéis fechados de 4 pontos ou mais, sem arestas que se cruzem.',
  });

/** The stored geometry as answered. */
export const RegionGeometrySchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('Polygon'), coordinates: z.array(z.array(z.array(z.number()))) }),
    z.object({ type: z.literal('MultiPolygon'), coordinates: z.array(z.array(z.array(z.array(z.number())))) }),
  ])
  .meta({ id: 'RegionGeometry' });

const Fee = Money.min(0).max(10_000);

const RegionFields = z.strictObject({
  name: z.string().trim().min(2).max(120),
  geometry: RegionGeometryInput,
  delivery_fee: Fee.meta({ description: 'Taxa de entrega em reais, duas casas decimais.' }),
  min_order_value: Money.min(0).max(1_000_000).default(0).meta({ description: 'Pedido mínimo em reais, duas casas decimais.' }),
  estimated_delivery_minutes: z.number().int().min(1).max(10_080).meta({ description: 'Prazo estimado de entrega, em minutos.' }),
  active: z.boolean().default(true),
});

export const CreateRegionBody = RegionFields.extend({ location_id: z.number().int().positive().meta({ description: 'A loja que entrega na região.' }) });
/** PUT replaces the whole region (its store stays the one of the path). */
export const UpdateRegionBody = RegionFields;
export type RegionInput = z.output<typeof UpdateRegionBody>;

export const RegionFindBody = z.strictObject({
  location_ids: z.array(z.number().int().positive()).max(1000).optional().meta({ description: 'Só as regiões destas lojas; ausente: todas.' }),
  active: z.boolean().optional().meta({ description: 'Só as regiões ativas (true) ou inativas (false); ausente: todas.' }),
});

export const BoundingBoxSchema = z
  .object({ west: z.number(), south: z.number(), east: z.number(), north: z.number() })
  .meta({ id: 'RegionBoundingBox', description: 'O menor retângulo que contém a região.' });

export const Region = z
  .object({
    id: z.number().int(),
    location_id: z.number().int(),
    location_name: z.string(),
    name: z.string(),
    geometry: RegionGeometrySchema,
    bounding_box: BoundingBoxSchema,
    delivery_fee: z.number(),
    min_order_value: z.number(),
    estimated_delivery_minutes: z.number().int(),
    active: z.boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Region' });

export const RegionList = z.object({ data: z.array(Region) }).meta({ id: 'RegionList' });
export const RegionWriteResult = z.object({ message: z.string(), region: Region }).meta({ id: 'RegionWriteResult' });

export const RegionLocationParams = z.object({ locationId: z.coerce.number().int().positive() });
export const RegionParams = z.object({ locationId: z.coerce.number().int().positive(), regionId: z.coerce.number().int().positive() });

export const RegionSearchQuery = z
  .object({
    lat: z.coerce.number().min(-90).max(90).optional(),
    lng: z.coerce.number().min(-180).max(180).optional(),
    address: z.string().trim().min(3).max(200).optional().meta({ description: 'Endereço a geocodificar (no lugar de lat e lng).' }),
  })
  .superRefine((q, ctx) => {
    if (q.lat !== undefined && q.lng !== undefined) return;
    if (q.address !== undefined && q.lat === undefined && q.lng === undefined) return;
    // A lone coordinate names the other one; nothing at all names lat.
    ctx.addIssue({ code: 'custom', path: [q.lat === undefined ? 'lat' : 'lng'], message: msg('REGION_POINT_OR_ADDRESS') });
  });

export const RegionServing = z
  .object({
    location_id: z.number().int(),
    location_name: z.string(),
    address: z.object({
      street: z.string().nullable(),
      number: z.string().nullable(),
      neighborhood: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
      zip_code: z.string().nullable(),
    }),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    region_id: z.number().int(),
    region_name: z.string(),
    delivery_fee: z.number(),
    min_order_value: z.number(),
    estimated_delivery_minutes: z.number().int(),
  })
  .meta({ id: 'RegionServing' });

export const RegionSearchResult = z
  .object({
    point: z
      .object({ lat: z.number(), lng: z.number(), label: z.string().nullable() })
      .nullable()
      .meta({ description: 'O ponto procurado (o endereço geocodificado); null quando o endereço não foi encontrado.' }),
    data: z.array(RegionServing).meta({ description: 'Lojas e regiões ativas que atendem o ponto, pela menor taxa e depois o menor prazo.' }),
  })
  .meta({ id: 'RegionSearchResult' });

const readers = { kind: 'account', module: 'logistic.regions' } as const;
const writers = { ...readers, roles: ['admin', 'manager'] } as const;

export const regionRoutes = {
  findByAccount: defineRoute({
    method: 'POST',
    path: '/api/location/region/find-by-account',
    operationId: 'findRegionsByAccount',
    summary: 'Regiões de entrega da conta atual, com a loja de cada uma',
    tags: ['Regions'],
    permission: readers,
    access: { fixture: 'regionsOfAccount' },
    body: RegionFindBody,
    responses: { 200: RegionList },
  }),
  listByLocation: defineRoute({
    method: 'GET',
    path: '/api/location/region/:locationId',
    operationId: 'listLocationRegions',
    summary: 'Regiões de entrega de uma loja',
    tags: ['Regions'],
    permission: readers,
    access: { fixture: 'region' },
    params: RegionLocationParams,
    responses: { 200: RegionList },
    errors: [404],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/location/region/',
    operationId: 'createRegion',
    summary: 'Cria uma região de entrega de uma loja',
    tags: ['Regions'],
    permission: writers,
    access: { fixture: 'newRegion', others: 404 },
    body: CreateRegionBody,
    responses: { 201: RegionWriteResult },
    errors: [404],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/location/region/:locationId/:regionId',
    operationId: 'updateRegion',
    summary: 'Substitui os dados de uma região de entrega',
    tags: ['Regions'],
    permission: writers,
    access: { fixture: 'regionUpdate' },
    params: RegionParams,
    body: UpdateRegionBody,
    responses: { 200: RegionWriteResult },
    errors: [404],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/location/region/:locationId/:regionId',
    operationId: 'deleteRegion',
    summary: 'Exclui uma região de entrega (e as janelas de entrega só dela)',
    tags: ['Regions'],
    permission: writers,
    access: { fixture: 'region' },
    params: RegionParams,
    responses: { 200: Message },
    errors: [404, 409],
  }),
  searchByPolygon: defineRoute({
    method: 'GET',
    path: '/api/location/search-by-polygon',
    operationId: 'searchRegionsByPoint',
    summary: 'Lojas e regiões que entregam num ponto (lat e lng) ou num endereço',
    tags: ['Regions'],
    permission: { kind: 'account', module: 'locations' },
    access: { fixture: 'regionSearch' },
    querystring: RegionSearchQuery,
    responses: { 200: RegionSearchResult },
  }),
} as const;
