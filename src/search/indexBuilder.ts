/**
 * Writes the search index (build side, but pure): the manifest with each
 * index's head, and each index's postings, page and text parts (format.ts,
 * F1–F4, says why it is cut this way).
 *
 * The work is done per group of pages (a top-level section, the catalogue
 * entries, the drafts), which the incremental build caches: a group whose
 * sections did not change is not tokenised again, only merged.
 */
import type { GlossaryEntry, SearchSection } from '../content';
import { aliasMapOf } from './aliases';
import {
  SEARCH_FORMAT_VERSION,
  SEARCH_MANIFEST_PATH,
  ALL_FIELDS,
  cutIntoParts,
  shiftPostings,
  encodeNumbers,
  encodePostings,
  indexTerms,
  isPageField,
  partPath,
  slug,
  type Field,
  type IndexHead,
  type PagesPart,
  type PartBase,
  type PartKind,
  type PostingsPart,
  type SearchManifest,
  type TextsPart,
} from './format';

export { SEARCH_MANIFEST_PATH };

// Part sizes (characters of JSON): a postings part is fetched for a query
// word, a page part for results on screen, a text part for their excerpts.
// Small enough that a query fetches little it does not show, large enough
// that a site of a few hundred pages is a handful of files.
const POSTINGS_PART_CHARS = 16_000;
const PAGES_PART_CHARS = 4_000;
const TEXTS_PART_CHARS = 8_000;

interface IndexPage {
  path: string;
  title: string;
  crumbs: string;
  kind: string;
  sections: SearchSection[];
}

const RESERVED = new Set(['drafts', 'catalogue', 'home']);

/**
 * The group a page is built and cached with: drafts together (the drafts
 * index), catalogue entries together, every other page with its top-level
 * section.
 */
export function groupOf(section: Pick<SearchSection, 'path' | 'kind' | 'draft'>): string {
  if (section.draft) return 'drafts';
  if (section.kind !== 'page') return 'catalogue';
  const top = (section.path.split('/')[1] ?? '').toLowerCase().replace(/[^a-z0-9-]+/g, '-');
  if (!top) return 'home';
  // A folder that happens to share a reserved name keeps a group of its own.
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

interface PostingList {
  docs: number[];
  counts: number[];
  lengths: number[];
}

class PostingLists {
  readonly byTerm = new Map<string, Partial<Record<Field, PostingList>>>();
  readonly totals = Object.fromEntries(ALL_FIELDS.map((f) => [f, 0])) as Record<Field, number>;

  add(field: Field, doc: number, text: string): void {
    const terms = indexTerms(text);
    this.totals[field] += terms.length;
    const counts = new Map<string, number>();
    for (const t of terms) counts.set(t, (counts.get(t) ?? 0) + 1);
    for (const [term, count] of counts) {
      let fields = this.byTerm.get(term);
      if (!fields) this.byTerm.set(term, (fields = {}));
      const list = (fields[field] ??= { docs: [], counts: [], lengths: [] });
      list.docs.push(doc);
      list.counts.push(count);
      list.lengths.push(terms.length);
    }
  }
}

/** A group's pages tokenised, with its own page and section numbers (what the build cache keeps). */
interface BuiltGroup {
  pages: { path: string; title: string; crumbs: string; kind: string; sections: number }[];
  headings: string[];
  anchors: string[];
  texts: string[];
  totals: Record<Field, number>;
  /** Term → field → postings (format.ts `encodePostings`) numbered within the group, and the last number in them. */
  postings: Record<string, Partial<Record<Field, [string, number]>>>;
}

function buildGroup(sections: SearchSection[]): BuiltGroup {
  const lists = new PostingLists();
  const group: BuiltGroup = { pages: [], headings: [], anchors: [], texts: [], totals: lists.totals, postings: {} };
  let section = 0;
  pagesOf(sections).forEach((page, p) => {
    lists.add('title', p, page.title);
    lists.add('crumbs', p, page.crumbs);
    group.pages.push({ path: page.path, title: page.title, crumbs: page.crumbs, kind: page.kind, sections: page.sections.length });
    for (const s of page.sections) {
      const heading = s.heading ?? '';
      if (heading && !s.anchor) throw new Error(`Search index: the heading "${heading}" on ${s.path} has no anchor to link to.`);
      group.headings.push(heading);
      group.anchors.push(s.anchor && heading && slug(heading) === s.anchor ? '' : (s.anchor ?? ''));
      group.texts.push(s.text);
      lists.add('heading', section, heading);
      lists.add('labels', section, s.labels ?? '');
      lists.add('text', section, s.text);
      section++;
    }
  });
  for (const [term, fields] of lists.byTerm) {
    group.postings[term] = Object.fromEntries(Object.entries(fields).map(([f, l]) => [f, [encodePostings(l.docs, l.counts, l.lengths), l.docs.at(-1)!]]));
  }
  return group;
}

function indexOf(table: string[], value: string): number {
  let i = table.indexOf(value);
  if (i < 0) i = table.push(value) - 1;
  return i;
}

/** A merged list of postings: its text so far and the last number in it. */
interface MergedList {
  text: string;
  last: number;
}

/**
 * Every group's postings as one list per term and field, with page and
 * section numbers that follow on from group to group. The lists are stored as
 * gaps, so appending a group's list only re-encodes its first gap.
 */
function mergePostings(groups: BuiltGroup[]): { byTerm: Map<string, Partial<Record<Field, MergedList>>>; totals: Record<Field, number> } {
  const byTerm = new Map<string, Partial<Record<Field, MergedList>>>();
  const totals = Object.fromEntries(ALL_FIELDS.map((f) => [f, 0])) as Record<Field, number>;
  let pageOffset = 0;
  let sectionOffset = 0;
  for (const g of groups) {
    for (const f of ALL_FIELDS) totals[f] += g.totals[f];
    for (const [term, fields] of Object.entries(g.postings)) {
      let merged = byTerm.get(term);
      if (!merged) byTerm.set(term, (merged = {}));
      for (const [f, [text, last]] of Object.entries(fields) as [Field, [string, number]][]) {
        const offset = isPageField(f) ? pageOffset : sectionOffset;
        const before = merged[f];
        merged[f] = { text: (before?.text ?? '') + shiftPostings(text, offset - (before ? before.last + 1 : 0)), last: last + offset };
      }
    }
    pageOffset += g.pages.length;
    sectionOffset += g.texts.length;
  }
  return { byTerm, totals };
}

/**
 * Cuts consecutive items (terms or pages) into parts of at least `target`
 * characters and writes each part's file with what `content` gives for its
 * items [from, to): how many items each part holds, for the head.
 */
function writeParts(files: Map<string, string>, head: { name: string; integrity: string; kind: PartKind }, sizes: number[], target: number, content: (from: number, to: number) => object): number[] {
  const counts = cutIntoParts(sizes, target);
  let at = 0;
  counts.forEach((count, k) => {
    const part = { version: SEARCH_FORMAT_VERSION, integrity: head.integrity, index: head.name, part: k, kind: head.kind, ...content(at, (at += count)) };
    files.set(partPath(head.name, head.kind, k), JSON.stringify(part));
  });
  return counts;
}

/** The files of one index (F1–F3): its head for the manifest and its part files. */
function buildIndex(name: string, groups: BuiltGroup[], integrity: string, files: Map<string, string>): IndexHead {
  const lists = mergePostings(groups);
  const pages = groups.flatMap((g) => g.pages);
  const headings = groups.flatMap((g) => g.headings);
  const anchors = groups.flatMap((g) => g.anchors);
  const texts = groups.flatMap((g) => g.texts);

  const terms = [...lists.byTerm.keys()].sort();
  const encoded = terms.map((t) => {
    const fields = lists.byTerm.get(t)!;
    return Object.fromEntries(ALL_FIELDS.map((f) => [f, fields[f]?.text ?? ''])) as Record<Field, string>;
  });
  const postingSizes = encoded.map((e) => ALL_FIELDS.reduce((n, f) => n + e[f].length + 3, 0));
  const postingParts = writeParts(files, { name, integrity, kind: 'postings' }, postingSizes, POSTINGS_PART_CHARS, (from, to): Pick<PostingsPart, 'postings'> => ({
    postings: Object.fromEntries(ALL_FIELDS.map((f) => [f, encoded.slice(from, to).map((e) => e[f])])) as Record<Field, string[]>,
  }));

  // Page and text parts: consecutive pages, with their sections (page p's are [first[p], first[p + 1])).
  const first = [0];
  for (const p of pages) first.push(first.at(-1)! + p.sections);
  const sum = (list: string[], from: number, to: number, extra: number) => list.slice(first[from], first[to]).reduce((n, t) => n + t.length + extra, 0);
  const pageSizes = pages.map((p, i) => p.path.length + p.title.length + 8 + sum(headings, i, i + 1, 3) + sum(anchors, i, i + 1, 3));
  const pageParts = writeParts(files, { name, integrity, kind: 'pages' }, pageSizes, PAGES_PART_CHARS, (from, to): Omit<PagesPart, keyof PartBase | 'kind'> => {
    const mine = pages.slice(from, to);
    const crumbTable: string[] = [];
    const crumbs = encodeNumbers(mine.map((p) => indexOf(crumbTable, p.crumbs)));
    return { paths: mine.map((p) => p.path), titles: mine.map((p) => p.title), crumbTable, crumbs, headings: headings.slice(first[from], first[to]), anchors: anchors.slice(first[from], first[to]) };
  });
  const textSizes = pages.map((_, i) => sum(texts, i, i + 1, 3));
  const textParts = writeParts(files, { name, integrity, kind: 'texts' }, textSizes, TEXTS_PART_CHARS, (from, to): Pick<TextsPart, 'texts'> => ({ texts: texts.slice(first[from], first[to]) }));

  const kindTable: string[] = [];
  return {
    name,
    drafts: name === 'drafts',
    pages: pages.length,
    sections: texts.length,
    kindTable,
    kinds: encodeNumbers(pages.map((p) => indexOf(kindTable, p.kind))),
    sectionCounts: encodeNumbers(pages.map((p) => p.sections)),
    totals: lists.totals,
    terms,
    postingParts: encodeNumbers(postingParts),
    pageParts: encodeNumbers(pageParts),
    textParts: encodeNumbers(textParts),
  };
}

export interface SearchFiles {
  manifest: SearchManifest;
  /** Site-relative address → JSON text, the manifest included. */
  files: Map<string, string>;
}

/** Groups built before, by a key of their sections (the incremental build's cache). */
export interface GroupCache {
  /**
   * A short key for a group's sections, the same exactly when they are the
   * same (the caller's: this module runs in the browser too, and the build
   * knows what each page's sections were made from).
   */
  key(sections: readonly SearchSection[]): string;
  get<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
}

/** A text part holds only excerpts: what the content database leaves out (the pages hold the texts). */
export function isTextsPart(path: string): boolean {
  return /\/texts-\d+\.json$/.test(path);
}

/**
 * Builds the whole index from the site's sections and catalogue entries: the
 * published pages as `site`, drafts as `drafts` (F4), with the glossary's
 * aliases in the manifest (F5). With a cache, a group whose sections are
 * unchanged is not tokenised again; the files are the same either way.
 */
export function createSearchIndex(sections: SearchSection[], integrity: string, cache?: GroupCache, glossary: readonly GlossaryEntry[] = []): SearchFiles {
  const byGroup = new Map<string, SearchSection[]>();
  let last: SearchSection | undefined;
  let name = '';
  for (const s of sections) {
    // A page's sections follow one another and share its group: one look per
    // page, not per section (100,000 sections at 20,000 pages).
    if (!last || s.path !== last.path || s.kind !== last.kind || s.draft !== last.draft) name = groupOf(s);
    last = s;
    let list = byGroup.get(name);
    if (!list) byGroup.set(name, (list = []));
    list.push(s);
  }
  const built = new Map<string, BuiltGroup>();
  for (const [name, list] of [...byGroup].sort(([a], [b]) => a.localeCompare(b))) {
    const key = cache && `${SEARCH_FORMAT_VERSION}:${name}:${cache.key(list)}`;
    let group = key ? cache!.get<BuiltGroup>(key) : undefined;
    if (!group) {
      group = buildGroup(list);
      if (key) cache!.set(key, group);
    }
    built.set(name, group);
  }
  const files = new Map<string, string>();
  const manifest: SearchManifest = { version: SEARCH_FORMAT_VERSION, integrity, indexes: [], aliases: aliasMapOf(glossary) };
  const published = [...built].filter(([name]) => name !== 'drafts').map(([, g]) => g);
  manifest.indexes.push(buildIndex('site', published, integrity, files));
  const drafts = built.get('drafts');
  if (drafts) manifest.indexes.push(buildIndex('drafts', [drafts], integrity, files));
  files.set(SEARCH_MANIFEST_PATH, JSON.stringify(manifest));
  return { manifest, files };
}
