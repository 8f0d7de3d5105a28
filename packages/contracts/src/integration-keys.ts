import { z } from 'zod';
import { defineRoute } from './route.ts';
import { IdParam, Message, Timestamp } from './common.ts';
import { msg } from './messages.ts';

/**
 * What an integration key may do, each scope a set of routes that declare it (`apiKeyScope`):
 * `orders` creates orders through `POST /api/order` (the store's e-commerce); `erp` sends the ERP's
 * batches (products, offers, customers) to `/api/integration/erp/*` and reads their status.
 */
export const INTEGRATION_KEY_SCOPES = ['orders', 'erp'] as const;
export type IntegrationKeyScope = (typeof INTEGRATION_KEY_SCOPES)[number];
/** How a key starts, so a leaked one is recognisable (secret scanners, logs). */
export const INTEGRATION_KEY_PREFIX = 'bok_';

/** An account's integration key as its admins see it: never the key itself. */
export const IntegrationKey = z
  .object({
    id: z.number().int(),
    name: z.string(),
    key_prefix: z.string().meta({ description: 'O início da chave, para reconhecê-la (a chave só aparece na criação).' }),
    scopes: z.array(z.enum(INTEGRATION_KEY_SCOPES)),
    created_by: z.object({ id: z.number().int(), name: z.string() }).meta({ description: 'Quem criou a chave: a chave age como essa pessoa na conta.' }),
    created_at: Timestamp,
    last_used_at: Timestamp.nullable().meta({ description: 'Último uso (atualizado no máximo uma vez por minuto).' }),
    revoked_at: Timestamp.nullable(),
  })
  .meta({ id: 'IntegrationKey' });
export type IntegrationKey = z.infer<typeof IntegrationKey>;

export const CreatedIntegrationKey = IntegrationKey.extend({
  message: z.string(),
  key: z.string().meta({ description: 'A chave, exibida só nesta resposta: envie-a no cabeçalho x-api-key.' }),
}).meta({ id: 'CreatedIntegrationKey' });

export const CreateIntegrationKeyBody = z
  .strictObject({
    name: z.string().trim().min(1, { message: msg('INTEGRATION_KEY_NAME_REQUIRED') }).max(80),
    scopes: z
      .array(z.enum(INTEGRATION_KEY_SCOPES, { message: msg('INTEGRATION_KEY_SCOPE_UNKNOWN') }))
      .min(1, { message: msg('INTEGRATION_KEY_SCOPES_REQUIRED') })
      .max(INTEGRATION_KEY_SCOPES.length)
      .refine((s) => new Set(s).size === s.length, { message: msg('INTEGRATION_KEY_SCOPE_REPEATED') }),
  })
  .meta({ id: 'CreateIntegrationKeyBody' });
export type CreateIntegrationKeyInput = z.output<typeof CreateIntegrationKeyBody>;

const admins = { kind: 'account', roles: ['admin'] } as const;
const tags = ['Integration keys'];

export const integrationKeyRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/integration-key',
    operationId: 'listIntegrationKeys',
    summary: 'Chaves de integração da conta (sem a chave), as revogadas inclusive',
    tags,
    permission: admins,
    access: { fixture: 'integrationKey' },
    responses: { 200: z.object({ data: z.array(IntegrationKey) }) },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/integration-key',
    operationId: 'createIntegrationKey',
    summary: 'Cria uma chave de integração que age como quem a criou; a chave é exibida só nesta resposta',
    tags,
    permission: admins,
    access: { fixture: 'newIntegrationKey' },
    body: CreateIntegrationKeyBody,
    responses: { 201: CreatedIntegrationKey },
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/api/integration-key/:id',
    operationId: 'revokeIntegrationKey',
    summary: 'Revoga uma chave de integração: ela deixa de ser aceita na hora',
    tags,
    permission: admins,
    access: { fixture: 'integrationKey' },
    params: IdParam,
    responses: { 200: Message },
    errors: [404],
  }),
};
