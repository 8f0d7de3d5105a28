import { z } from 'zod';
import { defineRoute, ErrorEnvelope } from './route.ts';

export const AppInfo = z
  .object({
    name: z.string(),
    version: z.string(),
    environment: z.string(),
    languages: z.array(z.string()),
    configuring_platform: z.object({ active: z.boolean(), message: z.string().nullable() }),
    map: z.object({
      tile_url: z.string().nullable().meta({ description: 'Modelo {z}/{x}/{y} do servidor de mapas; nulo: mapas sem fundo (só formas e marcadores).' }),
      attribution: z.string().nullable(),
    }),
  })
  .meta({ id: 'AppInfo' });

export const Readiness = z.object({
  status: z.enum(['ready', 'unavailable']),
  checks: z.object({ database: z.enum(['up', 'down']), redis: z.enum(['up', 'down', 'not_configured']) }),
});

export const systemRoutes = {
  health: defineRoute({
    method: 'GET',
    path: '/health',
    operationId: 'health',
    summary: 'Liveness: o processo responde',
    tags: ['System'],
    permission: { kind: 'public' },
    access: {},
    responses: { 200: z.object({ status: z.literal('ok') }) },
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/ready',
    operationId: 'ready',
    summary: 'Readiness: banco de dados e Redis acessíveis',
    tags: ['System'],
    permission: { kind: 'public' },
    access: {},
    // 503: what is down; while the server is closing, the envelope every route answers then.
    responses: { 200: Readiness, 503: z.union([Readiness, ErrorEnvelope]) },
  }),
  appInfo: defineRoute({
    method: 'GET',
    path: '/app-info',
    operationId: 'getAppInfo',
    summary: 'Informações públicas da aplicação',
    tags: ['System'],
    permission: { kind: 'public' },
    access: {},
    responses: { 200: AppInfo },
  }),
} as const;
