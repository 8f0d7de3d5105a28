import { vi } from 'vitest';
import type { components } from '../shared/api/schema';
import type { Session } from '../shared/session/session';

type Schemas = components['schemas'];
export type Handler = (request: Request) => Response | Promise<Response>;

export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

export const apiError = (status: number, code: string, message: string) =>
  json({ error: { code, message }, requestId: 'test' }, status);

/**
 * Stands in for the API (outside the process): answers `"METHOD /path"` keys, 404 for the rest.
 * Returns the mock so a test can read the requests it received.
 */
export function mockApi(routes: Record<string, Handler>) {
  const fetchMock = vi.fn(async (request: Request) => {
    const handler = routes[`${request.method} ${new URL(request.url).pathname}`];
    return handler ? handler(request) : apiError(404, 'ROUTE_NOT_FOUND', 'Rota não encontrada.');
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

// Shaped like the seed's grocery retailer and its admin (packages/api/src/modules/accounts/accounts.seed.ts).
export const SESSION: Session = {
  token: 'header.eyJzdWIiOjEsImFjY291bnRfaWQiOjF9.signature',
  user: { id: 1, name: 'Ana Paula Souza', email: 'admin@varejo.test', language: 'pt-BR', is_platform_operator: false },
  account: {
    id: 1,
    name: 'Supermercado Bom Preço',
    type: 'grocery',
    white_label_variant: null,
    retail_media_role: 'both',
    is_network: false,
    currency_cents: false,
  },
};

export const ACCOUNT_INFO: Schemas['AccountInfo'][] = [
  {
    ...SESSION.account,
    logo: null,
    header_color: '#c92a2a',
    host: 'bompreco.varejo.test',
    checkout_link: null,
    seller_id: 'bompreco',
    role: 'admin',
    current: true,
  },
];

export const ACCESS_MODULES: Schemas['AccessModule'][] = [
  { id: 1, key: 'dashboard', name: 'Dashboard', submodules: [] },
  {
    id: 2,
    key: 'orders',
    name: 'Pedidos',
    submodules: [{ id: 201, key: 'orders.list', name: 'Lista de pedidos' }],
  },
  { id: 15, key: 'users', name: 'Usuários', submodules: [] },
];

export const APP_INFO: Schemas['AppInfo'] = {
  name: 'Varejo Back-office',
  version: 'test',
  environment: 'test',
  languages: ['pt-BR', 'en'],
  configuring_platform: { active: false, message: null },
  map: { tile_url: null, attribution: null },
};

/** The calls every screen makes: app info, and for a signed-in user the account and its modules. */
export const SHELL_ROUTES: Record<string, Handler> = {
  'GET /app-info': () => json(APP_INFO),
  'GET /api/account/account-info': () => json(ACCOUNT_INFO),
  'GET /api/access-module': () => json({ modules: ACCESS_MODULES }),
  'GET /api/user/': usersPage,
  'GET /api/user': usersPage,
};

/** The users list (the example private page): 51 users, so there is a page 2. */
function usersPage(request: Request) {
  const page = Number(new URL(request.url).searchParams.get('page') ?? 1);
  const user: Schemas['AccountUser'] = {
    id: 7,
    name: 'Pedro Henrique Santos',
    email: 'pedro.santos@varejo.test',
    role: 'operator',
    status: 'invited',
    created_at: '2026-01-05T12:00:00.000Z',
    last_login_at: null,
  };
  return json({ data: page === 2 ? [user] : [], meta: { page, quantity: 50, total: 51, total_pages: 2 } });
}
