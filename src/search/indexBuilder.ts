/**
 * Writes the search index (build side, but pure): one manifest, and per shard
 * an index file and a texts file (see format.ts for the shapes).
 */
import type { SearchSection } from '../content';
import {
  SEARCH_FORMAT_VERSION,
  PAGE_FIELDS,
  SECTION_FIELDS,
  encodeNumbers,
  encodePostings,
  indexTerms,
  slug,
  type Field,
  type SearchManifest,
  type SearchShard,
  type SearchTexts,
} from './format';

/** Site-relative address of the manifest. */
export const SEARCH_MANIFEST_PATH = '/search-index.json';

interface IndexPage {
  path: string;
  title: string;
  crumbs: string;
  kind: string;
  sections: SearchSection[];
}

const RESERVED = new Set(['drafts', 'catalogue', 'home']);

/**
 * The shard a page goes to: drafts together (only preview mode loads them),
 * catalogue entries together (small, and wanted for almost every query),
 * every other page with its top-level section.
 */
export function shardOf(section: Pick<SearchSection, 'path' | 'kind' | 'draft'>): string {
  if (section.draft) return 'drafts';
  if (section.kind !== 'page') return 'catalogue';
  const top = (section.path.split('/')[1] ?? '').toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  if (!top) return 'home';
  // A folder that happens to share a reserved name keeps a shard of its own.
  return RESERVED.has(top) ? `${top}-pages` : top;
}

/**
 * Pages of the index from the sections: a page's lead section (id = path)
 * starts it and its headed sections follow; each catalogue entry is a page of
 * its own (title = the entry's name, breadcrumb = the page listing it).
 */
function pagesOf(sections: SearchSection[]): IndexPage[] {
  const pages: IndexPage[] = [];
  let current: IndexPage | undefined;
  for (const s of sections) {
    const starts = !current || s.kind !== 'page' || s.id === s.path || s.path !== current.path;
    if (starts) {
      current = { path: s.path, title: s.pageTitle, crumbs: s.breadcrumb, kind: s.kind, sections: [] };
      pages.push(current);
      // A page that starts at a heading still gets a (empty) lead section.
      if (s.kind === 'page' && s.id !== s.path) current.sections.push({ ...s, id: s.path, anchor: undefined, heading: undefined, text: '' });
    }
    current!.sections.push(s);
  }
  return pages;
}

class PostingLists {
  readonly byTerm = new Map<string, Map<Field, { docs: number[]; counts: number[] }>>();

  add(field: Field, doc: number, text: string): number {
    const terms = indexTerms(text);
    const counts = new Map<string, number>();
    for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const [term, count] of counts) {
      let fields = this.byTerm.get(term);
      if (!fields) this.byTerm.set(term, (fields = new Map()));
      let list = fields.get(field);
      if (!list) fields.set(field, (list = { docs: [], counts: [] }));
      list.docs.push(doc);
      list.counts.push(count);
    }
    return terms.length;
  }
}

function indexOf(table: string[], value: string): number {
  let i = table.indexOf(value);
  if (i < 0) i = table.push(value) - 1;
  return i;
}

function buildShard(name: string, pages: IndexPage[], integrity: string): { shard: SearchShard; texts: SearchTexts } {
  const lists = new PostingLists();
  const lengths: Record<Field, number[]> = { title: [], crumbs: [], heading: [], labels: [], text: [] };
  const crumbTable: string[] = [];
  const kindTable: string[] = [];
  const crumbs: number[] = [];
  const kinds: number[] = [];
  const counts: number[] = [];
  const headings: string[] = [];
  const anchors: string[] = [];
  const texts: string[] = [];
  let section = 0;
  pages.forEach((page, p) => {
    lengths.title.push(lists.add('title', p, page.title));
    lengths.crumbs.push(lists.add('crumbs', p, page.crumbs));
    crumbs.push(indexOf(crumbTable, page.crumbs));
    kinds.push(indexOf(kindTable, page.kind));
    counts.push(page.sections.length);
    for (const s of page.sections) {
      const heading = s.heading ?? '';
      if (heading && !s.anchor) throw new Error(`Search index: the heading "${heading}" on ${s.path} has no anchor to link to.`);
      headings.push(heading);
      anchors.push(s.anchor && heading && slug(heading) === s.anchor ? '' : (s.anchor ?? ''));
      lengths.heading.push(lists.add('heading', section, heading));
      lengths.labels.push(lists.add('labels', section, s.labels ?? ''));
      lengths.text.push(lists.add('text', section, s.text));
      texts.push(s.text);
      section++;
    }
  });
  const terms = [...lists.byTerm.keys()].sort();
  const postings = Object.fromEntries(
    [...PAGE_FIELDS, ...SECTION_FIELDS].map((field) => [
      field,
      terms.map((t) => {
        const list = lists.byTerm.get(t)!.get(field);
        return list ? encodePostings(list.docs, list.counts) : '';
      }),
    ]),
  ) as Record<Field, string[]>;
  const shard: SearchShard = {
    version: SEARCH_FORMAT_VERSION,
    integrity,
    name,
    drafts: name === 'drafts',
    crumbTable,
    kindTable,
    paths: pages.map((p) => p.path),
    titles: pages.map((p) => p.title),
    crumbs: encodeNumbers(crumbs),
    kinds: encodeNumbers(kinds),
    sectionCounts: encodeNumbers(counts),
    headings,
    anchors,
    lengths: Object.fromEntries(Object.entries(lengths).map(([f, v]) => [f, encodeNumbers(v)])) as Record<Field, string>,
    terms,
    postings,
  };
  return { shard, texts: { version: SEARCH_FORMAT_VERSION, integrity, name, texts } };
}

export interface SearchFiles {
  manifest: SearchManifest;
  /** Site-relative address → JSON text, the manifest included. */
  files: Map<string, string>;
}

/** Shards built before, by the hash of their sections (the incremental build's cache). */
export interface ShardCache {
  /** A hash of a text (the caller's: this module runs in the browser too). */
  hash(text: string): string;
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
}

interface CachedShard {
  /** The shard's two files with INTEGRITY_MARK for the integrity. */
  index: string;
  text: string;
  drafts: boolean;
  pages: number;
  sections: number;
}

/** Stands for the integrity in a cached shard; written only as the value of its `integrity` key. */
const INTEGRITY_MARK = 'nucleus-integrity-mark';
const markField = `"integrity":${JSON.stringify(INTEGRITY_MARK)}`;

/**
 * Every shard carries the build's integrity, which changes with any content
 * change; the rest of a shard is a function of its sections. A cached shard is
 * kept with a mark for the integrity, and the mark is replaced in the one
 * place JSON.stringify put it (the `integrity` key comes before any text, and
 * a quote inside text is escaped, so the marked field cannot occur in text).
 */
function withIntegrity(json: string, integrity: string): string {
  const at = json.indexOf(markField);
  if (at < 0) throw new Error('Search index: a cached shard lacks its integrity mark.');
  return json.slice(0, at) + `"integrity":${JSON.stringify(integrity)}` + json.slice(at + markField.length);
}

function buildShardFiles(name: string, list: SearchSection[]): CachedShard {
  const pages = pagesOf(list);
  const { shard, texts } = buildShard(name, pages, INTEGRITY_MARK);
  return { index: JSON.stringify(shard), text: JSON.stringify(texts), drafts: shard.drafts, pages: pages.length, sections: texts.texts.length };
}

/**
 * Builds every shard of the index from the site's sections and catalogue
 * entries. With a cache, a shard whose sections are unchanged is not built
 * again; the files are the same either way.
 */
export function createSearchIndex(sections: SearchSection[], integrity: string, cache?: ShardCache): SearchFiles {
  const byShard = new Map<string, SearchSection[]>();
  for (const s of sections) {
    const name = shardOf(s);
    let list = byShard.get(name);
    if (!list) byShard.set(name, (list = []));
    list.push(s);
  }
  const manifest: SearchManifest = { version: SEARCH_FORMAT_VERSION, integrity, shards: [] };
  const files = new Map<string, string>();
  for (const [name, list] of [...byShard].sort(([a], [b]) => a.localeCompare(b))) {
    const key = cache && `${SEARCH_FORMAT_VERSION}:${name}:${cache.hash(JSON.stringify(list))}`;
    let built = key ? cache!.get<CachedShard>(key) : undefined;
    if (!built) {
      built = buildShardFiles(name, list);
      if (key) cache!.set(key, built);
    }
    const info = { name, index: `/search/${name}.json`, text: `/search/${name}.text.json`, drafts: built.drafts, pages: built.pages, sections: built.sections };
    manifest.shards.push(info);
    files.set(info.index, withIntegrity(built.index, integrity));
    files.set(info.text, withIntegrity(built.text, integrity));
  }
  files.set(SEARCH_MANIFEST_PATH, JSON.stringify(manifest));
  return { manifest, files };
}
