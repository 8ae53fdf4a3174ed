/**
 * Loads the search index in the browser: the manifest, then every published
 * shard in parallel (the drafts shard only in preview mode), and each shard's
 * section texts only when one of its sections is shown as a result. The
 * service worker precaches all of these files, so search works offline.
 */
import { SearchEngine, SEARCH_FORMAT_VERSION, SEARCH_MANIFEST_PATH, type SearchManifest, type SearchShard, type SearchTexts } from '../../search';
import { withBase } from '../../config/base';

async function getJson<T>(path: string, what: string): Promise<T> {
  let response: Response;
  try {
    response = await fetch(withBase(path));
  } catch {
    throw new Error(`The search index could not be loaded (${what}): check the connection and try again.`);
  }
  if (!response.ok) throw new Error(`The search index could not be loaded (${what}: HTTP ${response.status}).`);
  return (await response.json()) as T;
}

let manifest: Promise<SearchManifest> | null = null;
const engine = new SearchEngine();
const shards = new Map<string, Promise<void>>();
const texts = new Map<string, Promise<void>>();

function getManifest(): Promise<SearchManifest> {
  manifest ??= getJson<SearchManifest>(SEARCH_MANIFEST_PATH, 'search-index.json')
    .then((m) => {
      if (m.version !== SEARCH_FORMAT_VERSION) {
        throw new Error(`The search index has format ${m.version}, this page reads format ${SEARCH_FORMAT_VERSION}: reload the page to get the current site.`);
      }
      return m;
    })
    .catch((e: unknown) => {
      manifest = null;
      throw e;
    });
  return manifest;
}

/** Loads (once) and returns the engine with the published shards, and the drafts when asked. */
export async function loadIndex(options: { drafts?: boolean } = {}): Promise<SearchEngine> {
  const m = await getManifest();
  await Promise.all(
    m.shards
      .filter((s) => !s.drafts || options.drafts)
      .map((s) => {
        let loading = shards.get(s.name);
        if (!loading) {
          loading = getJson<SearchShard>(s.index, `shard ${s.name}`)
            .then((data) => engine.addShard(data))
            .catch((e: unknown) => {
              shards.delete(s.name);
              throw e;
            });
          shards.set(s.name, loading);
        }
        return loading;
      }),
  );
  return engine;
}

/** Loads (once) the section texts of the named shards, for excerpts. */
export async function loadTexts(names: string[]): Promise<void> {
  const m = await getManifest();
  await Promise.all(
    names.map((name) => {
      const info = m.shards.find((s) => s.name === name);
      if (!info) return Promise.resolve();
      let loading = texts.get(name);
      if (!loading) {
        loading = getJson<SearchTexts>(info.text, `texts of ${name}`)
          .then((data) => engine.addTexts(data))
          .catch((e: unknown) => {
            texts.delete(name);
            throw e;
          });
        texts.set(name, loading);
      }
      return loading;
    }),
  );
}
