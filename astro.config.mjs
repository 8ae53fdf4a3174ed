// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import serviceWorker from './src/integrations/service-worker';
import compress from './src/integrations/compress';
import devApi from './src/integrations/dev-api';
import buildOutput from './src/integrations/build-output';
import headers from './src/integrations/headers';
import snapshot from './src/integrations/snapshot';

process.env.ASTRO_TELEMETRY_DISABLED = '1';

export default defineConfig({
  output: 'static',
  base: process.env.NUCLEUS_BASE || '/',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  // The API answers and cached pages are written first; the service worker is
  // generated before the compressed copies, which it does not list. The
  // snapshot for the content-only rebuild (scripts/build.ts) is taken last.
  integrations: [react(), buildOutput(), serviceWorker(), compress(), headers(), devApi(), snapshot()],
  server: { host: '127.0.0.1', port: 4321 },
  preview: { host: '127.0.0.1' },
  vite: {
    build: { chunkSizeWarningLimit: 1500 },
  },
});
