import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IDEMPOTENCY_HEADER, IdempotencyKey, paymentHubRoutes as r } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import type { PaymentReports } from './payment-hub.reports.ts';
import { idempotencyKeyError, type PaymentHubService } from './payment-hub.service.ts';

/** The refund's `Idempotency-Key` header; missing or malformed is a 400 naming the header. */
function idempotencyKeyOf(request: FastifyRequest): string {
  const parsed = IdempotencyKey.safeParse(request.headers[IDEMPOTENCY_HEADER.toLowerCase()]);
  if (parsed.success) return parsed.data;
  throw idempotencyKeyError(parsed.error.issues[0]!.message);
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's exact text (the payment webhooks: signatures cover these bytes). */
    rawBody?: string;
  }
}

export function registerPaymentHubRoutes(app: FastifyInstance, hub: PaymentHubService, reports: PaymentReports) {
  route(app, r.charge, ({ auth, params, body, request }) => hub.charge(auth, params.orderId, body, request.lang));
  route(app, r.transactions, ({ auth, query }) => hub.ofOrder(auth, query.order_id));
  route(app, r.verifyRefusal, ({ auth, params }) => hub.verifyRefusal(auth, params.id));
  route(app, r.refund, async ({ auth, params, body, request, reply }) => {
    const key = idempotencyKeyOf(request);
    const { replayed, body: answer } = await hub.refund(auth, params.orderId, body, key, request.lang);
    reply.code(replayed ? 200 : 201);
    return answer;
  });
  route(app, r.byLocation, ({ auth, query }) => reports.byLocation(auth, query));
  route(app, r.listTransactions, ({ auth, query }) => reports.list(auth, query));
  route(app, r.exportTransactions, async ({ auth, query, reply }) => {
    const { fileName, body } = await reports.exportCsv(auth, query);
    return reply.header('content-disposition', `attachment; filename="${fileName}"`).type('text/csv; charset=utf-8').send(body) as never;
  });

  // The webhook keeps its body's exact text: a JSON parser of its own, in a scope of its own.
  app.register(async (scope) => {
    // Fastify's own JSON parsing (prototype poisoning refused with a 400), after keeping the text.
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
      const raw = String(text);
      request.rawBody = raw;
      parseJson(request, raw, done);
    });
    route(scope, r.webhook, ({ params, body, request }) =>
      hub.webhook(params.provider, {
        headers: request.headers,
        query: request.query as Record<string, unknown>,
        rawBody: request.rawBody ?? JSON.stringify(body),
        body: body as Record<string, unknown>,
      }),
    );
  });
}
