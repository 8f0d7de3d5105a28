import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Message, OptionalText, PageQuery, Timestamp, paged } from './common.ts';
import { BRAZIL_BOUNDS } from './geo.ts';
import { BRAZILIAN_STATES, Cnpj, Phone, ZipCode } from './brazil.ts';
import { msg } from './messages.ts';

export const DELIVERY_TYPES = ['delivery', 'pickup', 'both'] as const;
export type DeliveryType = (typeof DELIVERY_TYPES)[number];
export const DELIVERY_TYPE_LABELS: Record<DeliveryType, string> = { delivery: 'Entrega', pickup: 'Retirada', both: 'Entrega e retirada' };

/** HH:MM, 00:00 to 23:59. */
const Clock = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { message: msg('CLOCK_FORMAT') });

export const OpeningHours = z
  .array(
    z.strictObject({
      weekday: z.number().int().min(0).max(6).meta({ description: '0 domingo … 6 sábado.' }),
      open: Clock,
      close: Clock,
    }),
  )
  .max(7)
  .superRefine((days, ctx) => {
    const seen = new Set<number>();
    days.forEach((d, i) => {
      if (d.close <= d.open) ctx.addIssue({ code: 'custom', path: [i, 'close'], message: msg('OPENING_CLOSE_AFTER_OPEN') });
      if (seen.has(d.weekday)) ctx.addIssue({ code: 'custom', path: [i, 'weekday'], message: msg('OPENING_WEEKDAY_REPEATED') });
      seen.add(d.weekday);
    });
  })
  .meta({ description: 'Horário de funcionamento por dia da semana; um dia ausente é um dia fechado.' });

const Latitude = z.number().min(BRAZIL_BOUNDS.south, { message: msg('COORDINATE_OUTSIDE_BRAZIL') }).max(BRAZIL_BOUNDS.north, { message: msg('COORDINATE_OUTSIDE_BRAZIL') });
const Longitude = z.number().min(BRAZIL_BOUNDS.west, { message: msg('COORDINATE_OUTSIDE_BRAZIL') }).max(BRAZIL_BOUNDS.east, { message: msg('COORDINATE_OUTSIDE_BRAZIL') });

const Text = (min: number, max: number) => z.string().trim().min(min).max(max);
const OptionalField = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

export const AddressInput = z.strictObject({
  zip_code: ZipCode,
  street: Text(2, 150),
  number: Text(1, 20).meta({ description: 'Número (ou "s/n", "km 225").' }),
  complement: OptionalField(100),
  neighborhood: Text(2, 100),
  city: Text(2, 100),
  state: z.enum(BRAZILIAN_STATES),
});

const LocationFields = z.strictObject({
  name: Text(2, 120),
  seller_id: OptionalField(100).meta({ description: 'Id do seller da loja no e-commerce (VTEX, Magento…).' }),
  cnpj: Cnpj,
  phone: Phone,
  address: AddressInput,
  latitude: Latitude,
  longitude: Longitude,
  delivery_type: z.enum(DELIVERY_TYPES).default('both'),
  opening_hours: OpeningHours.default([]),
  picking_capacity: z.number().int().min(1).max(100_000).nullable().default(null).meta({ description: 'Pedidos que a loja separa por hora; null: sem limite.' }),
  active: z.boolean().default(true),
});

export const CreateLocationBody = LocationFields;
/** PUT replaces the whole store, named by `id` in the body (as the spec's API does). */
export const UpdateLocationBody = LocationFields.extend({ id: z.number().int().positive() });
export type LocationInput = z.output<typeof CreateLocationBody>;

export const LocationListQuery = PageQuery.extend({
  quantity: z.coerce.number().int().min(1).max(500).default(500),
  search: OptionalText.meta({ description: 'Parte do nome ou da cidade, sem diferenciar acentos e maiúsculas.' }),
  active: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true'))
    .meta({ description: 'Só lojas ativas (true) ou inativas (false).' }),
});

export const Location = z
  .object({
    id: z.number().int(),
    name: z.string(),
    seller_id: z.string().nullable(),
    cnpj: z.string().nullable(),
    phone: z.string().nullable().meta({ description: 'E.164 (+551130311200).' }),
    address: z.object({
      zip_code: z.string().nullable(),
      street: z.string().nullable(),
      number: z.string().nullable(),
      complement: z.string().nullable(),
      neighborhood: z.string().nullable(),
      city: z.string().nullable(),
      state: z.string().nullable(),
    }),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    delivery_type: z.enum(DELIVERY_TYPES),
    opening_hours: z.array(z.object({ weekday: z.number().int(), open: z.string(), close: z.string() })),
    picking_capacity: z.number().int().nullable(),
    active: z.boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Location' });

export const DeliveryTypeOption = z.object({ id: z.enum(DELIVERY_TYPES), name: z.string() }).meta({ id: 'DeliveryTypeOption' });
export const DeliveryTypeList = z.object({ data: z.array(DeliveryTypeOption) }).meta({ id: 'DeliveryTypeList' });

// --- user-location: which back-office users work at which store

export const UserLocationQuery = z.object({
  location_id: z.coerce.number().int().positive().optional().meta({ description: 'Uma loja; ausente: todas as lojas da conta.' }),
});
export const UserLocationBody = z.strictObject({ location_id: z.number().int().positive(), user_id: z.number().int().positive() });
export const UserLocationParams = z.object({ locationId: z.coerce.number().int().positive(), userId: z.coerce.number().int().positive() });

export const UserLocation = z
  .object({
    location_id: z.number().int(),
    location_name: z.string(),
    user_id: z.number().int(),
    name: z.string(),
    email: z.string(),
    created_at: Timestamp,
  })
  .meta({ id: 'UserLocation' });
export const UserLocationList = z.object({ data: z.array(UserLocation) }).meta({ id: 'UserLocationList' });

// --- geocoding

export const GEOCODE_PRECISIONS = ['address', 'street', 'zip', 'neighborhood', 'city'] as const;
export type GeocodePrecision = (typeof GEOCODE_PRECISIONS)[number];

export const GeocodeResult = z
  .object({
    label: z.string(),
    lat: z.number(),
    lng: z.number(),
    zip_code: z.string().nullable(),
    street: z.string().nullable(),
    neighborhood: z.string().nullable(),
    city: z.string().nullable(),
    state: z.string().nullable(),
    precision: z.enum(GEOCODE_PRECISIONS),
  })
  .meta({ id: 'GeocodeResult' });
export type GeocodeResult = z.infer<typeof GeocodeResult>;
export const GeocodeResultList = z.object({ data: z.array(GeocodeResult) }).meta({ id: 'GeocodeResultList' });

export const GeocodeQuery = z.object({
  address: z
    .string()
    .trim()
    .min(3)
    .max(200)
    .meta({ description: 'Um CEP ("05422-001" ou "05422001") ou "rua, número, bairro, cidade".', example: 'Rua dos Pinheiros, 1200, Pinheiros, São Paulo' }),
});

const MODULE = 'locations';
const reader = { kind: 'account', module: MODULE } as const;
const writer = { kind: 'account', module: MODULE, roles: ['admin', 'manager'] } as const;

export const locationRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/location',
    operationId: 'listLocations',
    summary: 'Lojas da conta atual (500 por página), por nome; busca por nome ou cidade',
    tags: ['Locations'],
    permission: reader,
    access: { fixture: 'location' },
    querystring: LocationListQuery,
    responses: { 200: paged(Location) },
  }),
  deliveryTypes: defineRoute({
    method: 'GET',
    path: '/api/location/delivery-type',
    operationId: 'listDeliveryTypes',
    summary: 'Tipos de atendimento de uma loja: entrega, retirada ou ambos',
    tags: ['Locations'],
    permission: reader,
    access: {},
    responses: { 200: DeliveryTypeList },
  }),
  geocode: defineRoute({
    method: 'GET',
    path: '/api/location/geocode',
    operationId: 'geocodeAddress',
    summary: 'Coordenadas de um CEP ou endereço (gazetteer offline ou Nominatim, conforme a configuração)',
    tags: ['Locations'],
    permission: reader,
    access: { fixture: 'geocode' },
    querystring: GeocodeQuery,
    responses: { 200: GeocodeResultList },
    errors: [503],
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/location/:id',
    operationId: 'getLocation',
    summary: 'Uma loja da conta atual',
    tags: ['Locations'],
    permission: reader,
    access: { fixture: 'location' },
    params: IdParam,
    responses: { 200: Location },
    errors: [404],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/location/',
    operationId: 'createLocation',
    summary: 'Cria uma loja',
    tags: ['Locations'],
    permission: writer,
    access: { fixture: 'newLocation' },
    body: CreateLocationBody,
    responses: { 201: Location },
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/location/',
    operationId: 'updateLocation',
    summary: 'Substitui os dados de uma loja (o id vai no corpo)',
    tags: ['Locations'],
    permission: writer,
    access: { fixture: 'locationUpdate', others: 404 },
    body: UpdateLocationBody,
    responses: { 200: Location },
    errors: [404],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/location/:id',
    operationId: 'deleteLocation',
    summary: 'Exclui uma loja que nada mais usa (janelas, promoções, encartes)',
    tags: ['Locations'],
    permission: writer,
    access: { fixture: 'location' },
    params: IdParam,
    responses: { 200: Message },
    errors: [404, 409],
  }),
  userLocations: defineRoute({
    method: 'GET',
    path: '/api/location/user-location',
    operationId: 'listUserLocations',
    summary: 'Usuários que trabalham em uma loja (ou em todas as lojas da conta)',
    tags: ['Locations'],
    permission: reader,
    access: { fixture: 'userLocation', others: 404 },
    querystring: UserLocationQuery,
    responses: { 200: UserLocationList },
    errors: [404],
  }),
  addUserLocation: defineRoute({
    method: 'POST',
    path: '/api/location/user-location',
    operationId: 'addUserLocation',
    summary: 'Vincula um usuário da conta a uma loja: ele passa a ver só as suas lojas',
    tags: ['Locations'],
    permission: writer,
    access: { fixture: 'newUserLocation', others: 404 },
    body: UserLocationBody,
    responses: { 201: UserLocation },
    errors: [404],
  }),
  removeUserLocation: defineRoute({
    method: 'DELETE',
    path: '/api/location/user-location/:locationId/:userId',
    operationId: 'removeUserLocation',
    summary: 'Desvincula um usuário de uma loja',
    tags: ['Locations'],
    permission: writer,
    access: { fixture: 'userLocationLink' },
    params: UserLocationParams,
    responses: { 200: Message },
    errors: [404],
  }),
} as const;
