import { rm } from 'node:fs/promises';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { UPLOADS_PREFIX, isMediaKey } from '../lib/media-storage.ts';
import { errorEnvelope } from './errors.ts';

/**
 * Serves the local media storage read-only at `/uploads/<accountId>/<uuid>.<ext>`. Names are
 * random and never reused, so a file may be cached for a year; anything that is not such a
 * name (folders, dot files, `..`, encoded separators) is a 404. A temporary root goes with the app.
 */
export default fp<{ root: string; temporary?: boolean }>(
  async (app, opts) => {
    if (opts.temporary) app.addHook('onClose', () => rm(opts.root, { recursive: true, force: true }));
    await app.register(async (scope) => {
      // A path the file server refuses (traversal, non-canonical) is, to the caller, a file that does not exist.
      scope.setErrorHandler((err, request, reply) => {
        request.log.debug({ err }, 'media path refused');
        return reply.status(404).send(errorEnvelope(request, 'ROUTE_NOT_FOUND', 'ROUTE_NOT_FOUND', { method: request.method, url: request.url.split('?')[0]! }));
      });
      await scope.register(fastifyStatic, {
        root: opts.root,
        prefix: UPLOADS_PREFIX,
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'ignore',
        redirect: false,
        allowedPath: (pathname) => isMediaKey(pathname.replace(/^\//, '')),
        maxAge: '365d',
        immutable: true,
        setHeaders: (res) => {
          res.header('x-content-type-options', 'nosniff');
          // Content is checked by its bytes (images, PDF, MP4: nothing that runs); the SPA may embed a PDF preview.
          res.header('content-security-policy', "frame-ancestors 'self'");
        },
      });
    });
  },
  { name: 'media', dependencies: ['errors'] },
);
