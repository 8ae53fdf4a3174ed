// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import serviceWorker from './src/build/serviceWorker';
import compress from './src/build/compress';
import devApi from './src/integrations/dev-api';
import buildOutput from './src/build/output';
import headers from './src/build/headers';
import security, { securityChecked } from './src/integrations/security';
import snapshot from './src/build/snapshot';

process.env.ASTRO_TELEMETRY_DISABLED = '1';

// The site's public origin, for sitemap.xml, robots.txt and canonical and
// og: links (absolute by definition). NUCLEUS_SITE names it; without it, the
// Firebase Hosting address of the project the site deploys to.
const site = process.env.NUCLEUS_SITE || `https://${process.env.PUBLIC_FIREBASE_PROJECT_ID || 'demo-nucleus'}.web.app`;

/** Modules that keep a chunk of their own (`manualChunks` below): module path → chunk name. */
const FIRST_USE_CHUNKS = [
  ['/src/rules/documents.ts', 'documents'],
  ['/src/storage/transfer.ts', 'transfer'],
  ['/src/components/library/actions.ts', 'library-actions'],
];

export default defineConfig({
  output: 'static',
  site,
  base: process.env.NUCLEUS_BASE || '/',
  trailingSlash: 'ignore',
  // Stylesheets are always files, never inlined: a chunk under Vite's 4 KB
  // limit would otherwise be copied into every page (4 KB × 5,000 pages is
  // 20 MB, docs/performance.md "Output size"); a file is fetched once and cached.
  build: { format: 'directory', inlineStylesheets: 'never' },
  // Links are prefetched by src/scripts/prefetch.ts alone (at most 4 in flight, SPEC §9), not also by Astro's.
  prefetch: false,
  // The pages Astro rendered are checked against the Content-Security-Policy
  // (listed before the cached ones are copied in, read on a worker thread
  // until securityChecked). The API answers and cached pages
  // are written next; the service worker is generated before the compressed
  // copies, which it does not list. The snapshot for the content-only rebuild
  // (scripts/build.ts) is taken last.
  integrations: [react(), security(), buildOutput(), serviceWorker(), compress(), headers(), devApi(), securityChecked(), snapshot()],
  server: { host: '127.0.0.1', port: 4321 },
  preview: { host: '127.0.0.1' },
  vite: {
    build: {
      chunkSizeWarningLimit: 1500,
      // Page scripts stay files, never inline <script type="module">: the
      // client router would load a data: URL script after running one, which
      // the Content-Security-Policy blocks (src/security/policy.ts).
      assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
      rollupOptions: {
        output: {
          // What an editor loads on first use keeps a file of its own: the
          // document parser (first save) and the file format (export,
          // import). The editors are dynamic imports of one script
          // (src/editors/mount.ts), and Rollup would otherwise put both in
          // one chunk with the library's actions (which import the file
          // format), so an editor's first save fetched the export code too. Only the modules named move: their
          // dependencies stay where Rollup puts them (without the option
          // below they would follow them in).
          manualChunks: (id) => FIRST_USE_CHUNKS.find(([file]) => id.endsWith(file))?.[1],
          onlyExplicitManualChunks: true,
        },
      },
    },
  },
});
