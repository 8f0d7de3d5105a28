import { z } from 'zod';
import { defineRoute, ACCOUNT_TYPES, ROLES } from './route.ts';

export const AccountSummary = z
  .object({
    id: z.number().int(),
    name: z.string(),
    type: z.enum(ACCOUNT_TYPES),
    white_label_variant: z.enum(['retail_media', 'grocery']).nullable(),
    retail_media_role: z.enum(['none', 'publisher', 'advertiser', 'both']),
    is_network: z.boolean(),
    currency_cents: z.boolean(),
  })
  .meta({ id: 'AccountSummary' });

export const AccountInfo = AccountSummary.extend({
  logo: z.string().nullable(),
  header_color: z.string().nullable(),
  host: z.string().nullable(),
  checkout_link: z.string().nullable(),
  seller_id: z.string().nullable(),
  role: z.enum(ROLES),
  current: z.boolean(),
}).meta({ id: 'AccountInfo' });

export const ChangeAccountBody = z.strictObject({ account_id: z.number().int().positive() });

export const AccessModuleNode = z.object({ id: z.number().int(), key: z.string(), name: z.string() });
export const AccessModule = AccessModuleNode.extend({ submodules: z.array(AccessModuleNode) }).meta({
  id: 'AccessModule',
});

export const accountRoutes = {
  accountInfo: defineRoute({
    method: 'GET',
    path: '/api/account/account-info',
    operationId: 'getAccountInfo',
    summary: 'Conta atual (primeiro item) e as demais contas do usuário',
    tags: ['Account'],
    permission: { kind: 'account' },
    access: {},
    responses: { 200: z.array(AccountInfo) },
  }),
  changeAccount: defineRoute({
    method: 'POST',
    path: '/changeaccount',
    operationId: 'changeAccount',
    summary: 'Troca a conta atual e devolve um novo token',
    tags: ['Account'],
    permission: { kind: 'user' },
    access: { fixture: 'ownerAccount', allow: ['sameType'], others: 404 },
    body: ChangeAccountBody,
    responses: { 200: z.object({ newToken: z.string() }) },
    errors: [404],
  }),
  accessModules: defineRoute({
    method: 'GET',
    path: '/api/access-module',
    operationId: 'listAccessModules',
    summary: 'Módulos e submódulos liberados para o usuário na conta atual',
    tags: ['Account'],
    permission: { kind: 'account' },
    access: {},
    responses: { 200: z.object({ modules: z.array(AccessModule) }) },
  }),
} as const;
