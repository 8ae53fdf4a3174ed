// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import serviceWorker from './src/build/serviceWorker';
import compress from './src/build/compress';
import devApi from './src/integrations/dev-api';
import buildOutput from './src/build/output';
import headers from './src/build/headers';
import security from './src/integrations/security';
import snapshot from './src/build/snapshot';

process.env.ASTRO_TELEMETRY_DISABLED = '1';

export default defineConfig({
  output: 'static',
  base: process.env.NUCLEUS_BASE || '/',
  trailingSlash: 'ignore',
  build: { format: 'directory' },
  // The pages Astro rendered are checked against the Content-Security-Policy
  // before the cached ones are copied in. The API answers and cached pages
  // are written next; the service worker is generated before the compressed
  // copies, which it does not list. The snapshot for the content-only rebuild
  // (scripts/build.ts) is taken last.
  integrations: [react(), security(), buildOutput(), serviceWorker(), compress(), headers(), devApi(), snapshot()],
  server: { host: '127.0.0.1', port: 4321 },
  preview: { host: '127.0.0.1' },
  vite: {
    build: {
      chunkSizeWarningLimit: 1500,
      // Page scripts stay files, never inline <script type="module">: the
      // client router would load a data: URL script after running one, which
      // the Content-Security-Policy blocks (src/security/policy.ts).
      assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
    },
  },
});
