/**
 * States the end-to-end tests await instead of sleeping (issue 27): a server
 * that answers, a document IndexedDB holds.
 */
import type { ChildProcess } from 'node:child_process';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';

/**
 * Resolves once `url` answers with a 2xx status. Fails at once, with a clear
 * sentence, when the server's process exits first; after `timeout` ms when it
 * never answers. (Nothing announces "listening" but the answer itself, so it
 * is asked again at Playwright's polling intervals.)
 */
export async function serverAnswers(url: string, server: ChildProcess, timeout: number): Promise<void> {
  let state = 'not answering';
  await expect
    .poll(
      async () => {
        if (server.exitCode !== null || server.signalCode !== null) return (state = `exited (${server.signalCode ?? server.exitCode}) before answering`);
        try {
          return (state = (await fetch(url)).ok ? 'answers' : 'not answering');
        } catch {
          return (state = 'not answering');
        }
      },
      { timeout, message: `the server at ${url} did not answer within ${timeout / 1000} s` },
    )
    .not.toBe('not answering');
  if (state !== 'answers') throw new Error(`the server for ${url} ${state}`);
}

/** The name IndexedDB holds for document `id` (what an autosave wrote), or null when it holds none. */
export function storedName(page: Page, id: string): Promise<string | null> {
  return page.evaluate(
    (docId) =>
      new Promise<string | null>((resolve, reject) => {
        const open = indexedDB.open('nucleus-documents');
        // No database yet: never create one (the app's upgrade would then skip its first stores).
        open.onupgradeneeded = () => open.transaction!.abort();
        open.onerror = () => (open.error?.name === 'AbortError' ? resolve(null) : reject(open.error));
        open.onsuccess = () => {
          const db = open.result;
          const get = db.transaction('documents').objectStore('documents').get(docId);
          get.onsuccess = () => (db.close(), resolve((get.result as { name?: string } | undefined)?.name ?? null));
          get.onerror = () => (db.close(), reject(get.error));
        };
      }),
    id,
  );
}
