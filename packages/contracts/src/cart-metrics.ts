// Issue 20: cart abandonment metrics (spec §2 /shopping-carts/metrics/cart-abandonment).
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { Money } from './common.ts';
import { msg } from './messages.ts';

/** Longest period one query covers, in São Paulo days. */
export const CART_METRICS_MAX_DAYS = 366;
/** Default period: the last 30 São Paulo days, today included. */
export const CART_METRICS_DEFAULT_DAYS = 30;

const DateOnly = z.iso.date();

export const CartAbandonmentQuery = z
  .object({
    from: DateOnly.optional().meta({ description: 'Primeiro dia (YYYY-MM-DD, São Paulo). Padrão: 29 dias antes de `to`.' }),
    to: DateOnly.optional().meta({ description: 'Último dia (YYYY-MM-DD, São Paulo). Padrão: hoje.' }),
    location_id: z.coerce.number().int().positive().optional().meta({ description: 'Somente os carrinhos desta loja.' }),
  })
  .superRefine((q, ctx) => {
    if (!q.from || !q.to) return;
    if (q.to < q.from) ctx.addIssue({ code: 'custom', path: ['to'], message: msg('END_DATE_BEFORE_START') });
    else if ((Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 + 1 > CART_METRICS_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['to'], message: msg('PERIOD_TOO_LONG', { days: CART_METRICS_MAX_DAYS }) });
    }
  });
export type CartAbandonmentQuery = z.output<typeof CartAbandonmentQuery>;

const Count = z.number().int().min(0);

/** The funnel of a set of carts (the period, a day or a store). */
export const CartFunnel = z
  .object({
    created: Count.meta({ description: 'Carrinhos criados.' }),
    links_sent: Count.meta({ description: 'Carrinhos cujo link foi enviado ao cliente.' }),
    opened: Count.meta({ description: 'Carrinhos abertos pelo cliente no link.' }),
    converted: Count.meta({ description: 'Carrinhos que seguiram para o checkout.' }),
    abandoned: Count.meta({ description: 'Enviados ou abertos e não convertidos.' }),
    abandonment_rate: z
      .number()
      .min(0)
      .max(1)
      .meta({ description: 'abandoned ÷ carrinhos que chegaram ao cliente (link enviado ou aberto), fração de 0 a 1; 0 quando nenhum chegou.' }),
    abandoned_value: Money.meta({ description: 'Soma dos totais dos carrinhos abandonados, em reais.' }),
  })
  .meta({ id: 'CartFunnel' });
export type CartFunnel = z.infer<typeof CartFunnel>;

export const CartAbandonmentDay = CartFunnel.safeExtend({ date: DateOnly }).meta({ id: 'CartAbandonmentDay' });
export const CartAbandonmentStore = CartFunnel.safeExtend({ location_id: z.number().int(), name: z.string() }).meta({ id: 'CartAbandonmentStore' });

export const CartAbandonmentMetrics = z
  .object({
    from: DateOnly,
    to: DateOnly,
    location_id: z.number().int().nullable(),
    totals: CartFunnel,
    per_day: z.array(CartAbandonmentDay).meta({ description: 'Um item por dia do período (São Paulo), com zeros nos dias sem carrinhos.' }),
    stores: z.array(CartAbandonmentStore).meta({ description: 'Lojas com carrinhos no período, do maior valor abandonado ao menor.' }),
  })
  .meta({
    id: 'CartAbandonmentMetrics',
    description:
      'Carrinhos criados no período (dia de criação em São Paulo), cada um contado no dia e na loja em que foi criado: ' +
      'o envio, a abertura e a conversão posteriores contam para esse dia.',
  });
export type CartAbandonmentMetrics = z.infer<typeof CartAbandonmentMetrics>;

export const cartMetricsRoutes = {
  cartAbandonment: defineRoute({
    method: 'GET',
    path: '/api/shopping-cart/metrics/cart-abandonment',
    operationId: 'getCartAbandonmentMetrics',
    summary: 'Abandono de carrinhos no período: totais, por dia e por loja, e o valor deixado nos carrinhos abandonados',
    tags: ['Shopping carts'],
    permission: { kind: 'account', module: 'shopping_carts.abandonment' },
    access: {},
    querystring: CartAbandonmentQuery,
    responses: { 200: CartAbandonmentMetrics },
    errors: [404],
  }),
} as const;
