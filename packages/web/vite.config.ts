/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import { defaultCodeSplitGroupings } from '@tanstack/router-plugin';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { precompress, pureContracts } from './vite-plugins.ts';

// The toasts' container on its own (src/main.tsx loads it lazily): through the package's index, the
// dynamic import would bring the whole package into the entry beside the store the screens import.
const notificationsContainer = join(dirname(dirname(createRequire(import.meta.url).resolve('@mantine/notifications'))), 'esm/Notifications.mjs');

const api = process.env.API_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/search', '/uploads', '/authenticate', '/changeaccount', '/password-recovery', '/update-password', '/app-info', '/openapi.json', '/docs', '/health', '/ready', '/v1',
  // Retail media keeps spec §7's root paths.
  '/campaign', '^/ad(/|\\?|$)', '/audience', '/configuration/', '/subpublishers', '/advertisers', '/publishers', '/goals', '/ad-sizes', '/recommended-products/', '/report/',
  // Slots keep spec §7's paths beside the screens' /logistic/slots/{mode}/…: only the API's own.
  '^/logistic/slots/(weekly|dates|without-work)', '^/logistic/slots(/\\d+)?(\\?|$)',
  // The customer's cart link (no login).
  '/public/',
  // Analytics cards (spec §7 POST /metabase/*): no screen has these paths.
  '/metabase/'];

// Every signed-out deep link lands on the sign-in page: it ships in the entry chunk, no second round trip.
const LOGIN_ROUTES = new Set(['/login/', '/login/$origin', '/auth/login']);

export default defineConfig({
  resolve: { alias: [{ find: /^@mantine\/notifications\/container$/, replacement: notificationsContainer }] },
  plugins: [
    tanstackRouter({
      target: 'react',
      routesDirectory: 'src/routes',
      generatedRouteTree: 'src/routeTree.gen.ts',
      autoCodeSplitting: true,
      codeSplittingOptions: {
        // A screen's loader goes with its component, so its feature code (queries, contracts) loads on demand;
        // its loading state too (shown after a second's wait, time enough to fetch it).
        defaultBehavior: [['loader', 'component'], ['errorComponent'], ['notFoundComponent'], ['pendingComponent']],
        // The private layout's loader (session data, the rest of pt-BR.json) stays in the entry: it
        // starts right away, alongside the layout's chunk, not after it.
        splitBehavior: ({ routeId }) => (LOGIN_ROUTES.has(routeId) ? [] : routeId === '/_private' ? defaultCodeSplitGroupings : undefined),
      },
    }),
    react(),
    precompress(),
    pureContracts(),
  ],
  build: {
    rolldownOptions: {
      // The contracts' schemas register OpenAPI metadata when built, a side effect the SPA has no use
      // for: a contracts module whose exports the SPA does not use is left out.
      treeshake: { moduleSideEffects: [{ test: /\/packages\/contracts\/src\//, sideEffects: false }] },
    },
  },
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, api])),
      '/socket.io': { target: api, ws: true },
      // Spec §7 reads a cart at GET /shopping-cart/{id}, the path of its screen (§2): a page load stays here.
      '/shopping-cart/': { target: api, bypass: (req) => ((req.headers.accept ?? '').includes('text/html') ? req.url : undefined) },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Form tests type into many fields; on a loaded 2-core machine 5 s is too tight.
    testTimeout: 15_000,
    // Vitest's default in run mode is one worker fewer than the cores: one worker on a 2-core CI machine.
    maxWorkers: 2,
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI ? { json: '../../.ci-results/web.json' } : undefined,
  },
});
