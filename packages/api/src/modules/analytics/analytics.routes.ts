import type { FastifyInstance } from 'fastify';
import { analyticsRoutes as r } from '@backoffice/contracts';
import type { z } from 'zod';
import { JsonText, route } from '../../lib/route.ts';
import type { Caller } from '../locations/locations.service.ts';
import { cardFile } from './analytics.export.ts';
import type { AnalyticsServices } from './analytics.module.ts';

type Dashboards = {
  [K in keyof typeof r as K extends `${string}Export` ? never : K]: (typeof r)[K] extends { body: infer B extends z.ZodType } ? (caller: Caller, body: z.output<B>) => Promise<unknown> : never;
};

/** How a download is named, per dashboard. */
const FILE_NAMES: Record<keyof Dashboards, string> = {
  grocerySellout: 'sell-out',
  groceryCustomers: 'clientes',
  attendance: 'atendimento',
  kpi: 'arvore-de-kpis',
  industrySellout: 'sell-out-industria',
  stock: 'estoque',
  consumers: 'consumidores',
};

export function registerAnalyticsRoutes(app: FastifyInstance, s: AnalyticsServices) {
  const dashboards: Dashboards = {
    grocerySellout: (c, b) => s.grocery.sellout(c, b),
    groceryCustomers: (c, b) => s.grocery.customers(c, b),
    attendance: (c, b) => s.attendance.answer(c, b),
    kpi: (c, b) => s.industry.kpi(c, b),
    industrySellout: (c, b) => s.industry.sellout(c, b),
    stock: (c, b) => s.industry.stock(c, b),
    consumers: (c, b) => s.industry.consumers(c, b),
  };
  for (const name of Object.keys(dashboards) as Array<keyof Dashboards>) {
    const answer = dashboards[name] as (c: Caller, b: unknown) => Promise<unknown>;
    route(app, r[name], ({ auth, body }) => answer(auth, body) as never);
    route(app, r[`${name}Export`], async ({ auth, body, reply }) => {
      const result = await answer(auth, { ...body.body, queries: [body.card] });
      const data = (result instanceof JsonText ? JSON.parse(result.text) : result) as Parameters<typeof cardFile>[2];
      const file = await cardFile(FILE_NAMES[name], body.card, data, body.format);
      reply.header('content-disposition', `attachment; filename="${file.filename}"`).type(file.contentType);
      return reply.send(file.body) as never;
    });
  }
}
