/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { tanstackRouter } from '@tanstack/router-plugin/vite';

const api = process.env.API_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/search', '/uploads', '/authenticate', '/changeaccount', '/password-recovery', '/update-password', '/app-info', '/openapi.json', '/docs', '/health', '/ready', '/v1',
  // Retail media keeps spec §7's root paths.
  '/campaign', '^/ad(/|\\?|$)', '/audience', '/configuration/', '/subpublishers', '/advertisers', '/publishers', '/goals', '/ad-sizes', '/recommended-products/', '/report/'];

export default defineConfig({
  plugins: [
    tanstackRouter({ target: 'react', routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts', autoCodeSplitting: true }),
    react(),
  ],
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, api])),
      '/socket.io': { target: api, ws: true },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Form tests type into many fields; on a loaded 2-core machine 5 s is too tight.
    testTimeout: 15_000,
    reporters: process.env.CI ? ['default', 'json'] : ['default'],
    outputFile: process.env.CI ? { json: '../../.ci-results/web.json' } : undefined,
  },
});
