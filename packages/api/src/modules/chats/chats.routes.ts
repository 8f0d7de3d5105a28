import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { chatRoutes as r } from '@backoffice/contracts';
import { ValidationError } from '../../lib/errors.ts';
import { route } from '../../lib/route.ts';
import { translate } from '../../i18n/messages.ts';
import type { FlyerMediaService } from '../flyers/flyer-media.ts';
import type { ChatAdminService } from './chat-admin.service.ts';
import type { ChatDashboards } from './chat-dashboards.ts';
import type { ChatsService } from './chats.service.ts';

const fileRequired = () => new ValidationError('MEDIA_FILE_REQUIRED', {}, [{ field: 'file', code: 'required', message: 'Envie um arquivo no campo "file".' }]);

/** The one file of a multipart upload; anything else is a 400 naming `file`. */
async function fileOf(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw fileRequired();
  const part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1, fields: 10 } }).catch((err: { statusCode?: number }) => {
    if (err.statusCode === 413) throw err;
    throw fileRequired();
  });
  if (!part || part.fieldname !== 'file') throw fileRequired();
  return part;
}

export function registerChatRoutes(app: FastifyInstance, chats: ChatsService, admin: ChatAdminService, dashboards: ChatDashboards, media: FlyerMediaService) {
  // Static paths (attendants, tags, templates, bot-flow, dashboard) before `/api/chats/:id`: the router prefers them anyway.
  route(app, r.listAttendants, ({ auth, query }) => admin.listAttendants(auth, query));
  route(app, r.createAttendant, ({ auth, body }) => admin.createAttendant(auth, body));
  route(app, r.updateAttendant, ({ auth, params, body }) => admin.updateAttendant(auth, params.id, body));
  route(app, r.deleteAttendant, async ({ auth, params, request }) => {
    await admin.deleteAttendant(auth, params.id);
    return { message: translate('ATTENDANT_REMOVED', request.lang) };
  });
  route(app, r.myAttendant, ({ auth }) => admin.myAttendant(auth));
  route(app, r.setMyStatus, ({ auth, body }) => admin.setMyStatus(auth, body.status));

  route(app, r.listTags, ({ auth, query }) => admin.listTags(auth, query));
  route(app, r.createTag, ({ auth, body }) => admin.createTag(auth, body));
  route(app, r.updateTag, ({ auth, params, body }) => admin.updateTag(auth, params.id, body));
  route(app, r.deleteTag, async ({ auth, params, request }) => {
    await admin.deleteTag(auth, params.id);
    return { message: translate('CHAT_TAG_DELETED', request.lang) };
  });

  route(app, r.listTemplates, ({ auth, query }) => admin.listTemplates(auth, query));
  route(app, r.getTemplate, ({ auth, params }) => admin.getTemplate(auth, params.id));
  route(app, r.createTemplate, ({ auth, body }) => admin.createTemplate(auth, body));
  route(app, r.updateTemplate, ({ auth, params, body }) => admin.updateTemplate(auth, params.id, body));
  route(app, r.deleteTemplate, async ({ auth, params, request }) => {
    await admin.deleteTemplate(auth, params.id);
    return { message: translate('CHAT_TEMPLATE_DELETED', request.lang) };
  });

  route(app, r.getBotFlow, ({ auth }) => admin.getFlow(auth));
  route(app, r.putBotFlow, ({ auth, body }) => admin.putFlow(auth, body));

  route(app, r.dashboard, ({ auth, query }) => dashboards.dashboard(auth.accountId, query));
  route(app, r.botSteps, ({ auth, query }) => dashboards.botSteps(auth.accountId, query));
  route(app, r.attendance, ({ auth, query }) => dashboards.attendance(auth.accountId, query));

  route(app, r.list, ({ auth, query }) => chats.list(auth, query));
  route(app, r.get, ({ auth, params }) => chats.get(auth, params.id));
  route(app, r.messages, ({ auth, params, query }) => chats.messages(auth, params.id, query));
  route(app, r.send, ({ auth, params, body, request }) => chats.send(auth, params.id, body, request.lang));
  route(app, r.cart, ({ auth, params, body, request }) => chats.cart(auth, params.id, body, request.lang));
  route(app, r.read, ({ auth, params }) => chats.read(auth, params.id));
  route(app, r.take, ({ auth, params, request }) => chats.take(auth, params.id, request.lang));
  route(app, r.transfer, ({ auth, params, body, request }) => chats.transfer(auth, params.id, body.to_user_id, request.lang));
  route(app, r.close, ({ auth, params, request }) => chats.close(auth, params.id, request.lang));
  route(app, r.reopen, ({ auth, params, request }) => chats.reopen(auth, params.id, request.lang));
  route(app, r.setTags, ({ auth, params, body }) => chats.setTags(auth, params.id, body.tag_ids));

  // Multipart parsing only where a file is expected.
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: media.largest + 1, files: 1, fields: 10 } });
    route(scope, r.uploadMedia, async ({ auth, request }) => {
      const part = await fileOf(request, media.largest);
      return media.upload(auth.accountId, { filename: part.filename, stream: part.file });
    });
  });
}
