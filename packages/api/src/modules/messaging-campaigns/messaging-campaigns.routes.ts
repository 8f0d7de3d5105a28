import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { messagingCampaignRoutes, messagingTemplateRoutes, notificationTemplateRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { ValidationError } from '../../lib/errors.ts';
import { translate } from '../../i18n/messages.ts';
import type { MessagingMediaService } from './messaging-media.ts';
import type { MessagingCampaignsService } from './messaging-campaigns.service.ts';
import type { MessagingTemplatesService } from './messaging-templates.service.ts';

const fileRequired = () =>
  new ValidationError('MEDIA_FILE_REQUIRED', {}, [{ field: 'file', code: 'required', message: 'Envie um arquivo no campo "file".' }]);

/** The one file of a multipart upload; anything else (no file, another field, a broken form) is a 400 naming `file`. */
async function fileOf(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw fileRequired();
  const part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1, fields: 10 } }).catch((err: { statusCode?: number }) => {
    if (err.statusCode === 413) throw err;
    throw fileRequired();
  });
  if (!part || part.fieldname !== 'file') throw fileRequired();
  return part;
}

export function registerMessagingCampaignRoutes(
  app: FastifyInstance,
  { campaigns, templates, media }: { campaigns: MessagingCampaignsService; templates: MessagingTemplatesService; media: MessagingMediaService },
) {
  const c = messagingCampaignRoutes;
  route(app, c.list, ({ auth, query }) => campaigns.list(auth.accountId, query));
  route(app, c.dashboard, ({ auth, query }) => campaigns.dashboard(auth.accountId, query));
  route(app, c.get, ({ auth, params }) => campaigns.get(auth.accountId, params.id));
  route(app, c.campaignDashboard, ({ auth, params }) => campaigns.campaignDashboard(auth.accountId, params.id));
  route(app, c.create, ({ auth, body }) => campaigns.create(auth.accountId, body));
  route(app, c.update, ({ auth, params, body }) => campaigns.update(auth.accountId, params.id, body));
  route(app, c.remove, async ({ auth, params, request }) => {
    await campaigns.remove(auth.accountId, params.id);
    return { message: translate('MESSAGING_CAMPAIGN_DELETED', request.lang) };
  });
  route(app, c.cancel, async ({ auth, params, request }) => {
    const campaign = await campaigns.cancel(auth.accountId, params.id);
    return { message: translate('MESSAGING_CAMPAIGN_CANCELED', request.lang), campaign };
  });

  const t = messagingTemplateRoutes;
  route(app, t.list, ({ auth, query }) => templates.list(auth.accountId, query));
  route(app, t.get, ({ auth, params }) => templates.get(auth.accountId, params.id));
  route(app, t.create, ({ auth, body }) => templates.create(auth.accountId, body));
  route(app, t.update, ({ auth, params, body }) => templates.update(auth.accountId, params.id, body));
  route(app, t.remove, async ({ auth, params, request }) => {
    await templates.remove(auth.accountId, params.id);
    return { message: translate('MESSAGING_TEMPLATE_DELETED', request.lang) };
  });

  const n = notificationTemplateRoutes;
  route(app, n.list, ({ auth, query }) => templates.notifications.list(auth.accountId, query));
  route(app, n.create, ({ auth, body }) => templates.notifications.create(auth.accountId, body));
  route(app, n.update, ({ auth, body: { id, ...input } }) => templates.notifications.update(auth.accountId, id, input));
  route(app, n.remove, async ({ auth, params, request }) => {
    await templates.notifications.remove(auth.accountId, params.id);
    return { message: translate('NOTIFICATION_TEMPLATE_DELETED', request.lang) };
  });

  // Multipart parsing only where a file is expected.
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: media.largest + 1, files: 1, fields: 10 } });
    route(scope, c.upload, async ({ auth, request }) => {
      const part = await fileOf(request, media.largest);
      return media.upload(auth.accountId, { filename: part.filename, stream: part.file });
    });
  });
}
