/**
 * The search index's file format and its text processing, shared by the build
 * (which writes the shards) and the browser (which reads and queries them).
 * Pure: no DOM, no Node.
 *
 * Why a format of our own rather than a serialised MiniSearch: MiniSearch's
 * JSON keeps every posting as `"docId": tf` inside nested objects and every
 * stored field per document; on 5,000 pages that was 31 MB raw / 6.5 MB
 * gzipped. Here postings are gap-encoded strings, a page's title and
 * breadcrumb are stored once per page (not per section), section texts live
 * in separate files fetched only for excerpts, and the index is sharded by
 * top-level section so that each file can be fetched in parallel and cached
 * on its own.
 */

/** Bumped when the stored shape changes; the client refuses other versions. */
export const SEARCH_FORMAT_VERSION = 3;

/** Fields of a page (stored once per page) and of a section. */
export const PAGE_FIELDS = ['title', 'crumbs'] as const;
export const SECTION_FIELDS = ['heading', 'labels', 'text'] as const;
export type PageField = (typeof PAGE_FIELDS)[number];
export type SectionField = (typeof SECTION_FIELDS)[number];
export type Field = PageField | SectionField;

/**
 * Titles and headings above body text, a table row's first cell (`labels`,
 * see content/sections.ts) between them; the breadcrumb helps a little.
 */
export const FIELD_BOOST: Record<Field, number> = { title: 4, heading: 2.5, labels: 2, text: 1, crumbs: 0.5 };

/** The index of the whole site: which shards exist and where they are. */
export interface SearchManifest {
  version: number;
  integrity: string;
  shards: ShardInfo[];
}

export interface ShardInfo {
  name: string;
  /** Site-relative address of the shard's index, e.g. `/search/rules.json`. */
  index: string;
  /** Site-relative address of its section texts (for excerpts only). */
  text: string;
  /** Only preview mode loads the drafts shard. */
  drafts: boolean;
  pages: number;
  sections: number;
}

/**
 * One shard. Pages are in order and each page's sections follow each other:
 * `sectionCounts` says how many sections each page has; the first section
 * of a page is its lead (the text before the first heading, or a catalogue
 * entry). Numbers are varint strings (see `encodeNumbers`).
 */
export interface SearchShard {
  version: number;
  integrity: string;
  name: string;
  drafts: boolean;
  /** Distinct breadcrumbs and result kinds, referenced by number. */
  crumbTable: string[];
  kindTable: string[];
  paths: string[];
  titles: string[];
  /** Per page: index into crumbTable, into kindTable, number of sections. */
  crumbs: string;
  kinds: string;
  sectionCounts: string;
  /** Per section: heading ('' for a lead), anchor ('' when `slug(heading)` gives it or there is none). */
  headings: string[];
  anchors: string[];
  /** Number of terms of each field, per page or per section (for BM25). */
  lengths: Record<Field, string>;
  /** Sorted distinct terms of the shard. */
  terms: string[];
  /** Per field, per term (same order as `terms`): encoded postings, '' when absent. */
  postings: Record<Field, string[]>;
}

/** The plain text of each section of a shard, in shard order. */
export interface SearchTexts {
  version: number;
  integrity: string;
  name: string;
  texts: string[];
}

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
 * Postings of one term in one field: ascending document numbers with their
 * term counts. Stored as gaps; a gap is doubled and odd when a count above
 * one follows it, so the usual count of one costs nothing.
 */
export function encodePostings(docs: number[], counts: number[]): string {
  const values: number[] = [];
  let last = -1;
  for (let i = 0; i < docs.length; i++) {
    const gap = docs[i]! - last - 1;
    last = docs[i]!;
    if (counts[i]! > 1) values.push(gap * 2 + 1, counts[i]!);
    else values.push(gap * 2);
  }
  return encodeNumbers(values);
}

export interface Postings {
  docs: Uint32Array;
  counts: Uint16Array;
}

export function decodePostings(text: string): Postings {
  // Straight into typed arrays (a posting takes at least one character): the
  // first search for a common word decodes tens of thousands of these.
  const docs = new Uint32Array(text.length);
  const counts = new Uint16Array(text.length);
  let n = 0;
  let last = -1;
  let countNext = false;
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
    if (countNext) {
      counts[n - 1] = Math.min(v, 65535);
      countNext = false;
    } else {
      last += Math.floor(v / 2) + 1;
      docs[n] = last;
      counts[n++] = 1;
      countNext = v % 2 === 1;
    }
    v = 0;
    scale = 1;
  }
  return { docs: docs.subarray(0, n), counts: counts.subarray(0, n) };
}
