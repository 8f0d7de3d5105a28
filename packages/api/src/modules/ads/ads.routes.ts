import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { adRoutes } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { ValidationError } from '../../lib/errors.ts';
import { rmCallerOf } from '../retail-media/scope.ts';
import type { AdMediaService } from './ad-media.ts';
import type { AdsService } from './ads.service.ts';

const fileRequired = () =>
  new ValidationError('MEDIA_FILE_REQUIRED', {}, [{ field: 'file', code: 'required', message: 'Envie um arquivo no campo "file".' }]);

/** The text value of a multipart field sent before the file. */
const fieldValue = (fields: Record<string, unknown>, name: string): string | undefined => {
  const f = fields[name] as { type?: string; value?: unknown } | undefined;
  return f && f.type === 'field' && typeof f.value === 'string' ? f.value : undefined;
};

/** The one file of a multipart upload and the fields sent before it; anything else is a 400 naming `file`. */
async function fileOf(request: FastifyRequest, maxBytes: number) {
  if (!request.isMultipart()) throw fileRequired();
  const part = await request.file({ limits: { fileSize: maxBytes + 1, files: 1, fields: 10 } }).catch((err: { statusCode?: number }) => {
    if (err.statusCode === 413) throw err;
    throw fileRequired();
  });
  if (!part || part.fieldname !== 'file') throw fileRequired();
  const fields = part.fields as Record<string, unknown>;
  return { part, adSizeId: fieldValue(fields, 'ad_size_id'), adType: fieldValue(fields, 'ad_type') };
}

export function registerAdRoutes(app: FastifyInstance, ads: AdsService, media: AdMediaService) {
  route(app, adRoutes.list, async ({ auth, query }) => ads.list(rmCallerOf(auth), query));
  route(app, adRoutes.review, async ({ auth, query }) => ads.reviewQueue(rmCallerOf(auth), query));
  route(app, adRoutes.countByStatus, async ({ auth, query }) => ads.countByStatus(rmCallerOf(auth), query));
  route(app, adRoutes.get, async ({ auth, params }) => ads.get(rmCallerOf(auth), params.id));
  route(app, adRoutes.create, async ({ auth, body }) => ads.create(rmCallerOf(auth), body));
  route(app, adRoutes.update, async ({ auth, params, body }) => ads.update(rmCallerOf(auth), params.id, body));
  route(app, adRoutes.patch, async ({ auth, params, body }) => ads.setActive(rmCallerOf(auth), params.id, body.active));
  route(app, adRoutes.remove, async ({ auth, params, reply }) => {
    await ads.remove(rmCallerOf(auth), params.id);
    reply.code(204);
    return null;
  });
  route(app, adRoutes.approve, async ({ auth, params, body }) => ads.review(rmCallerOf(auth), params.adId, 'approved', body?.note));
  route(app, adRoutes.reject, async ({ auth, params, body }) => ads.review(rmCallerOf(auth), params.adId, 'rejected', body.note));
  // Multipart parsing only where a file is expected.
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: media.largest + 1, files: 1, fields: 10 } });
    route(scope, adRoutes.uploadMedia, async ({ auth, request }) => {
      const { part, adSizeId, adType } = await fileOf(request, media.largest);
      return media.upload(rmCallerOf(auth), { filename: part.filename, stream: part.file }, { adSizeId, adType });
    });
  });
}
