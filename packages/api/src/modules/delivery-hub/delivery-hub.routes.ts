import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DELIVERY_SIGNATURE_HEADER, DeliveryWebhookHeaders, deliveryHubRoutes as r } from '@backoffice/contracts';
import { ValidationError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { translate } from '../../i18n/messages.ts';
import type { DeliveryHubService } from './delivery-hub.service.ts';
import type { createDeliveryDashboardService } from './delivery-dashboard.service.ts';

/** The webhook's signature header; missing or malformed is a 400 naming it. */
function signatureOf(request: FastifyRequest): string {
  const parsed = DeliveryWebhookHeaders.safeParse({ [DELIVERY_SIGNATURE_HEADER]: request.headers[DELIVERY_SIGNATURE_HEADER] });
  if (parsed.success) return parsed.data[DELIVERY_SIGNATURE_HEADER];
  const message = parsed.error.issues[0]!.message;
  throw new ValidationError('VALIDATION_ERROR', { field: DELIVERY_SIGNATURE_HEADER, detail: message }, [{ field: DELIVERY_SIGNATURE_HEADER, code: 'header', message }]);
}

export function registerDeliveryHubRoutes(app: FastifyInstance, hub: DeliveryHubService, dashboard: ReturnType<typeof createDeliveryDashboardService>) {
  route(app, r.create, async ({ auth, body, request }) => {
    const { number, delivery } = await hub.create(auth, body);
    return { message: translate('DELIVERY_REQUESTED', request.lang, { number }), delivery };
  });
  route(app, r.list, ({ auth, query }) => hub.forOrder(auth, query.order_id));
  route(app, r.cancel, async ({ auth, body, request }) => {
    const { number, delivery } = await hub.cancel(auth, body);
    return { message: translate('DELIVERY_CANCELED', request.lang, { number }), delivery };
  });
  route(app, r.webhook, ({ params, body, request }) => hub.receive(params.provider, body, signatureOf(request)));
  route(app, r.dashboard, ({ auth, query }) => dashboard.dashboard(auth, query));
}
