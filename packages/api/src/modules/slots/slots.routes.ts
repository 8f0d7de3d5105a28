import type { FastifyInstance } from 'fastify';
import { slotRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { translate } from '../../i18n/messages.ts';
import type { SlotsService } from './slots.service.ts';

export function registerSlotRoutes(app: FastifyInstance, slots: SlotsService) {
  route(app, slotRoutes.weekly, ({ auth, query }) => slots.weekly(auth, query));
  route(app, slotRoutes.dates, ({ auth, query }) => slots.dates(auth, query));
  route(app, slotRoutes.daysWithoutWork, ({ auth, query }) => slots.daysWithoutWork(auth, query));
  route(app, slotRoutes.create, ({ auth, body }) => slots.create(auth, body));
  route(app, slotRoutes.update, ({ auth, params, body }) => slots.update(auth, params.id, body));
  route(app, slotRoutes.remove, async ({ auth, params, request }) => {
    await slots.remove(auth, params.id);
    return { message: translate('SLOT_DELETED', request.lang) };
  });
  route(app, slotRoutes.createDayWithoutWork, ({ auth, body }) => slots.createDayWithoutWork(auth, body));
  route(app, slotRoutes.deleteDayWithoutWork, async ({ auth, query, request }) => {
    await slots.deleteDayWithoutWork(auth, query.id);
    return { message: translate('DAY_WITHOUT_WORK_DELETED', request.lang) };
  });
}
