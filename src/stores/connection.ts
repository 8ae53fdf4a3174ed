/**
 * Is the reader offline, and loading a piece of code so that a failure can
 * be tried again: answers that do not depend on the browser's version.
 *
 * 1. `navigator.onLine` alone is not enough. Chromium 150 says `true` in a
 *    page that the service worker served while the network is down (a reload
 *    or a visit offline; Playwright's offline emulation shows it, and so do
 *    captive portals and networks without a way out). So a failed load asks
 *    the network too: a HEAD request for the site's root, which the service
 *    worker (GET routes only) and the HTTP cache (`no-store`) let through.
 * 2. A dynamic `import()` (or modulepreload) that failed is remembered by
 *    the document's module map in Chromium 150 and earlier (the HTML
 *    standard said so then), so importing the same file again rejects at
 *    once without a request; Chromium 156 fetches it again. A fresh address
 *    (`?retry=n`) helps only the file imported itself, not the files it
 *    imports (the sign-in dialogs and the account stores share one), so
 *    `fetchBeforeImport` fetches the files first and imports only once they
 *    came: a failure never reaches the module map.
 */
import { withBase } from '../config/base';

let probe: Promise<boolean> | null = null;
let probedAt = 0;
/** An answer is kept this long, so a burst of callers (a search per key press) sends one request. */
const KEEP_MS = 2000;

/** True when the browser says it is offline, or a request for the site's root cannot reach the server. */
export function offline(): Promise<boolean> {
  if (navigator.onLine === false) return Promise.resolve(true);
  if (probe && Date.now() - probedAt < KEEP_MS) return probe;
  probedAt = Date.now();
  probe = fetch(withBase('/'), { method: 'HEAD', cache: 'no-store' }).then(
    () => false,
    () => true,
  );
  return probe;
}

/**
 * Fetches, before `import()` asks for them, the built files that the module
 * at `importer` (its `import.meta.url`) loads lazily and whose names start
 * with one of `names` (Vite names them `name.hash.js`, and the importer's
 * text holds each as "./name.hash.js"). A fetch that fails leaves the module
 * map alone (point 2); the import that follows finds them in the HTTP cache
 * or the service worker's, and offline the worker answers for code it keeps. Rejects, naming the file,
 * when one cannot be fetched. Does nothing for a module whose text names
 * none (the dev server serves sources).
 */
export async function fetchBeforeImport(importer: string, names: string[]): Promise<void> {
  const text = await (await fetch(importer)).text();
  const pattern = new RegExp(`["'\`]\\./((?:${names.join('|')})\\.[\\w-]+\\.js)["'\`]`, 'g');
  const files = new Set([...text.matchAll(pattern)].map((m) => new URL(m[1], importer).href));
  await Promise.all(
    [...files].map(async (url) => {
      const response = await fetch(url).catch(() => null);
      if (!response?.ok) throw new Error(`Failed to fetch dynamically imported module: ${url}`);
    }),
  );
}
