import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { TRADE_PROOF_MAX_BYTES, tradeRoutes, type TradeAction } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { translate, type MessageCode } from '../../i18n/messages.ts';
import type { TradeService } from './trade.service.ts';

const ACTION_MESSAGES: Record<TradeAction, MessageCode> = {
  propose: 'TRADE_PROPOSED',
  approve: 'TRADE_APPROVED',
  reject: 'TRADE_REJECTED',
  revise: 'TRADE_REVISED',
  start: 'TRADE_STARTED',
  finish: 'TRADE_FINISHED',
  cancel: 'TRADE_CANCELED',
};

/** The fields sent before the photo and the photo itself (null when the form has none or is broken). */
async function proofForm(request: FastifyRequest) {
  if (!request.isMultipart()) return { fields: {}, file: null };
  const part = await request.file({ limits: { fileSize: TRADE_PROOF_MAX_BYTES + 1, files: 1, fields: 10 } }).catch((err: { statusCode?: number }) => {
    if (err.statusCode === 413) throw err;
    return undefined;
  });
  if (!part) return { fields: {}, file: null };
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(part.fields)) {
    const v = Array.isArray(value) ? value[0] : value;
    if (v && v.type === 'field' && typeof v.value === 'string') fields[name] = v.value;
  }
  const file = part.fieldname === 'file' ? { filename: part.filename, stream: part.file } : null;
  return { fields, file };
}

export function registerTradeRoutes(app: FastifyInstance, trade: TradeService) {
  route(app, tradeRoutes.list, ({ auth, query }) => trade.list(auth, query));
  route(app, tradeRoutes.counterparts, ({ auth }) => trade.counterparts(auth));
  route(app, tradeRoutes.get, ({ auth, params }) => trade.get(auth, params.id));
  route(app, tradeRoutes.create, ({ auth, body }) => trade.create(auth, body));
  route(app, tradeRoutes.update, ({ auth, params, body }) => trade.update(auth, params.id, body));
  route(app, tradeRoutes.action, async ({ auth, params, body, request }) => {
    const agreement = await trade.act(auth, params.id, params.action, body?.note ?? null);
    return { message: translate(ACTION_MESSAGES[params.action], request.lang), agreement };
  });
  route(app, tradeRoutes.proofs, ({ auth, params }) => trade.proofs(auth, params.id));
  route(app, tradeRoutes.results, ({ auth, params }) => trade.results(auth, params.id));
  // Multipart parsing only where a photo is expected.
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: TRADE_PROOF_MAX_BYTES + 1, files: 1, fields: 10 } });
    route(scope, tradeRoutes.uploadProof, async ({ auth, params, request }) => {
      const { fields, file } = await proofForm(request);
      return trade.uploadProof(auth, params.id, fields, file);
    });
  });
}
