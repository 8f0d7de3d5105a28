import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorEnvelope } from './errors.ts';

/** Retail media's API keeps the paths of spec §7 (`/campaign/v2`, `/ad/actions/…`, `/audience/…`) at the root. */
const RETAIL_MEDIA_PREFIXES = ['/campaign', '/ad/', '/audience', '/configuration/', '/subpublishers', '/advertisers', '/publishers', '/goals', '/ad-sizes', '/recommended-products/', '/report/'];
const API_PREFIXES = ['/api/', '/v1/', '/docs', '/openapi.json', '/socket.io', '/health', '/ready', '/uploads/', ...RETAIL_MEDIA_PREFIXES];

/**
 * Serves the built SPA (when packages/web/dist exists) and answers unknown paths: browser
 * navigations get index.html so deep links load; everything else gets the 404 envelope.
 */
export default fp<{ webDist?: string }>(
  async (app, opts) => {
    const dist = opts.webDist && existsSync(join(opts.webDist, 'index.html')) ? opts.webDist : undefined;
    if (dist) {
      await app.register(fastifyStatic, { root: dist, wildcard: false, index: false, maxAge: '1h', immutable: false });
    }
    // Unknown paths count against the rate limit too, so probing for routes is not free.
    app.setNotFoundHandler({ preHandler: app.rateLimit() }, (request, reply) => {
      const path = request.url.split('?')[0]!;
      const wantsHtml = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
      if (dist && wantsHtml && !API_PREFIXES.some((p) => path.startsWith(p))) {
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      }
      return reply
        .status(404)
        .send(errorEnvelope(request, 'ROUTE_NOT_FOUND', 'ROUTE_NOT_FOUND', { method: request.method, url: path }));
    });
  },
  { name: 'spa', dependencies: ['errors', 'security'] },
);
