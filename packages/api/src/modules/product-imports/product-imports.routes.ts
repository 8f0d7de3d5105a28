import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { IDEMPOTENCY_HEADER, PRODUCT_IMPORT_MAX_BYTES, ProductIntegrationHeaders, productImportRoutes as r } from '@backoffice/contracts';
import { route } from '../../lib/route.ts';
import { AppError, ValidationError } from '../../lib/errors.ts';
import { templateCsv, type ProductImportsService } from './product-imports.service.ts';

const FILE_REQUIRED = 'Envie um arquivo no campo "file".';
const fileRequired = () => new ValidationError('MEDIA_FILE_REQUIRED', {}, [{ field: 'file', code: 'required', message: FILE_REQUIRED }]);
const tooLarge = () => new AppError(413, 'PRODUCT_IMPORT_TOO_LARGE', 'PRODUCT_IMPORT_TOO_LARGE', { max: `${PRODUCT_IMPORT_MAX_BYTES / (1024 * 1024)} MB` });

/** The uploaded file, whole (at most PRODUCT_IMPORT_MAX_BYTES): no file, another field or a broken form is a 400 naming `file`. */
async function uploadedFile(request: FastifyRequest): Promise<{ fileName: string | undefined; bytes: Buffer }> {
  if (!request.isMultipart()) throw fileRequired();
  const part = await request.file({ limits: { fileSize: PRODUCT_IMPORT_MAX_BYTES, files: 1, fields: 10 } }).catch((err: { statusCode?: number }) => {
    if (err.statusCode === 413) throw tooLarge();
    throw fileRequired();
  });
  if (!part || part.fieldname !== 'file') throw fileRequired();
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of part.file) chunks.push(chunk as Buffer);
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw tooLarge();
    throw fileRequired();
  }
  if (part.file.truncated) throw tooLarge();
  const bytes = Buffer.concat(chunks);
  if (!bytes.length) throw fileRequired();
  return { fileName: part.filename || undefined, bytes };
}

/** The optional `Idempotency-Key`; malformed is a 400 naming the header. */
function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const parsed = ProductIntegrationHeaders.safeParse({ [IDEMPOTENCY_HEADER]: request.headers[IDEMPOTENCY_HEADER.toLowerCase()] });
  if (parsed.success) return parsed.data[IDEMPOTENCY_HEADER];
  const message = parsed.error.issues[0]!.message;
  throw new ValidationError('VALIDATION_ERROR', { field: IDEMPOTENCY_HEADER, detail: message }, [{ field: IDEMPOTENCY_HEADER, code: 'header', message }]);
}

const sendCsv = (reply: FastifyReply, fileName: string, body: string) =>
  reply.header('content-disposition', `attachment; filename="${fileName}"`).type('text/csv; charset=utf-8').send(body) as never;

export function registerProductImportRoutes(app: FastifyInstance, imports: ProductImportsService) {
  route(app, r.list, ({ auth }) => imports.list(auth.accountId));
  route(app, r.template, async ({ reply }) => sendCsv(reply, 'modelo-importacao-produtos.csv', templateCsv()));
  route(app, r.get, ({ auth, params }) => imports.get(auth.accountId, params.id));
  route(app, r.rejectedCsv, async ({ auth, params, reply }) =>
    sendCsv(reply, `importacao-${params.id}-recusadas.csv`, await imports.rejectedCsv(auth.accountId, params.id)),
  );
  route(app, r.integration, async ({ auth, body, request, reply }) => {
    const key = idempotencyKeyOf(request);
    const { replayed, body: result } = await imports.integrate(auth, body.items, key);
    reply.code(replayed ? 200 : 202);
    return result;
  });
  // Multipart parsing only where a file is expected.
  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: PRODUCT_IMPORT_MAX_BYTES, files: 1, fields: 10 } });
    route(scope, r.upload, async ({ auth, request }) => imports.upload(auth, await uploadedFile(request)));
  });
}
