import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const api = process.env.API_URL ?? 'http://localhost:3000';
const proxied = ['/api', '/authenticate', '/changeaccount', '/password-recovery', '/update-password', '/app-info', '/openapi.json', '/docs', '/health', '/ready'];

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: {
      ...Object.fromEntries(proxied.map((p) => [p, api])),
      '/socket.io': { target: api, ws: true },
    },
  },
});
