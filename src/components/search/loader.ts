/**
 * Loads the search index in the browser: the manifest when search is first
 * opened (the drafts' head joins in preview mode), then the part files each
 * search asks for (src/search/format.ts F1–F3), each fetched once. The
 * service worker keeps each file once fetched (network first), so offline a
 * search answers from what was fetched and says what it cannot reach.
 */
import { SearchEngine, SEARCH_MANIFEST_PATH, type SearchManifest, type SearchPart } from '../../search';
import { withBase } from '../../config/base';
import { offline } from '../../stores/connection';

async function getJson<T>(path: string, what: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(withBase(path));
  } catch {
    // navigator.onLine can say online while the network is down (stores/connection.ts).
    if (await offline()) {
      throw new Error(`You are offline, and this part of the search index (${what}) is not saved on this device: search again once you are online.`);
    }
    throw new Error(`The search index could not be loaded (${what}): check the connection and try again.`);
  }
  if (!response.ok) throw new Error(`The search index could not be loaded (${what}: HTTP ${response.status}).`);
  return (await response.json()) as T;
}

/** A load kept once started; forgotten when it fails, so the next search tries again. */
function once<T>(cache: Map<string, Promise<T>>, key: string, start: () => Promise<T>): Promise<T> {
  let loading = cache.get(key);
  if (!loading) {
    loading = start().catch((e: unknown) => {
      cache.delete(key);
      throw e;
    });
    cache.set(key, loading);
  }
  return loading;
}

const engine = new SearchEngine();
const manifests = new Map<string, Promise<SearchManifest>>();
const heads = new Map<string, Promise<void>>();
const parts = new Map<string, Promise<void>>();

/** Loads (once) and returns the engine with the published index, and the drafts' when asked. */
export async function loadIndex(options: { drafts?: boolean } = {}): Promise<SearchEngine> {
  const manifest = await once(manifests, SEARCH_MANIFEST_PATH, () => getJson<SearchManifest>(SEARCH_MANIFEST_PATH, 'search-index.json'));
  await once(heads, options.drafts ? 'drafts' : 'site', async () => engine.addManifest(manifest, options));
  return engine;
}

/** Loads (once each) part files a search asked for (`SearchResults.missing`, `missingTexts`). */
export async function loadParts(paths: string[]): Promise<void> {
  await Promise.all(paths.map((path) => once(parts, path, () => getJson<SearchPart>(path, path.replace(/^\/search\//, '')).then((data) => engine.addPart(data)))));
}
