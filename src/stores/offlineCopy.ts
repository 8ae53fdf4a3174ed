/**
 * "Save for offline" without the page (issue 37): what the offline copy
 * will cost, what is left to fetch when it resumes, whether the device has
 * room, the download itself and its removal. The dialog
 * (src/scripts/offline-copy.ts) only shows these; the functions take the
 * Cache Storage cache and fetch they work on, so they run in Node too.
 */

/** The build's list of the copy's files (src/build/offlineCopy.ts): [site-relative address, bytes]. */
export interface CopyList {
  /** The build it lists: pages saved from another build are fetched again. */
  build: string;
  pages: number;
  files: [string, number][];
}

/** Files whose name is their content's hash (Vite's `_astro/`): saved once, right in every build that names them. */
const CONTENT_NAMED = /^_astro\//;

/** A failure a reader is told about in a sentence (the dialog shows `message` as it is). */
export class OfflineCopyError extends Error {
  override name = 'OfflineCopyError';
}

/** The list as fetched, checked: a damaged list would save part of the site and call it whole. */
export function readCopyList(data: unknown): CopyList {
  const d = data as Partial<CopyList> | null;
  const valid =
    typeof d === 'object' && d !== null && Number.isInteger(d.pages) && Array.isArray(d.files) &&
    d.files.every((f) => Array.isArray(f) && typeof f[0] === 'string' && Number.isFinite(f[1]) && f[1] >= 0);
  if (!valid || typeof (d.build ?? '') !== 'string') throw new OfflineCopyError('The list of files to save is damaged on the site: nothing was saved. Reload the page and try again.');
  return { build: d.build ?? '', pages: d.pages!, files: d.files! };
}

/** Bytes as a reader reads a download's size: `340 KB`, `1.2 MB`, `38 MB` (1 MB = 1,000,000 bytes, as browsers show downloads). */
export function formatBytes(bytes: number): string {
  if (bytes < 1e6) return `${Math.max(1, Math.round(bytes / 1e3))} KB`;
  const mb = bytes / 1e6;
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb).toLocaleString('en-US')} MB`;
}

export const totalBytes = (files: readonly [string, number][]): number => files.reduce((sum, [, bytes]) => sum + bytes, 0);

/** What the action downloads, said before it starts: "All 33 pages and search: 1.2 MB to download." */
export function downloadSentence(list: CopyList): string {
  const pages = `${list.pages.toLocaleString('en-US')} page${list.pages === 1 ? '' : 's'}`;
  return `All ${pages} and search: ${formatBytes(totalBytes(list.files))} to download.`;
}

/** Where the copy stands against the list: what is saved, what is left, what no longer belongs. */
export interface CopyPlan {
  /** Files of the list not in the cache yet, in the list's order. */
  left: [string, number][];
  leftBytes: number;
  /** Files and bytes already saved. */
  doneFiles: number;
  doneBytes: number;
  /** Cached addresses the list no longer names (an earlier build's files): removed once the copy is complete. */
  stale: string[];
  complete: boolean;
}

/**
 * Compares the list with the addresses `saved` in the copy's cache, each
 * file named by `address(file)` (the absolute URL it is cached under). On a
 * resume only what is missing is fetched. `savedBuild`: the build the copy
 * was saved from (its stored list); from another build, only content-named
 * files count as saved, and every page and search file is fetched again.
 * `keep`: addresses that are not files of the list but belong in the cache
 * (the list itself).
 */
export function planCopy(list: CopyList, saved: ReadonlySet<string>, address: (file: string) => string, options: { savedBuild?: string; keep?: ReadonlySet<string> } = {}): CopyPlan {
  const sameBuild = options.savedBuild === undefined || options.savedBuild === list.build;
  const left = list.files.filter(([file]) => !saved.has(address(file)) || (!sameBuild && !CONTENT_NAMED.test(file)));
  const named = new Set(list.files.map(([file]) => address(file)));
  const leftBytes = totalBytes(left);
  return {
    left,
    leftBytes,
    doneFiles: list.files.length - left.length,
    doneBytes: totalBytes(list.files) - leftBytes,
    stale: [...saved].filter((url) => !named.has(url) && !options.keep?.has(url)),
    complete: left.length === 0,
  };
}

/** Where a partly saved copy stands, for the dialog: "240 KB of 1.2 MB saved; 960 KB left to download." */
export function progressSentence(plan: CopyPlan): string {
  return `${formatBytes(plan.doneBytes)} of ${formatBytes(plan.doneBytes + plan.leftBytes)} saved; ${formatBytes(plan.leftBytes)} left to download.`;
}

/**
 * Refuses before downloading when the browser says the site has not room
 * for what is left (`navigator.storage.estimate()`): the sentence to show,
 * or null to go ahead. A browser that cannot say is trusted to have room.
 */
export function roomRefusal(estimate: { quota?: number; usage?: number } | undefined, needed: number): string | null {
  if (!estimate || typeof estimate.quota !== 'number') return null;
  const free = Math.max(0, estimate.quota - (estimate.usage ?? 0));
  if (free >= needed) return null;
  return `This device has room for ${formatBytes(free)} more for this site, and the offline copy needs ${formatBytes(needed)}: nothing was downloaded. Free some space, then try again.`;
}

/** The parts of the Cache API the copy uses (a Cache Storage cache in the browser). */
export type CopyCache = Pick<Cache, 'put' | 'keys' | 'delete'>;

/** Progress as files and bytes saved of the whole copy (counting what an earlier run saved). */
export interface CopyProgress {
  files: number;
  bytes: number;
}

/** The addresses a cache holds. */
export async function savedAddresses(cache: Pick<Cache, 'keys'>): Promise<Set<string>> {
  return new Set((await cache.keys()).map((r) => r.url));
}

/** Requests at once: enough to fill a connection, few enough to leave it usable for reading. */
export const COPY_CONCURRENCY = 4;

export interface SaveOptions {
  plan: CopyPlan;
  list: CopyList;
  /** Where the list is kept in the cache (the dialog reads it offline), and the build of the list kept there now, if any. */
  listAddress: string;
  savedBuild?: string;
  cache: CopyCache;
  address: (file: string) => string;
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  signal: AbortSignal;
  onProgress: (progress: CopyProgress) => void;
  concurrency?: number;
}

/** A response as the cache should keep it: a redirected one is refused as a page's answer, so its body is kept as a plain one. */
async function keepable(response: Response): Promise<Response> {
  if (!response.redirected) return response;
  return new Response(await response.blob(), { status: response.status, statusText: response.statusText, headers: response.headers });
}

/**
 * Fetches what the plan has left into the cache, a few files at a time.
 * Resolves 'saved' when every file is in, 'cancelled' when `signal`
 * aborted (what was saved stays, for a resume); throws OfflineCopyError
 * when a file cannot be fetched. The list is kept in the cache at the start
 * when it is the saved copy's build (or there is none), else once complete:
 * its build then stands for every page in the cache. An earlier build's
 * files are removed only once complete, while no saved page names them.
 */
export async function saveCopy(o: SaveOptions): Promise<'saved' | 'cancelled'> {
  const keepList = () => o.cache.put(o.listAddress, new Response(JSON.stringify(o.list), { headers: { 'content-type': 'application/json' } }));
  if (o.savedBuild === undefined || o.savedBuild === o.list.build) await keepList();
  const queue = [...o.plan.left];
  const done: CopyProgress = { files: o.plan.doneFiles, bytes: o.plan.doneBytes };
  let failure: OfflineCopyError | null = null;
  const worker = async (): Promise<void> => {
    while (queue.length > 0 && !o.signal.aborted && !failure) {
      const [file, bytes] = queue.shift()!;
      const url = o.address(file);
      try {
        const response = await o.fetch(url, { signal: o.signal, credentials: 'same-origin' });
        if (!response.ok) throw new OfflineCopyError(`The site answered ${response.status} for ${file || 'the home page'}`);
        await o.cache.put(url, await keepable(response));
      } catch (e) {
        if (o.signal.aborted) return;
        failure ??= new OfflineCopyError(
          `The download stopped after ${done.files.toLocaleString('en-US')} of ${o.list.files.length.toLocaleString('en-US')} files: ${e instanceof OfflineCopyError ? e.message : 'the connection was lost'}. What was saved is kept: resume when you are online.`,
        );
        return;
      }
      done.files++;
      done.bytes += bytes;
      o.onProgress({ ...done });
    }
  };
  await Promise.all(Array.from({ length: o.concurrency ?? COPY_CONCURRENCY }, worker));
  if (failure) throw failure;
  if (o.signal.aborted) return 'cancelled';
  await keepList();
  for (const url of o.plan.stale) await o.cache.delete(url);
  return 'saved';
}

/** Frees the offline copy: its whole cache. True when there was one. */
export function removeCopy(storage: Pick<CacheStorage, 'delete'>, cacheName: string): Promise<boolean> {
  return storage.delete(cacheName);
}
