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

/**
 * The small modules every page's script imports (the layout's script and the
 * client router's): named, not matched by folder, because a group takes its
 * modules' dependencies with it and a store that an island imports would
 * bring Firebase into every page (tests/e2e/budget.spec.ts holds the line).
 */
const PAGE_SHARED = [
  '/src/stores/app.ts',
  '/src/stores/preview.ts',
  '/src/auth/hint.ts',
  '/src/config/base.ts',
  '/src/config/offline.ts',
  '/src/scripts/lifecycle.ts',
  '/node_modules/nanostores/atom/index.js',
  'vite/preload-helper.js',
  // Astro's client router (every page has it): one file less to fetch and unzip on its own.
  '/node_modules/astro/dist/transitions/',
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
  vite: {
    build: {
      chunkSizeWarningLimit: 1500,
      // Page scripts stay files, never inline <script type="module">: the
      // client router would load a data: URL script after running one, which
      // the Content-Security-Policy blocks (src/security/policy.ts).
      assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
      // No manual chunks: Rolldown (Vite 8) gives each dynamically imported
      // module a chunk of its own, so what an editor loads on first use (the
      // document parser, src/rules/documents.ts; the file format,
      // src/storage/transfer.ts) stays out of the page script without the
      // `manualChunks` Rollup needed (tests/e2e/budget.spec.ts).
    },
    environments: {
      client: {
        build: {
          rolldownOptions: {
            output: {
              codeSplitting: {
                groups: [
                  {
                    // The small modules every page's script shares, in one
                    // file instead of one each (each file of a few hundred
                    // bytes costs its own gzip and import overhead: 0.8 KB
                    // of a content page's 15 KB budget).
                    name: 'page-shared',
                    tags: ['$initial'],
                    test: (id) => PAGE_SHARED.some((file) => (file.endsWith('/') ? id.includes(file) : id.endsWith(file))),
                  },
                ],
              },
            },
          },
        },
      },
    },
  },
});
