import { z } from 'zod';
import { defineRoute } from './route.ts';
import { Email, IdParam, Message, OptionalText, PageQuery, Timestamp, paged } from './common.ts';
import { Cpf, Phone } from './brazil.ts';
import { msg } from './messages.ts';

/** What a store worker does: picks orders, delivers them, or manages the store. */
export const OPERATOR_ROLES = ['picker', 'deliverer', 'manager'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

/** A deliverer's vehicle; a bicycle has no plate, the others must have one. */
export const VEHICLE_TYPES = ['motorcycle', 'car', 'bicycle', 'van'] as const;
export type VehicleType = (typeof VEHICLE_TYPES)[number];
export const PLATED_VEHICLES: readonly VehicleType[] = ['motorcycle', 'car', 'van'];

/** Old (ABC-1234) and Mercosul (ABC1D23) plates, stored upper case without the dash. */
export const PLATE_PATTERN = /^[A-Z]{3}-?\d[A-Z0-9]\d{2}$/;

/** ABC1234 → ABC-1234; a Mercosul plate as it is. */
export const formatPlate = (plate: string): string => (/^[A-Z]{3}\d{4}$/.test(plate) ? `${plate.slice(0, 3)}-${plate.slice(3)}` : plate);

const Plate = z
  .string()
  .trim()
  .toUpperCase()
  .regex(PLATE_PATTERN, { message: msg('OPERATOR_PLATE_FORMAT') })
  .transform((v) => v.replace('-', ''))
  .meta({ description: 'Placa no padrão antigo (ABC-1234) ou Mercosul (ABC1D23); guardada em maiúsculas, sem hífen.' });

export const OperatorVehicleInput = z.strictObject({
  type: z.enum(VEHICLE_TYPES),
  plate: Plate.nullable().optional().meta({ description: 'Obrigatória para moto, carro e van; bicicletas não têm placa.' }),
});

const OperatorFields = z.strictObject({
  name: z.string().trim().min(2).max(120),
  cpf: Cpf,
  phone: Phone.nullable().optional(),
  email: Email.nullable().optional(),
  role: z.enum(OPERATOR_ROLES).meta({ description: 'picker (Separador), deliverer (Entregador) ou manager (Gerente de loja).' }),
  location_ids: z
    .array(z.number().int().positive())
    .min(1, { message: msg('OPERATOR_LOCATIONS_REQUIRED') })
    .max(200)
    .meta({ description: 'Lojas da conta em que o operador trabalha (ao menos uma).' }),
  vehicle: OperatorVehicleInput.nullable()
    .optional()
    .meta({ description: 'Somente entregadores, e para eles obrigatório.' }),
  active: z.boolean().default(true),
});

function operatorRules(o: z.output<typeof OperatorFields>, ctx: z.RefinementCtx) {
  const vehicle = o.vehicle ?? null;
  if (o.role !== 'deliverer') {
    if (vehicle) ctx.addIssue({ code: 'custom', path: ['vehicle'], message: msg('OPERATOR_VEHICLE_ONLY_DELIVERER') });
    return;
  }
  if (!vehicle) {
    ctx.addIssue({ code: 'custom', path: ['vehicle'], message: msg('OPERATOR_VEHICLE_REQUIRED') });
    return;
  }
  const plated = PLATED_VEHICLES.includes(vehicle.type);
  if (plated && !vehicle.plate) ctx.addIssue({ code: 'custom', path: ['vehicle', 'plate'], message: msg('OPERATOR_PLATE_REQUIRED') });
  if (!plated && vehicle.plate) ctx.addIssue({ code: 'custom', path: ['vehicle', 'plate'], message: msg('OPERATOR_BICYCLE_NO_PLATE') });
}

export const CreateOperatorBody = OperatorFields.superRefine(operatorRules);
/** PUT replaces the whole operator: the same body and rules as creation. */
export const UpdateOperatorBody = CreateOperatorBody;
export type OperatorInput = z.output<typeof CreateOperatorBody>;

export const OperatorListQuery = PageQuery.extend({
  location_id: z.coerce.number().int().positive().optional().meta({ description: 'Somente operadores desta loja.' }),
  search: OptionalText.meta({ description: 'Parte do nome (sem diferenciar acentos), do CPF, do telefone ou do e-mail.' }),
  role: z.enum(OPERATOR_ROLES).optional(),
  active: z
    .enum(['true', 'false'])
    .optional()
    .transform((v) => (v === undefined ? undefined : v === 'true'))
    .meta({ description: 'Somente ativos (`true`) ou inativos (`false`).' }),
});

export const OperatorVehicle = z
  .object({ type: z.enum(VEHICLE_TYPES), plate: z.string().nullable() })
  .meta({ id: 'OperatorVehicle' });

export const Operator = z
  .object({
    id: z.number().int(),
    name: z.string(),
    cpf: z.string().meta({ description: 'Só os dígitos.' }),
    phone: z.string().nullable().meta({ description: 'E.164 (+5511987654321).' }),
    email: z.string().nullable(),
    role: z.enum(OPERATOR_ROLES),
    location_ids: z.array(z.number().int()),
    locations: z.array(z.object({ id: z.number().int(), name: z.string() })).meta({ description: 'As lojas de location_ids, por nome.' }),
    vehicle: OperatorVehicle.nullable(),
    active: z.boolean(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Operator' });
export type Operator = z.infer<typeof Operator>;

/** A create's or update's answer: the message to show and the operator as stored. */
export const OperatorResult = z.object({ message: z.string(), operator: Operator }).meta({ id: 'OperatorResult' });

const readers = { kind: 'account', module: 'operators' } as const;
const writers = { ...readers, roles: ['admin', 'manager'] } as const;

export const operatorRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/operator',
    operationId: 'listOperators',
    summary: 'Operadores (separadores, entregadores, gerentes de loja) da conta atual, por nome, paginados e filtrados',
    tags: ['Operators'],
    permission: readers,
    access: { fixture: 'operator' },
    querystring: OperatorListQuery,
    responses: { 200: paged(Operator) },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/operator/:id',
    operationId: 'getOperator',
    summary: 'Um operador da conta atual',
    tags: ['Operators'],
    permission: readers,
    access: { fixture: 'operator' },
    params: IdParam,
    responses: { 200: Operator },
    errors: [404],
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/operator',
    operationId: 'createOperator',
    summary: 'Cadastra um operador',
    tags: ['Operators'],
    permission: writers,
    access: { fixture: 'newOperator', others: 422 },
    body: CreateOperatorBody,
    responses: { 201: OperatorResult },
    errors: [409, 422],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/api/operator/:id',
    operationId: 'updateOperator',
    summary: 'Substitui os dados de um operador',
    tags: ['Operators'],
    permission: writers,
    access: { fixture: 'operatorUpdate' },
    params: IdParam,
    body: UpdateOperatorBody,
    responses: { 200: OperatorResult },
    errors: [404, 409, 422],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/operator/:id',
    operationId: 'deleteOperator',
    summary: 'Remove um operador',
    tags: ['Operators'],
    permission: writers,
    access: { fixture: 'operator' },
    params: IdParam,
    responses: { 200: Message },
    errors: [404],
  }),
} as const;
