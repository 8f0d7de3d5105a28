import type { FastifyInstance } from 'fastify';
import { paymentRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { translate } from '../../i18n/messages.ts';
import type { PaymentsService } from './payments.service.ts';

export function registerPaymentRoutes(app: FastifyInstance, payments: PaymentsService) {
  route(app, paymentRoutes.methods, async () => payments.methods());
  route(app, paymentRoutes.listConfigs, ({ auth, query }) => payments.list(auth, query));
  route(app, paymentRoutes.createConfig, async ({ auth, body, request }) => {
    const config = await payments.create(auth, body);
    return { message: translate('PAYMENT_CONFIG_CREATED', request.lang), config };
  });
  route(app, paymentRoutes.updateConfig, async ({ auth, params, body, request }) => {
    const config = await payments.update(auth, params.id, body);
    return { message: translate('PAYMENT_CONFIG_UPDATED', request.lang), config };
  });
  route(app, paymentRoutes.removeConfig, async ({ auth, params, request }) => {
    const config = await payments.remove(auth, params.id);
    return { message: translate('PAYMENT_CONFIG_RESTORED', request.lang), config };
  });
}
