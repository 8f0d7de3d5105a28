import type { FastifyInstance } from 'fastify';
import { whatsappRoutes as r } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import type { WhatsAppService } from './whatsapp.service.ts';
import { SIGNATURE_HEADER, type MetaPayload } from './whatsapp-webhook.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body's exact text (the webhooks: signatures cover these bytes). */
    rawBody?: string;
  }
}

export function registerWhatsAppRoutes(app: FastifyInstance, whatsapp: WhatsAppService) {
  route(app, r.webhookVerify, async ({ query, reply }) => reply.type('text/plain; charset=utf-8').send(whatsapp.verify(query)) as never);

  // The webhook keeps its body's exact text (the signature covers those bytes): a JSON parser of its own, in a scope of its own.
  app.register(async (scope) => {
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, text, done) => {
      const raw = String(text);
      request.rawBody = raw;
      parseJson(request, raw, done);
    });
    // Behind its fast path (webhook-fast-path.ts): what it hands on comes with the body it read.
    route(
      scope,
      r.webhook,
      ({ body, request }) => {
        const header = request.headers[SIGNATURE_HEADER];
        return whatsapp.webhook(typeof header === 'string' ? header : undefined, request.rawBody ?? JSON.stringify(body), body as MetaPayload);
      },
      { hotPath: true },
    );
  });

  route(app, r.getNumber, ({ auth }) => whatsapp.number(auth));
  route(app, r.saveNumber, ({ auth, body }) => whatsapp.saveNumber(auth, body));
  route(app, r.simulatorSend, ({ auth, body }) => whatsapp.simulate(auth, body));
  route(app, r.simulatorConversations, ({ auth, query }) => whatsapp.conversations(auth, query));
  route(app, r.simulatorThread, ({ auth, params }) => whatsapp.thread(auth, params.phone));
  route(app, r.simulatorRead, ({ auth, params }) => whatsapp.read(auth, params.phone));
}
