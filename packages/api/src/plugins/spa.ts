import fp from 'fastify-plugin';
import { existsSync } from 'node:fs';
import { join, resolve, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorEnvelope } from './errors.ts';

/** Retail media's API keeps the paths of spec §7 (`/campaign/v2`, `/ad/actions/…`, `/audience/…`) at the root. */
const RETAIL_MEDIA_PREFIXES = ['/campaign', '/ad/', '/audience', '/configuration/', '/subpublishers', '/advertisers', '/publishers', '/goals', '/ad-sizes', '/recommended-products/', '/report/'];
/** Paths where spec §7 reads data at the very path of a §2 screen (`GET /shopping-cart/{id}`): a browser's page load gets the SPA. */
const SCREEN_AND_API_PREFIXES = ['/shopping-cart/'];
const API_PREFIXES = ['/public/', '/api/', '/v1/', '/docs', '/openapi.json', '/socket.io', '/health', '/ready', '/uploads/', ...RETAIL_MEDIA_PREFIXES];

/** A browser loading a page (not the SPA's own fetch, which sends a bearer token and asks for JSON). */
function isPageLoad(method: string, headers: Record<string, string | string[] | undefined>): boolean {
  return method === 'GET' && !headers.authorization && String(headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built SPA (when packages/web/dist exists) and answers unknown paths: browser
 * navigations get index.html so deep links load; everything else gets the 404 envelope.
 */
export default fp<{ webDist?: string }>(
  async (app, opts) => {
    const dist = opts.webDist && existsSync(join(opts.webDist, 'index.html')) ? opts.webDist : undefined;
    if (dist) {
      const hashed = join(resolve(dist), 'assets') + sep;
      await app.register(fastifyStatic, {
        root: dist,
        wildcard: false,
        index: false,
        // The web build writes a .br and a .gz beside each text asset (packages/web/vite.config.ts):
        // sent as they are to a browser that accepts them, with Vary: accept-encoding.
        preCompressed: true,
        cacheControl: false,
        // Vite names what it emits under assets/ by content hash, so a cached copy never goes stale;
        // anything else (index.html above all, which names the current hashes) is revalidated.
        setHeaders: (reply, path) => {
          reply.header('cache-control', path.startsWith(hashed) ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    }
    if (dist) {
      app.addHook('onRequest', async (request, reply) => {
        const path = request.url.split('?')[0]!;
        if (!SCREEN_AND_API_PREFIXES.some((p) => path.startsWith(p)) || !isPageLoad(request.method, request.headers)) return;
        return reply.header('cache-control', 'no-cache').sendFile('index.html');
      });
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
