/**
 * Generates the service worker after the build (workbox-build): the precache
 * list comes from the files in dist/, never from a hand-kept list.
 *
 * Precached: the app shell (scripts, styles, icons), the home page, the
 * editors, the offline page, the search index (manifest, shards and their
 * section texts) and the content database.
 * Every other page is cached when visited (stale-while-revalidate); a page
 * never visited falls back to the offline page.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { generateSW } from 'workbox-build';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** `nucleus/CoreEditor` → `nucleus/CoreEditor/index.html`, for each page folder under `dir`. */
function pageFolders(out: string, dir: string): [string, string[]][] {
  const base = join(out, dir);
  if (!existsSync(base)) return [];
  const pages: [string, string[]][] = existsSync(join(base, 'index.html')) ? [[dir, [`${dir}/index.html`]]] : [];
  for (const name of readdirSync(base)) {
    if (existsSync(join(base, name, 'index.html'))) pages.push([`${dir}/${name}`, [`${dir}/${name}/index.html`]]);
  }
  return pages;
}

export default function serviceWorker(): AstroIntegration {
  return {
    name: 'nucleus:service-worker',
    hooks: {
      'astro:build:done': async ({ dir, logger }) => {
        const out = fileURLToPath(dir);
        const { count, size, warnings } = await generateSW({
          globDirectory: out,
          globPatterns: [
            '_astro/**/*.{js,css,woff2,wasm}',
            'favicon.svg',
            'manifest.webmanifest',
            'icons/*.png',
            'index.html',
            '404.html',
            'offline/index.html',
            'nucleus/index.html',
            'nucleus/*/index.html',
            'search-index.json',
            'search/*.json',
            'content.sqlite',
            'sql-wasm.wasm',
          ],
          // The Firebase SDK loads only for signed-in readers; never precache it for everyone.
          globIgnores: ['sw.js', 'workbox-*.js', '_astro/sdk.*.js'],
          // Pages are linked without a trailing slash (/nucleus/CoreEditor):
          // precache them under that address too.
          templatedURLs: Object.fromEntries([...pageFolders(out, 'nucleus'), ...pageFolders(out, 'offline')]),
          swDest: `${out}/sw.js`,
          inlineWorkboxRuntime: true,
          mode: 'production',
          sourcemap: false,
          cleanupOutdatedCaches: true,
          clientsClaim: true,
          // The new-version notice asks the waiting worker to take over.
          skipWaiting: false,
          maximumFileSizeToCacheInBytes: 30 * 1024 * 1024,
          // Pages are addressed as folders (`/rules/combat/`): one cache key.
          directoryIndex: 'index.html',
          ignoreURLParametersMatching: [/^utm_/, /^fbclid$/, /^preview$/],
          runtimeCaching: [
            {
              urlPattern: ({ request }) => request.mode === 'navigate',
              handler: 'StaleWhileRevalidate',
              options: {
                cacheName: 'nucleus-pages',
                precacheFallback: { fallbackURL: 'offline/index.html' },
                expiration: { maxEntries: 2000 },
              },
            },
            {
              urlPattern: ({ url }) => /\/api\/content\//.test(url.pathname) || /\/builds\/meta\//.test(url.pathname),
              handler: 'StaleWhileRevalidate',
              options: { cacheName: 'nucleus-data', expiration: { maxEntries: 4000 } },
            },
          ],
        });
        for (const w of warnings) logger.warn(w);
        logger.info(`service worker: ${count} files precached (${(size / 1024).toFixed(0)} KiB)`);
      },
    },
  };
}
