/**
 * Keeps an open editor's whole code in the service worker's asset cache, so
 * that an editor once used works offline: its import, export, share and
 * parser code loads on a click, and a click made offline would find none of
 * it. The build lists each editor's files by kind (src/build/precache.ts);
 * nothing is precached for readers who never open an editor.
 */
import { SITE_ROOT } from '../config/base';
import { ASSETS_CACHE, EDITOR_CODE_FILE } from '../config/offline';

/** Caches the files of editor `kind` not cached yet (production builds with Cache Storage only). */
export async function keepEditorCode(kind: string): Promise<void> {
  if (!import.meta.env.PROD || typeof caches === 'undefined' || !navigator.onLine) return;
  const response = await fetch(`${SITE_ROOT}${EDITOR_CODE_FILE}`);
  if (!response.ok) return;
  const files = ((await response.json()) as Record<string, string[] | undefined>)[kind] ?? [];
  const cache = await caches.open(ASSETS_CACHE);
  for (const file of files) {
    const url = new URL(`${SITE_ROOT}${file}`, location.href).href;
    if (!(await cache.match(url))) await cache.add(url);
  }
}
