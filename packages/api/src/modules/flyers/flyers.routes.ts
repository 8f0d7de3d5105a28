import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { flyerRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { ValidationError } from '../../lib/errors.ts';
import { translate } from '../../i18n/messages.ts';
import type { FlyerMediaService } from './flyer-media.ts';
import { FLYER_ACTION_MESSAGES, type FlyersService } from './flyers.service.ts';

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

export function registerFlyerRoutes(app: FastifyInstance, flyers: FlyersService, media: FlyerMediaService) {
  route(app, flyerRoutes.list, ({ auth, query }) => flyers.list(auth.accountId, query));
  route(app, flyerRoutes.get, ({ auth, params }) => flyers.get(auth.accountId, params.id));
  route(app, flyerRoutes.create, ({ auth, body }) => flyers.create(auth.accountId, body));
  route(app, flyerRoutes.update, ({ auth, params, body }) => flyers.update(auth.accountId, params.id, body));
  route(app, flyerRoutes.remove, async ({ auth, params, request }) => {
    await flyers.remove(auth.accountId, params.id);
    return { message: translate('FLYER_DELETED', request.lang) };
  });
  route(app, flyerRoutes.action, async ({ auth, params, request }) => {
    const flyer = await flyers.act(auth.accountId, params.id, params.action);
    return { message: translate(FLYER_ACTION_MESSAGES[params.action], request.lang), flyer };
  });
  // Multipart parsing only where a file is expected.
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: media.largest + 1, files: 1, fields: 10 } });
    route(scope, flyerRoutes.uploadMedia, async ({ auth, request }) => {
      const part = await fileOf(request, media.largest);
      return media.upload(auth.accountId, { filename: part.filename, stream: part.file });
    });
  });
}
