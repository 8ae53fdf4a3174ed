/**
 * Queries the search index shards (browser, build and benchmark alike). Pure.
 *
 * MiniSearch's radix tree (`minisearch/SearchableMap`) finds the words of the
 * index a query word stands for (itself, longer words it is a prefix of,
 * words a typo or two away); the scoring over the compact postings is ours,
 * BM25+ over typed arrays, keeping only the best results. MiniSearch's own
 * `search` builds a result object for every matching document before
 * sorting: 16,000 of them for a common word on 5,000 pages, 30–50 ms.
 */
import SearchableMap from 'minisearch/SearchableMap';
import {
  SEARCH_FORMAT_VERSION,
  PAGE_FIELDS,
  SECTION_FIELDS,
  FIELD_BOOST,
  STOP_WORDS,
  decodeNumbers,
  decodePostings,
  slug,
  tokenize,
  type Field,
  type Postings,
  type SearchShard,
  type SearchTexts,
} from './format';
import { bitCount, strengthOf, TopList, type MatchFacts } from './ranking';

/** An index word a query word stands for: its weight, and whether found whole, as a prefix or by typo. */
interface Found {
  weight: number;
  how: 'exact' | 'prefix' | 'fuzzy';
}

interface QueryTerm {
  term: string;
  words: Map<string, Found>;
  /** A stop word typed last: a prefix that may add to a result's score, never required. */
  optional: boolean;
}

export interface SearchHit {
  /** `path` or `path#anchor`. */
  id: string;
  /** BM25+ score (rule R5 of ranking.ts). */
  score: number;
  /** How it matched (rules R1–R4 of ranking.ts): results are ordered by strength, then score. */
  strength: number;
  path: string;
  anchor?: string;
  pageTitle: string;
  heading?: string;
  breadcrumb: string;
  kind: string;
  draft: boolean;
  /** The section's text once its shard's texts are loaded, else ''. */
  text: string;
  /** Shard the hit comes from (to load its texts). */
  shard: string;
}

export interface SearchResults {
  hits: SearchHit[];
  /** Words to highlight: the query's words and the index words its typos matched. */
  terms: string[];
  /** Shards among the hits whose texts are not loaded yet. */
  missingTexts: string[];
  /** Number of matching sections (hits holds the best `limit` of them). */
  total: number;
}

export interface QueryOptions {
  /** AND: every word must match (default); OR: any word, more words rank higher. */
  combineWith?: 'AND' | 'OR';
  /** Include the drafts shard (preview mode), if loaded. */
  drafts?: boolean;
  /** Most results returned (best first). Default 50. */
  limit?: number;
}

/** Edits allowed for a mistyped word: none below 4 letters, 2 from 10 letters. */
export function fuzzyDistance(term: string): number {
  return term.length < 4 ? 0 : term.length < 10 ? 1 : 2;
}

// Weights of words found by prefix or by typo, relative to the word itself;
// the further the found word is from what was typed, the less it counts.
const PREFIX_WEIGHT = 0.4;
const FUZZY_WEIGHT = 0.45;
/** A short prefix ("p") stands for at most this many words, the shortest first. */
const MAX_PREFIX_TERMS = 40;
const MAX_QUERY_TERMS = 8;
// BM25+ constants (the usual values; MiniSearch uses the same).
const K1 = 1.2;
const B = 0.7;
const DELTA = 0.5;

interface Shard {
  name: string;
  /** Number of `page` in kindTable (-1 when the shard has only catalogue entries). */
  pageKind: number;
  drafts: boolean;
  paths: string[];
  titles: string[];
  crumbTable: string[];
  kindTable: string[];
  crumbOf: number[];
  kindOf: number[];
  firstSection: Uint32Array;
  pageOf: Uint32Array;
  headings: string[];
  anchors: string[];
  lengths: Record<Field, Uint16Array>;
  totals: Record<Field, number>;
  postings: Record<Field, string[]>;
  decoded: Map<string, Postings>;
  texts?: string[];
  scratch?: Scratch;
  /** BM25 length normalisation per document, for the average it was computed with. */
  norms: Partial<Record<Field, { avg: number; values: Float64Array }>>;
}

/** Per-document scores and masks of query words (bit q = query word q), reused between searches. */
interface Scores {
  score: Float64Array;
  /** Words matched in any field. */
  mask: Uint32Array;
  /** Words matched without a typo. */
  sure: Uint32Array;
  /** Words matched in the title or heading: with or without a typo, without one, and whole. */
  headAny: Uint32Array;
  head: Uint32Array;
  headExact: Uint32Array;
}

interface Scratch {
  page: Scores;
  section: Scores;
}

function scoresFor(n: number): Scores {
  return { score: new Float64Array(n), mask: new Uint32Array(n), sure: new Uint32Array(n), headAny: new Uint32Array(n), head: new Uint32Array(n), headExact: new Uint32Array(n) };
}

function scratchFor(s: Shard): Scratch {
  return { page: scoresFor(s.firstSection.length), section: scoresFor(s.pageOf.length) };
}

function clear(s: Scratch): Scratch {
  for (const scores of [s.page, s.section]) for (const a of Object.values(scores)) a.fill(0);
  return s;
}

function lengthsOf(encoded: string): Uint16Array {
  return Uint16Array.from(decodeNumbers(encoded), (n) => Math.min(n, 65535));
}

const ALL_FIELDS: Field[] = [...PAGE_FIELDS, ...SECTION_FIELDS];
const isPageField = (f: Field) => (PAGE_FIELDS as readonly string[]).includes(f);

export class SearchEngine {
  private readonly shards: Shard[] = [];
  /** Index word → where it occurs: [shard number, term number in that shard]. */
  private readonly vocabulary = new SearchableMap<[number, number][]>();
  private integrity: string | undefined;

  /** Names of the loaded shards. */
  get shardNames(): string[] {
    return this.shards.map((s) => s.name);
  }

  has(name: string): boolean {
    return this.shards.some((s) => s.name === name);
  }

  hasTexts(name: string): boolean {
    return !!this.shards.find((s) => s.name === name)?.texts;
  }

  /** Adds a shard; all shards must come from the same build. */
  addShard(data: SearchShard): void {
    if (data.version !== SEARCH_FORMAT_VERSION) {
      throw new Error(`The search index shard "${data.name}" has format ${data.version}, this page reads format ${SEARCH_FORMAT_VERSION}: reload the page to get the current site.`);
    }
    this.checkIntegrity(data.integrity, data.name);
    if (this.has(data.name)) return;
    const counts = decodeNumbers(data.sectionCounts);
    const total = counts.reduce((a, b) => a + b, 0);
    const firstSection = new Uint32Array(counts.length);
    const pageOf = new Uint32Array(total);
    let at = 0;
    counts.forEach((n, p) => {
      firstSection[p] = at;
      pageOf.fill(p, at, at + n);
      at += n;
    });
    const lengths = Object.fromEntries(ALL_FIELDS.map((f) => [f, lengthsOf(data.lengths[f])])) as Record<Field, Uint16Array>;
    const totals = Object.fromEntries(ALL_FIELDS.map((f) => [f, lengths[f].reduce((a, b) => a + b, 0)])) as Record<Field, number>;
    const index = this.shards.length;
    this.shards.push({
      name: data.name,
      pageKind: data.kindTable.indexOf('page'),
      drafts: data.drafts,
      paths: data.paths,
      titles: data.titles,
      crumbTable: data.crumbTable,
      kindTable: data.kindTable,
      crumbOf: decodeNumbers(data.crumbs),
      kindOf: decodeNumbers(data.kinds),
      firstSection,
      pageOf,
      headings: data.headings,
      anchors: data.anchors,
      lengths,
      totals,
      postings: data.postings,
      decoded: new Map(),
      norms: {},
    });
    data.terms.forEach((term, t) => {
      const refs = this.vocabulary.get(term);
      if (refs) refs.push([index, t]);
      else this.vocabulary.set(term, [[index, t]]);
    });
  }

  /** Adds the section texts of a loaded shard (for excerpts). */
  addTexts(data: SearchTexts): void {
    this.checkIntegrity(data.integrity, data.name);
    const shard = this.shards.find((s) => s.name === data.name);
    if (!shard) throw new Error(`Search texts for "${data.name}" arrived before its index.`);
    if (data.texts.length !== shard.pageOf.length) throw new Error(`Search texts for "${data.name}" do not match its index (${data.texts.length} texts for ${shard.pageOf.length} sections).`);
    shard.texts = data.texts;
  }

  private checkIntegrity(integrity: string, name: string): void {
    this.integrity ??= integrity;
    if (integrity !== this.integrity) {
      throw new Error(`The search index changed while it was loading (shard "${name}" is from another build): reload the page to search the current site.`);
    }
  }

  private postings(shard: Shard, field: Field, term: number): Postings | undefined {
    const encoded = shard.postings[field][term];
    if (!encoded) return undefined;
    const key = `${field}:${term}`;
    let list = shard.decoded.get(key);
    if (!list) shard.decoded.set(key, (list = decodePostings(encoded)));
    return list;
  }

  /** Index words a query word stands for, with their weights and how they were found. */
  private expand(term: string): Map<string, Found> {
    const found = new Map<string, Found>();
    const keep = (key: string, weight: number, how: Found['how']) => {
      if (weight > (found.get(key)?.weight ?? 0)) found.set(key, { weight, how });
    };
    if (this.vocabulary.has(term)) keep(term, 1, 'exact');
    const longer: string[] = [];
    for (const key of this.vocabulary.atPrefix(term).keys()) if (key !== term) longer.push(key);
    longer.sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
    for (const key of longer.slice(0, MAX_PREFIX_TERMS)) {
      keep(key, (PREFIX_WEIGHT * term.length) / (term.length + 0.3 * (key.length - term.length)), 'prefix');
    }
    const distance = fuzzyDistance(term);
    if (distance > 0) {
      for (const [key, [, d]] of this.vocabulary.fuzzyGet(term, distance)) {
        // A word the prefix lookup found stays a prefix match (R1 in ranking.ts).
        if (d > 0 && !found.has(key)) keep(key, (FUZZY_WEIGHT * term.length) / (term.length + d), 'fuzzy');
      }
      // Two letters swapped ("armuor") are one slip of the fingers, but two edits to the radix tree.
      for (let i = 0; i + 1 < term.length; i++) {
        const swapped = term.slice(0, i) + term[i + 1] + term[i] + term.slice(i + 2);
        if (swapped !== term && !found.has(swapped) && this.vocabulary.has(swapped)) keep(swapped, (FUZZY_WEIGHT * term.length) / (term.length + 1), 'fuzzy');
      }
    }
    return found;
  }

  /** The query's words: stop words dropped, except the last (a prefix being typed). */
  private queryTerms(query: string): QueryTerm[] {
    const tokens = [...new Set(tokenize(query))].slice(0, MAX_QUERY_TERMS);
    const out: QueryTerm[] = [];
    tokens.forEach((term, i) => {
      const stop = STOP_WORDS.has(term);
      if (stop && i < tokens.length - 1) return;
      const words = this.expand(term);
      // A stop word that starts no indexed word is simply not a search word.
      if (stop && words.size === 0) return;
      out.push({ term, words, optional: stop });
    });
    return out;
  }

  search(query: string, options: QueryOptions = {}): SearchResults {
    const and = (options.combineWith ?? 'AND') === 'AND';
    const terms = this.queryTerms(query);
    const highlight = new Set<string>();
    for (const { term, words } of terms) {
      highlight.add(term);
      // Prefix matches show through the typed word; typos need the real word.
      for (const w of words.keys()) if (!w.startsWith(term)) highlight.add(w);
    }
    const empty: SearchResults = { hits: [], terms: [...highlight], missingTexts: [], total: 0 };
    if (terms.length === 0 || (and && terms.some((t) => !t.optional && t.words.size === 0))) return empty;

    const included = this.shards.map((s) => !s.drafts || !!options.drafts);
    const scratch = this.score(terms, included);
    // The words a result must have (all, when every word is a stop word).
    let required = terms.reduce((m, t, q) => (t.optional ? m : m | (1 << q)), 0);
    if (required === 0) required = (1 << terms.length) - 1;
    const { best, total } = this.rank(scratch, required, and, options.limit ?? 50);
    const hits = best.items().map(([strength, score, s, i]) => this.hit(s, i, score, strength));
    const missingTexts = [...new Set(hits.filter((h) => !this.hasTexts(h.shard)).map((h) => h.shard))];
    return { hits, terms: [...highlight], missingTexts, total };
  }

  /**
   * BM25+ scores and the masks of matched query words, per page and per
   * section of each included shard (kept between searches: no garbage to
   * collect while the reader types).
   */
  private score(terms: QueryTerm[], included: boolean[]): (Scratch | undefined)[] {
    const docs = { page: 0, section: 0 };
    const totals = Object.fromEntries(ALL_FIELDS.map((f) => [f, 0])) as Record<Field, number>;
    this.shards.forEach((s, i) => {
      if (!included[i]) return;
      docs.page += s.firstSection.length;
      docs.section += s.pageOf.length;
      for (const f of ALL_FIELDS) totals[f] += s.totals[f];
    });
    const scratch = this.shards.map((s, i) => (included[i] ? clear((s.scratch ??= scratchFor(s))) : undefined));
    terms.forEach(({ words }, q) => {
      const bit = 1 << q;
      for (const [word, { weight, how }] of words) {
        const refs = (this.vocabulary.get(word) ?? []).filter(([s]) => included[s]);
        for (const field of ALL_FIELDS) {
          const lists = refs.map(([s, t]) => [s, this.postings(this.shards[s]!, field, t)] as const);
          const df = lists.reduce((n, [, l]) => n + (l?.docs.length ?? 0), 0);
          if (df === 0) continue;
          const n = isPageField(field) ? docs.page : docs.section;
          const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
          const avg = totals[field] / n || 1;
          const factor = weight * FIELD_BOOST[field] * idf;
          const named = field === 'title' || field === 'heading';
          for (const [s, list] of lists) {
            if (!list) continue;
            const norm = normsOf(this.shards[s]!, field, avg);
            const sc = isPageField(field) ? scratch[s]!.page : scratch[s]!.section;
            const { docs: ds, counts } = list;
            for (let j = 0; j < ds.length; j++) {
              const doc = ds[j]!;
              const tf = counts[j]!;
              sc.score[doc] += factor * (DELTA + (tf * (K1 + 1)) / (tf + norm[doc]!));
              sc.mask[doc] |= bit;
              if (named) sc.headAny[doc] |= bit;
              if (how === 'fuzzy') continue;
              sc.sure[doc] |= bit;
              if (!named) continue;
              sc.head[doc] |= bit;
              if (how === 'exact') sc.headExact[doc] |= bit;
            }
          }
        }
      }
    });
    return scratch;
  }

  /**
   * Orders the matching sections (ranking.ts). A section is a result when it
   * matches a word itself, or when it is the lead of a page whose title or
   * breadcrumb matches; the page's own score counts for each of its sections.
   */
  private rank(scratch: (Scratch | undefined)[], full: number, and: boolean, limit: number): { best: TopList; total: number } {
    const words = bitCount(full);
    const facts: MatchFacts = { full, words, or: !and, matched: 0, sure: 0, heading: 0, headingAny: 0, headingExact: 0, headingLength: 0, isPage: true };
    const best = new TopList(limit);
    let total = 0;
    scratch.forEach((sc, s) => {
      if (!sc) return;
      const { pageOf, firstSection, headings, lengths, kindOf, pageKind } = this.shards[s]!;
      const { page, section } = sc;
      for (let i = 0; i < pageOf.length; i++) {
        const p = pageOf[i]!;
        const own = section.mask[i]!;
        const lead = firstSection[p] === i;
        if (own === 0 && (!lead || page.mask[p] === 0)) continue;
        const matched = own | page.mask[p]!;
        if (and && (matched & full) !== full) continue;
        // A lead section is named by its page's title (a catalogue entry's name), a headed one by its heading.
        const named = lead && !headings[i];
        // One object, filled per section: no garbage for the thousands a common word matches.
        facts.matched = matched;
        facts.sure = section.sure[i]! | page.sure[p]!;
        facts.heading = section.head[i]! | page.head[p]!;
        facts.headingAny = section.headAny[i]! | page.headAny[p]!;
        facts.headingExact = named ? page.headExact[p]! : section.headExact[i]!;
        facts.headingLength = named ? lengths.title[p]! : lengths.heading[i]!;
        facts.isPage = kindOf[p] === pageKind;
        const strength = strengthOf(facts);
        total++;
        best.offer(strength, section.score[i]! + page.score[p]!, s, i);
      }
    });
    return { best, total };
  }

  private hit(s: number, i: number, score: number, strength: number): SearchHit {
    const shard = this.shards[s]!;
    const p = shard.pageOf[i]!;
    const heading = shard.headings[i] || undefined;
    const anchor = shard.anchors[i] || (heading ? slug(heading) : undefined);
    const path = shard.paths[p]!;
    return {
      id: anchor ? `${path}#${anchor}` : path,
      score,
      strength,
      path,
      anchor,
      pageTitle: shard.titles[p]!,
      heading,
      breadcrumb: shard.crumbTable[shard.crumbOf[p]!] ?? '',
      kind: shard.kindTable[shard.kindOf[p]!] ?? 'page',
      draft: shard.drafts,
      text: shard.texts?.[i] ?? '',
      shard: shard.name,
    };
  }
}

function normsOf(shard: Shard, field: Field, avg: number): Float64Array {
  const cached = shard.norms[field];
  if (cached && cached.avg === avg) return cached.values;
  const values = Float64Array.from(shard.lengths[field], (length) => K1 * (1 - B + (B * length) / avg));
  shard.norms[field] = { avg, values };
  return values;
}
