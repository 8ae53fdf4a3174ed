/**
 * The search index's file format and its text processing, shared by the build
 * (which writes the files) and the browser (which reads and queries them).
 * Pure: no DOM, no Node.
 *
 * Why a format of our own rather than a serialised MiniSearch: MiniSearch's
 * JSON keeps every posting as `"docId": tf` inside nested objects and every
 * stored field per document; on 5,000 pages that was 31 MB raw / 6.5 MB
 * gzipped, all of it fetched before the first answer.
 *
 * What a reader fetches before the first result is kept small by splitting
 * the index the way a query reads it (format 4):
 *  F1. The manifest (`/search-index.json`) holds each index's head: its term
 *      dictionary (sorted words, for prefix and typo lookup), how many
 *      sections each page has, each page's kind and the field totals BM25
 *      needs. About 15 KB gzipped at 5,000 pages.
 *  F2. Postings are cut into parts of consecutive terms
 *      (`/search/{index}/postings-{k}.json`): a query fetches only the parts
 *      holding its words. Each posting carries its field's length in that
 *      document, so no table of lengths is fetched.
 *  F3. What a result shows (path, title, breadcrumb, headings, anchors) is in
 *      page parts of consecutive pages (`pages-{k}.json`), fetched for the
 *      results on screen; section texts, for excerpts, in text parts
 *      (`texts-{k}.json`), fetched once the results show.
 *  F4. The published pages form the `site` index; drafts form `drafts`,
 *      which only preview mode loads.
 *  F5. The glossary's aliases (aliases.ts) are in the manifest, once for
 *      all indexes: a few KB that every query may need before it knows
 *      which postings to fetch (format 5).
 */

/** Bumped when the stored shape changes; the client refuses other versions. */
export const SEARCH_FORMAT_VERSION = 5;

/** Fields of a page (stored once per page) and of a section. */
export const PAGE_FIELDS = ['title', 'crumbs'] as const;
export const SECTION_FIELDS = ['heading', 'labels', 'text'] as const;
export type PageField = (typeof PAGE_FIELDS)[number];
export type SectionField = (typeof SECTION_FIELDS)[number];
export type Field = PageField | SectionField;
export const ALL_FIELDS: readonly Field[] = [...PAGE_FIELDS, ...SECTION_FIELDS];
/** A field of the page (its postings number pages), not of a section. */
export const isPageField = (f: Field): boolean => (PAGE_FIELDS as readonly Field[]).includes(f);

/**
 * Titles and headings above body text, a table row's first cell (`labels`,
 * see content/sections.ts) between them; the breadcrumb helps a little.
 */
export const FIELD_BOOST: Record<Field, number> = { title: 4, heading: 2.5, labels: 2, text: 1, crumbs: 0.5 };

/** Site-relative address of the manifest. */
export const SEARCH_MANIFEST_PATH = '/search-index.json';

/** The kinds of part files an index is cut into (F2, F3). */
export type PartKind = 'postings' | 'pages' | 'texts';

/** Site-relative address of an index's part `k` of a kind. */
export function partPath(index: string, kind: PartKind, k: number): string {
  return `/search/${index}/${kind}-${k}.json`;
}

/** The whole index: one head per index (F1, F4). */
export interface SearchManifest {
  version: number;
  integrity: string;
  indexes: IndexHead[];
  /** F5: each glossary term (lower-cased) → what it is also called, as written in the glossary. */
  aliases: Record<string, string[]>;
}

/**
 * What a query needs before it can fetch anything else. Pages are in order
 * and each page's sections follow each other; the first section of a page is
 * its lead (the text before the first heading, or a catalogue entry).
 * Numbers are varint strings (see `encodeNumbers`).
 */
export interface IndexHead {
  name: string;
  /** Only preview mode loads the drafts index. */
  drafts: boolean;
  pages: number;
  sections: number;
  /** Result kinds ('page', 'weapon'…), referenced by number from `kinds`. */
  kindTable: string[];
  /** Per page: index into kindTable, number of sections. */
  kinds: string;
  sectionCounts: string;
  /** Sum of each field's length over its documents (BM25's average length). */
  totals: Record<Field, number>;
  /** Sorted distinct terms. */
  terms: string[];
  /** Terms in each postings part, pages in each page part and in each text part, in order. */
  postingParts: string;
  pageParts: string;
  textParts: string;
}

/** Common to every part file: which build and index it belongs to. */
export interface PartBase {
  version: number;
  integrity: string;
  index: string;
  /** Number of the part among its kind. */
  part: number;
}

/** F2: per field, per term of the part (in dictionary order), encoded postings; '' when absent. */
export interface PostingsPart extends PartBase {
  kind: 'postings';
  postings: Record<Field, string[]>;
}

/** F3: what results show, for the part's pages and their sections. */
export interface PagesPart extends PartBase {
  kind: 'pages';
  paths: string[];
  titles: string[];
  /** Distinct breadcrumbs of the part, referenced per page from `crumbs`. */
  crumbTable: string[];
  crumbs: string;
  /** Per section: heading ('' for a lead), anchor ('' when `slug(heading)` gives it or there is none). */
  headings: string[];
  anchors: string[];
}

/** F3: the plain text of each section of the part's pages. */
export interface TextsPart extends PartBase {
  kind: 'texts';
  texts: string[];
}

export type SearchPart = PostingsPart | PagesPart | TextsPart;

// Words too common to tell sections apart: left out of the index and of
// queries (except while being typed as the last word, where they are prefixes).
export const STOP_WORDS = new Set(
  (
    'a an and are as at be but by for from has have he her his i if in into is it its ' +
    'of on or our she so such than that the their them then there these they this ' +
    'to was we were which while who will with you your'
  ).split(' '),
);

/** Splits text into words: letters and digits, lower-cased, accents removed. */
export function tokenize(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

/** Indexed words of a text: `tokenize` without stop words. */
export function indexTerms(text: string): string[] {
  return tokenize(text).filter((t) => !STOP_WORDS.has(t));
}

/** A heading's anchor as the Markdown pipeline makes it (the build checks the round trip). */
export function slug(heading: string): string {
  return heading
    .toLowerCase()
    .trim()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

// Numbers as text: 5 bits per character, little-endian; characters from the
// upper half of the alphabet mean "more follows". JSON-safe, gzip-friendly,
// and one character for the small gaps and counts that dominate.
const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVabcdefghijklmnopqrstuvwxyz-_$.!~';
const VALUE = new Int8Array(128).fill(-1);
for (let i = 0; i < ALPHABET.length; i++) VALUE[ALPHABET.charCodeAt(i)] = i;

export function encodeNumbers(values: Iterable<number>): string {
  let out = '';
  for (let v of values) {
    if (!Number.isInteger(v) || v < 0) throw new Error(`Search index: cannot encode ${v} (non-negative integers only).`);
    while (v >= 32) {
      out += ALPHABET[32 + (v % 32)];
      v = Math.floor(v / 32);
    }
    out += ALPHABET[v];
  }
  return out;
}

export function decodeNumbers(text: string): number[] {
  const out: number[] = [];
  let v = 0;
  let scale = 1;
  for (let i = 0; i < text.length; i++) {
    const c = VALUE[text.charCodeAt(i)] ?? -1;
    if (c < 0) throw new Error(`Search index: unexpected character "${text[i]}" in an encoded list.`);
    if (c >= 32) {
      v += (c - 32) * scale;
      scale *= 32;
    } else {
      out.push(v + c * scale);
      v = 0;
      scale = 1;
    }
  }
  return out;
}

/**
 * Postings of one term in one field: ascending document numbers, each with
 * its term count and the field's length in that document (BM25 needs both).
 * Stored as gaps; a gap is doubled and odd when a count above one follows
 * it, so the usual count of one costs nothing; the length comes last, as a
 * one-character class (`lengthClass`).
 */
export function encodePostings(docs: ArrayLike<number>, counts: ArrayLike<number>, lengths: ArrayLike<number>): string {
  const values: number[] = [];
  let last = -1;
  for (let i = 0; i < docs.length; i++) {
    const gap = docs[i]! - last - 1;
    last = docs[i]!;
    if (counts[i]! > 1) values.push(gap * 2 + 1, counts[i]!);
    else values.push(gap * 2);
    values.push(lengthClass(lengths[i]!));
  }
  return encodeNumbers(values);
}

/**
 * Postings numbered from 0 moved by `shift` (which may be negative as long as
 * the first number stays at or above the previous list's end): only the first
 * gap changes, so a group's list can follow another's without decoding it.
 */
export function shiftPostings(text: string, shift: number): string {
  if (shift === 0 || text === '') return text;
  let end = 0;
  while (end < text.length && (VALUE[text.charCodeAt(end)] ?? -1) >= 32) end++;
  const [first] = decodeNumbers(text.slice(0, end + 1));
  const gap = Math.floor(first! / 2) + shift;
  if (gap < 0) throw new Error('Search index: postings moved before the start of their list.');
  return encodeNumbers([gap * 2 + (first! % 2)]) + text.slice(end + 1);
}

/**
 * A field's length in one character: exact up to 15 words (a heading that is
 * exactly the query is never longer), then in steps of √2 up to about 2,900,
 * which moves BM25's length normalisation by a few per cent at most.
 */
export function lengthClass(length: number): number {
  return length < 16 ? length : Math.min(31, 16 + Math.round(2 * Math.log2(length / 16)));
}

/** The length a class stands for (`lengthClass`'s inverse, rounded). */
export function lengthOfClass(c: number): number {
  return c < 16 ? c : Math.round(16 * 2 ** ((c - 16) / 2));
}
const LENGTH_OF_CLASS = Uint16Array.from({ length: 32 }, (_, c) => lengthOfClass(c));

export interface Postings {
  docs: Uint32Array;
  counts: Uint16Array;
  lengths: Uint16Array;
}

export function decodePostings(text: string): Postings {
  // Straight into typed arrays (a posting takes at least two characters): the
  // first search for a common word decodes tens of thousands of these.
  const size = text.length >> 1;
  const docs = new Uint32Array(size);
  const counts = new Uint16Array(size);
  const lengths = new Uint16Array(size);
  let n = 0;
  let last = -1;
  // What the next number is: 0 a gap, 1 a count, 2 a length.
  let next = 0;
  let v = 0;
  let scale = 1;
  for (let i = 0; i < text.length; i++) {
    const c = VALUE[text.charCodeAt(i)] ?? -1;
    if (c < 0) throw new Error(`Search index: unexpected character "${text[i]}" in an encoded list.`);
    if (c >= 32) {
      v += (c - 32) * scale;
      scale *= 32;
      continue;
    }
    v += c * scale;
    if (next === 0) {
      last += Math.floor(v / 2) + 1;
      docs[n] = last;
      counts[n] = 1;
      next = v % 2 === 1 ? 1 : 2;
    } else if (next === 1) {
      counts[n] = Math.min(v, 65535);
      next = 2;
    } else {
      lengths[n++] = LENGTH_OF_CLASS[v] ?? 65535;
      next = 0;
    }
    v = 0;
    scale = 1;
  }
  if (next !== 0) throw new Error('Search index: an encoded list of postings ends in the middle of one.');
  return { docs: docs.subarray(0, n), counts: counts.subarray(0, n), lengths: lengths.subarray(0, n) };
}

/**
 * Cuts `sizes` (consecutive items' sizes) into runs of at least `target`
 * (the last may be smaller): how many items each run holds. Used for the
 * part files (F2, F3): few enough files, each small enough to fetch alone.
 */
export function cutIntoParts(sizes: ArrayLike<number>, target: number): number[] {
  const out: number[] = [];
  let items = 0;
  let size = 0;
  for (let i = 0; i < sizes.length; i++) {
    items++;
    size += sizes[i]!;
    if (size >= target) {
      out.push(items);
      items = 0;
      size = 0;
    }
  }
  if (items > 0) out.push(items);
  return out;
}

/** First item of each part, from the number of items in each: the lookup table `partOf` searches. */
export function partStarts(counts: number[]): Uint32Array {
  const starts = new Uint32Array(counts.length);
  let at = 0;
  counts.forEach((n, k) => {
    starts[k] = at;
    at += n;
  });
  return starts;
}

/** The part holding item `i`, from the parts' first items (ascending). */
export function partOf(starts: Uint32Array, i: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= i) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
