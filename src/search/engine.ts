/**
 * Queries the search index (browser, build and benchmark alike). Pure.
 *
 * The engine starts from the manifest's heads (format.ts F1) and is handed
 * part files as they arrive. A search says which parts it still needs
 * (`missing`): the postings of its words first, then the page parts of the
 * results on screen; its caller fetches them and searches again.
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
  ALL_FIELDS,
  isPageField,
  FIELD_BOOST,
  STOP_WORDS,
  decodeNumbers,
  decodePostings,
  partOf,
  partPath,
  partStarts,
  slug,
  tokenize,
  type Field,
  type IndexHead,
  type PagesPart,
  type PartKind,
  type Postings,
  type SearchManifest,
  type SearchPart,
} from './format';
import { bitCount, chooseAlternatives, coverageOf, isQuestion, questionStrength, slotsFilled, slotWeights, strengthOf, termScales, TopList, type Chosen, type MatchFacts } from './ranking';
import { meaningfulWords, wordStem } from './questions';
import { AliasTable, ALIAS_WEIGHT } from './aliases';

/** An index word a query word stands for: its weight, and whether found whole, as a prefix or by typo. */
interface Found {
  weight: number;
  /** `stem`: another form of the word ("skill" for "skills", "heal" for "healing"). */
  how: 'exact' | 'stem' | 'prefix' | 'fuzzy';
}

interface QueryTerm {
  term: string;
  words: Map<string, Found>;
  /** A stop word typed last: a prefix that may add to a result's score, never required. */
  optional: boolean;
}

/**
 * A query read into words (bit q of a mask = `terms[q]`) and what a result
 * needs of them: per needed slot, the masks of its alternatives, one of which
 * it must have whole. A slot is one typed word, or a run of typed words that
 * is a glossary alias, whose further alternatives are the words of the terms
 * it stands for (aliases.ts A1).
 */
interface Query {
  terms: QueryTerm[];
  slots: number[][];
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
  /** The section's text once its text part is loaded, else ''. */
  text: string;
}

export interface SearchResults {
  hits: SearchHit[];
  /** Words to highlight: the query's words and the index words its typos matched. */
  terms: string[];
  /**
   * Parts to fetch before the results are complete (addresses, format.ts
   * `partPath`): the postings of the query's words (then `hits` is empty and
   * `total` unknown, 0), or the page parts of results not shown yet (`hits`
   * holds the best results up to the first of those). A word that stands for
   * many index words (a short prefix, a typo) is first read as its best
   * words alone (`leadWords`): once their results show, the postings of the
   * others are listed here too, and `hits` and `total` are provisional until
   * they are added.
   */
  missing: string[];
  /** Text parts of the shown hits not loaded yet (excerpts follow without them). */
  missingTexts: string[];
  /** Number of matching sections (hits holds the best `limit` of them). */
  total: number;
}

export interface QueryOptions {
  /** AND: every word must match (default); OR: any word, more words rank higher. */
  combineWith?: 'AND' | 'OR';
  /** Include the drafts index (preview mode), if added. */
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
/** Another form of the word typed ("skill" for "skills"): less than the word itself, more than a prefix or a typo. */
const STEM_WEIGHT = 0.65;
/** The root of a word's forms must be this long to look them up ("hit" for "hits"). */
const MIN_STEM_ROOT = 3;
/** A short prefix ("p") stands for at most this many words, the shortest first. */
const MAX_PREFIX_TERMS = 40;
/** Words of a query read, once question words are left out; and tokens read at all (a pasted page is not a question). */
const MAX_QUERY_TERMS = 8;
const MAX_QUERY_TOKENS = 64;
/** Query words, typed and from aliases, held as bits of a 32-bit mask. */
const MAX_QUERY_BITS = 30;
/** Page parts asked for at once once the first result shows: about a screenful of results. */
const PAGE_PARTS_AHEAD = 8;
// BM25+ constants (the usual values; MiniSearch uses the same).
const K1 = 1.2;
const B = 0.7;
const DELTA = 0.5;

interface Index {
  name: string;
  /** Number of `page` in kindTable (-1 when the index has only catalogue entries). */
  pageKind: number;
  drafts: boolean;
  kindTable: string[];
  kindOf: number[];
  firstSection: Uint32Array;
  pageOf: Uint32Array;
  totals: Record<Field, number>;
  /** First term, page or page of each part, per kind of part. */
  starts: Record<PartKind, Uint32Array>;
  postings: (Record<Field, string[]> | undefined)[];
  pages: (PagesPart & { crumbOf: number[] } | undefined)[];
  texts: (string[] | undefined)[];
  decoded: Map<string, Postings>;
  scratch?: Scratch;
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
  /** Words in the title (pages) or heading (sections), once one of the query's words was found there. */
  named: Uint16Array;
}

interface Scratch {
  page: Scores;
  section: Scores;
}

function scoresFor(n: number): Scores {
  return { score: new Float64Array(n), mask: new Uint32Array(n), sure: new Uint32Array(n), headAny: new Uint32Array(n), head: new Uint32Array(n), headExact: new Uint32Array(n), named: new Uint16Array(n) };
}

function scratchFor(s: Index): Scratch {
  return { page: scoresFor(s.firstSection.length), section: scoresFor(s.pageOf.length) };
}

function clear(s: Scratch): Scratch {
  for (const scores of [s.page, s.section]) for (const a of Object.values(scores)) a.fill(0);
  return s;
}

export class SearchEngine {
  private readonly indexes: Index[] = [];
  /** Index word → where it occurs: [index number, term number in that index]. */
  private readonly vocabulary = new SearchableMap<[number, number][]>();
  /** The glossary's aliases from the manifest (F5). */
  private aliases = new AliasTable();
  private integrity: string | undefined;

  /** Names of the added indexes. */
  get indexNames(): string[] {
    return this.indexes.map((s) => s.name);
  }

  has(name: string): boolean {
    return this.indexes.some((s) => s.name === name);
  }

  /** Adds the indexes of a manifest (F1), the drafts only when asked; all parts must come from the same build. */
  addManifest(manifest: SearchManifest, options: { drafts?: boolean } = {}): void {
    if (manifest.version !== SEARCH_FORMAT_VERSION) {
      throw new Error(`The search index has format ${manifest.version}, this page reads format ${SEARCH_FORMAT_VERSION}: reload the page to get the current site.`);
    }
    this.checkIntegrity(manifest.integrity, 'the manifest');
    this.aliases = new AliasTable(manifest.aliases);
    for (const head of manifest.indexes) if (!head.drafts || options.drafts) this.addIndex(head);
  }

  private addIndex(head: IndexHead): void {
    if (this.has(head.name)) return;
    const counts = decodeNumbers(head.sectionCounts);
    const firstSection = partStarts(counts);
    const pageOf = new Uint32Array(head.sections);
    counts.forEach((n, p) => pageOf.fill(p, firstSection[p]!, firstSection[p]! + n));
    const starts = {
      postings: partStarts(decodeNumbers(head.postingParts)),
      pages: partStarts(decodeNumbers(head.pageParts)),
      texts: partStarts(decodeNumbers(head.textParts)),
    };
    const number = this.indexes.length;
    this.indexes.push({
      name: head.name,
      pageKind: head.kindTable.indexOf('page'),
      drafts: head.drafts,
      kindTable: head.kindTable,
      kindOf: decodeNumbers(head.kinds),
      firstSection,
      pageOf,
      totals: head.totals,
      starts,
      postings: [],
      pages: [],
      texts: [],
      decoded: new Map(),
    });
    head.terms.forEach((term, t) => {
      const refs = this.vocabulary.get(term);
      if (refs) refs.push([number, t]);
      else this.vocabulary.set(term, [[number, t]]);
    });
  }

  /** Adds a part file (F2, F3) of an added index. */
  addPart(data: SearchPart): void {
    if (data.version !== SEARCH_FORMAT_VERSION) {
      throw new Error(`A search index file has format ${data.version}, this page reads format ${SEARCH_FORMAT_VERSION}: reload the page to get the current site.`);
    }
    this.checkIntegrity(data.integrity, `${data.kind} part ${data.part} of ${data.index}`);
    const index = this.indexes.find((s) => s.name === data.index);
    if (!index) throw new Error(`A search index file for "${data.index}" arrived before its manifest.`);
    if (data.kind === 'postings') index.postings[data.part] = data.postings;
    else if (data.kind === 'pages') index.pages[data.part] = { ...data, crumbOf: decodeNumbers(data.crumbs) };
    else index.texts[data.part] = data.texts;
  }

  private checkIntegrity(integrity: string, what: string): void {
    this.integrity ??= integrity;
    if (integrity !== this.integrity) {
      throw new Error(`The search index changed while it was loading (${what} is from another build): reload the page to search the current site.`);
    }
  }

  /** The postings of a term in a field, once its part is here (`undefined` when it has none). */
  private postings(index: Index, field: Field, term: number): Postings | undefined {
    const part = partOf(index.starts.postings, term);
    const encoded = index.postings[part]?.[field][term - index.starts.postings[part]!];
    if (!encoded) return undefined;
    const key = `${field}:${term}`;
    let list = index.decoded.get(key);
    if (!list) index.decoded.set(key, (list = decodePostings(encoded)));
    return list;
  }

  /** Addresses of the parts of a kind not loaded yet, in the published index (and the drafts', when asked). */
  unloadedParts(kind: PartKind, options: { drafts?: boolean } = {}): string[] {
    const out: string[] = [];
    for (const index of this.indexes) {
      if (index.drafts && !options.drafts) continue;
      const loaded = kind === 'postings' ? index.postings : kind === 'pages' ? index.pages : index.texts;
      index.starts[kind].forEach((_, k) => loaded[k] || out.push(partPath(index.name, kind, k)));
    }
    return out;
  }

  /** Index words a query word stands for, with their weights and how they were found. */
  private expand(term: string, typos: boolean): Map<string, Found> {
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
    for (const key of this.formsOf(term)) keep(key, STEM_WEIGHT, 'stem');
    const distance = typos ? fuzzyDistance(term) : 0;
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

  /**
   * Index words that are other forms of a word: the same stem (questions.ts
   * `wordStem`), found under the root the word and its stem share
   * ("abilities" and "ability" under "abilit").
   */
  private formsOf(term: string): string[] {
    const stem = wordStem(term);
    let root = 0;
    while (root < stem.length && stem[root] === term[root]) root++;
    if (root < MIN_STEM_ROOT) return [];
    const forms: string[] = [];
    for (const key of this.vocabulary.atPrefix(term.slice(0, root)).keys()) if (key !== term && wordStem(key) === stem) forms.push(key);
    return forms;
  }

  /**
   * The query's words (questions.ts: question words dropped, the last stop
   * word kept as a prefix being typed), each with the index words it stands
   * for, and the slots a result must fill: a run of words that is a glossary
   * alias may be filled by the term's words instead ("hit points" by
   * "health", aliases.ts A1).
   */
  private queryTerms(query: string, typos: boolean): Query {
    const tokens = [...new Set(tokenize(query))].slice(0, MAX_QUERY_TOKENS);
    // Question words are left out before counting: "how do I know if a fight is too deadly" is about "deadly".
    const words = meaningfulWords(tokens, (t) => STOP_WORDS.has(t));
    const terms: QueryTerm[] = [];
    const add = (term: string, found: Map<string, Found>, optional = false): number => 1 << (terms.push({ term, words: found, optional }) - 1);
    const needed = words.filter((w) => !w.optional).map((w) => w.term).slice(0, MAX_QUERY_TERMS);
    const ends = phraseEnds(tokens, needed);
    const slots: number[][] = [];
    for (let i = 0; i < needed.length; ) {
      const alias = this.aliases.match(needed.slice(i, ends[i]), 0);
      const length = alias?.length ?? 1;
      const alternatives = [needed.slice(i, i + length).reduce((mask, term) => mask | add(term, this.expand(term, typos)), 0)];
      for (const termWords of alias?.terms ?? []) {
        if (terms.length + termWords.length > MAX_QUERY_BITS) break;
        alternatives.push(termWords.reduce((mask, word) => mask | add(word, this.asAlias(this.expand(word, false))), 0));
      }
      slots.push(alternatives);
      i += length;
    }
    for (const { term, optional } of words) {
      if (!optional) continue;
      const found = this.expand(term, typos);
      // A stop word that starts no indexed word is simply not a search word.
      if (found.size > 0) add(term, found, true);
    }
    // Only stop words: each of them is needed.
    if (slots.length === 0) terms.forEach((_, q) => slots.push([1 << q]));
    return { terms, slots };
  }

  /** A term's index words reached through an alias: weighted less, and never an exact heading match (aliases.ts A2). */
  private asAlias(found: Map<string, Found>): Map<string, Found> {
    for (const f of found.values()) {
      f.weight *= ALIAS_WEIGHT;
      if (f.how === 'exact') f.how = 'prefix';
    }
    return found;
  }

  /**
   * The query read as each word's best index words alone: those of its
   * highest weight (the word itself and the rules' word for it, else the
   * nearest completion or typo). "co" stands for seven words of the corpus,
   * seven postings parts of about 14 KB gzipped each; its first screen needs
   * one of them, and the others follow once it shows.
   */
  private leadWords(terms: QueryTerm[]): QueryTerm[] {
    return terms.map((t) => {
      let top = 0;
      for (const { weight } of t.words.values()) top = Math.max(top, weight);
      return { ...t, words: new Map([...t.words].filter(([, f]) => f.weight === top)) };
    });
  }

  /** Postings parts the query's words need that are not here yet. */
  private missingPostings(terms: QueryTerm[], included: boolean[]): string[] {
    const missing = new Set<string>();
    for (const { words } of terms) {
      for (const word of words.keys()) {
        for (const [s, t] of this.vocabulary.get(word) ?? []) {
          const index = this.indexes[s]!;
          const part = partOf(index.starts.postings, t);
          if (included[s] && !index.postings[part]) missing.add(partPath(index.name, 'postings', part));
        }
      }
    }
    return [...missing];
  }

  search(query: string, options: QueryOptions = {}): SearchResults {
    const ranked = this.ranked(query, options, { typos: true, provisional: true });
    if (!ranked.best) return { hits: [], terms: ranked.terms, missing: ranked.missing, missingTexts: [], total: 0 };
    const shown = { ...this.hits(ranked.best.items()), terms: ranked.terms, total: ranked.total };
    // Provisional results: the further words' postings once the first results are on screen, not before.
    if (ranked.missing.length > 0) shown.missing = shown.hits.length > 0 || ranked.total === 0 ? [...shown.missing, ...ranked.missing] : shown.missing;
    return shown;
  }

  /**
   * Page parts the next keystrokes will likely need: those of the best
   * `limit` results (10 by default) of the query read without typos, its last
   * word as the prefix of what is being typed. "rifl" is also "rift" by
   * typo, and its results lead with sections naming both; "rifle" leads with
   * others, whose page parts this names, so the finished word shows without
   * the network. Empty while the query's postings are still missing.
   */
  partsAhead(query: string, options: Omit<QueryOptions, 'combineWith'> = {}): string[] {
    const { best } = this.ranked(query, { ...options, limit: options.limit ?? 10 }, { typos: false });
    const parts = new Set<string>();
    for (const [, , s, i] of best?.items() ?? []) {
      const index = this.indexes[s]!;
      const part = partOf(index.starts.pages, index.pageOf[i]!);
      if (!index.pages[part]) parts.add(partPath(index.name, 'pages', part));
    }
    return [...parts];
  }

  /**
   * The query's best results as ranked, or the postings parts it still needs.
   * `provisional`: once the parts of the words' best index words are here
   * (`leadWords`), ranked with those, the rest named in `missing`.
   */
  private ranked(query: string, options: QueryOptions, read: { typos: boolean; provisional?: boolean }): { terms: string[]; missing: string[]; best?: TopList; total: number } {
    const and = (options.combineWith ?? 'AND') === 'AND';
    const { terms, slots } = this.queryTerms(query, read.typos);
    const highlight = new Set<string>();
    for (const { term, words } of terms) {
      highlight.add(term);
      // Prefix matches show through the typed word; typos need the real word.
      for (const w of words.keys()) if (!w.startsWith(term)) highlight.add(w);
    }
    const none = { terms: [...highlight], missing: [], total: 0 };
    // With AND, a slot none of whose alternatives has all its words in the index leaves nothing to find;
    // a question (R6) is read without it ("handle" in "how much stress can my character handle").
    const unknown = terms.reduce((m, t, q) => (t.words.size === 0 ? m | (1 << q) : m), 0);
    if (terms.length === 0 || (and && !isQuestion(slots) && slots.some((alternatives) => alternatives.every((a) => (a & unknown) !== 0)))) return none;

    const included = this.indexes.map((s) => !s.drafts || !!options.drafts);
    const missing = this.missingPostings(terms, included);
    if (missing.length > 0) {
      const lead = read.provisional ? this.missingPostings(this.leadWords(terms), included) : missing;
      if (lead.length > 0) return { ...none, missing: lead };
    }
    // Words whose postings are not here yet add nothing to the scores (`postings` gives none).
    let scratch = this.score(terms, included);
    let weights: number[] | undefined;
    if (and && slots.length >= 2) {
      // R6: each word counts by how much it tells over sections, the page's title included.
      weights = slotWeights(this.slotCounts(scratch, slots), this.sectionCount(scratch));
      scratch = this.score(terms, included, termScales(slots, weights, terms.length));
    }
    const { best, total } = this.rank(scratch, slots, and, options.limit ?? 50, weights);
    return { ...none, missing, best, total };
  }

  /**
   * The ranked results whose page parts are here, up to the first that is
   * not; the page parts to fetch for the next few; the text parts of the
   * shown ones.
   */
  private hits(items: readonly [number, number, number, number][]): Pick<SearchResults, 'hits' | 'missing' | 'missingTexts'> {
    const hits: SearchHit[] = [];
    const missing = new Set<string>();
    const missingTexts = new Set<string>();
    for (const [strength, score, s, i] of items) {
      const index = this.indexes[s]!;
      const p = index.pageOf[i]!;
      const part = partOf(index.starts.pages, p);
      if (missing.size > 0 || !index.pages[part]) {
        // Nothing shown yet: the first result's part alone, so it shows after one small file.
        if (missing.size >= (hits.length === 0 ? 1 : PAGE_PARTS_AHEAD)) break;
        if (!index.pages[part]) missing.add(partPath(index.name, 'pages', part));
        continue;
      }
      const hit = this.hit(index, part, i, score, strength);
      hits.push(hit);
      if (!hit.text) {
        const textPart = partOf(index.starts.texts, p);
        if (!index.texts[textPart]) missingTexts.add(partPath(index.name, 'texts', textPart));
      }
    }
    return { hits, missing: [...missing], missingTexts: [...missingTexts] };
  }

  /**
   * BM25+ scores and the masks of matched query words, per page and per
   * section of each included index (kept between searches: no garbage to
   * collect while the reader types).
   */
  private score(terms: QueryTerm[], included: boolean[], scale?: readonly number[]): (Scratch | undefined)[] {
    const docs = { page: 0, section: 0 };
    const totals = Object.fromEntries(ALL_FIELDS.map((f) => [f, 0])) as Record<Field, number>;
    this.indexes.forEach((s, i) => {
      if (!included[i]) return;
      docs.page += s.firstSection.length;
      docs.section += s.pageOf.length;
      for (const f of ALL_FIELDS) totals[f] += s.totals[f];
    });
    const scratch = this.indexes.map((s, i) => (included[i] ? clear((s.scratch ??= scratchFor(s))) : undefined));
    terms.forEach(({ words }, q) => {
      const bit = 1 << q;
      for (const [word, { weight, how }] of words) {
        const refs = (this.vocabulary.get(word) ?? []).filter(([s]) => included[s]);
        for (const field of ALL_FIELDS) {
          const lists = refs.map(([s, t]) => [s, this.postings(this.indexes[s]!, field, t)] as const);
          const df = lists.reduce((n, [, l]) => n + (l?.docs.length ?? 0), 0);
          if (df === 0) continue;
          const n = isPageField(field) ? docs.page : docs.section;
          const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
          const avg = totals[field] / n || 1;
          // R6: a page's title and breadcrumb count for each of its sections, so a word there is scaled by what it tells over sections.
          const factor = weight * FIELD_BOOST[field] * idf * (isPageField(field) ? (scale?.[q] ?? 1) : 1);
          const named = field === 'title' || field === 'heading';
          for (const [s, list] of lists) {
            if (list) addPostings(isPageField(field) ? scratch[s]!.page : scratch[s]!.section, list, { factor, avg, bit, named, how });
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
   * A query with an alias needs, of each slot, the alternative it has
   * (`chooseAlternatives`); one without needs every word. A question (R6)
   * needs half of the words that can be found, those with all of them first.
   */
  private rank(scratch: (Scratch | undefined)[], slots: number[][], and: boolean, limit: number, weights?: number[]): { best: TopList; total: number } {
    const plain = slots.every((alternatives) => alternatives.length === 1);
    const full = slots.reduce((m, [first]) => m | first!, 0);
    const words = bitCount(full);
    const question = weights && isQuestion(slots) ? weights : undefined;
    const findable = question?.filter((w) => w > 0).length ?? 0;
    const chosen: Chosen = { need: full, others: 0 };
    const facts: MatchFacts = { full, words, or: !and, matched: 0, sure: 0, heading: 0, headingAny: 0, headingExact: 0, headingLength: 0, isPage: true };
    const best = new TopList(limit);
    let total = 0;
    scratch.forEach((sc, s) => {
      if (!sc) return;
      const { pageOf, firstSection, kindOf, pageKind } = this.indexes[s]!;
      const { page, section } = sc;
      for (let i = 0; i < pageOf.length; i++) {
        const p = pageOf[i]!;
        const own = section.mask[i]!;
        const lead = firstSection[p] === i;
        if (own === 0 && (!lead || page.mask[p] === 0)) continue;
        const matched = own | page.mask[p]!;
        const heading = section.head[i]! | page.head[p]!;
        let coverage = 1;
        if (question) {
          const filled = slotsFilled(slots, matched);
          if (bitCount(filled) * 2 < findable) continue;
          coverage = coverageOf(question, filled);
          if (!plain) chooseAlternatives(slots, matched, heading, false, chosen);
        } else if (plain ? and && (matched & full) !== full : !chooseAlternatives(slots, matched, heading, and, chosen)) continue;
        // A lead section (never headed) is named by its page's title (a catalogue entry's name), the others by their heading.
        // One object, filled per section: no garbage for the thousands a common word matches.
        if (!plain) {
          facts.full = chosen.need;
          facts.words = bitCount(chosen.need);
        }
        facts.matched = matched & ~chosen.others;
        facts.sure = section.sure[i]! | page.sure[p]!;
        facts.heading = heading;
        facts.headingAny = section.headAny[i]! | page.headAny[p]!;
        facts.headingExact = lead ? page.headExact[p]! : section.headExact[i]!;
        facts.headingLength = lead ? page.named[p]! : section.named[i]!;
        facts.isPage = kindOf[p] === pageKind;
        const strength = question ? questionStrength(facts, coverage === 1) : strengthOf(facts);
        total++;
        best.offer(strength, (section.score[i]! + page.score[p]!) * coverage, s, i);
      }
    });
    return { best, total };
  }

  /** Per slot of the query, the number of sections that fill it (with their page's title and breadcrumb). */
  private slotCounts(scratch: (Scratch | undefined)[], slots: number[][]): number[] {
    const counts = slots.map(() => 0);
    scratch.forEach((sc, s) => {
      if (!sc) return;
      const { pageOf, firstSection } = this.indexes[s]!;
      for (let i = 0; i < pageOf.length; i++) {
        const p = pageOf[i]!;
        const own = sc.section.mask[i]!;
        if (own === 0 && (firstSection[p] !== i || sc.page.mask[p] === 0)) continue;
        const filled = slotsFilled(slots, own | sc.page.mask[p]!);
        for (let k = 0; k < slots.length; k++) if (filled & (1 << k)) counts[k]!++;
      }
    });
    return counts;
  }

  private sectionCount(scratch: (Scratch | undefined)[]): number {
    return scratch.reduce((n, sc, s) => (sc ? n + this.indexes[s]!.pageOf.length : n), 0);
  }

  private hit(index: Index, part: number, i: number, score: number, strength: number): SearchHit {
    const pages = index.pages[part]!;
    const p = index.pageOf[i]!;
    const local = p - index.starts.pages[part]!;
    const at = i - index.firstSection[index.starts.pages[part]!]!;
    const heading = pages.headings[at] || undefined;
    const anchor = pages.anchors[at] || (heading ? slug(heading) : undefined);
    const path = pages.paths[local]!;
    const textPart = partOf(index.starts.texts, p);
    const texts = index.texts[textPart];
    return {
      id: anchor ? `${path}#${anchor}` : path,
      score,
      strength,
      path,
      anchor,
      pageTitle: pages.titles[local]!,
      heading,
      breadcrumb: pages.crumbTable[pages.crumbOf[local]!] ?? '',
      kind: index.kindTable[index.kindOf[p]!] ?? 'page',
      draft: index.drafts,
      text: texts?.[i - index.firstSection[index.starts.texts[textPart]!]!] ?? '',
    };
  }
}

/**
 * For each needed word of a query, where the run of words it starts an alias
 * in ends: a question word left out between two words parts them ("how many
 * dice do I roll" is not the alias "dice roll"), a stop word does not, as
 * aliases leave stop words out too (aliases.ts A4).
 */
function phraseEnds(tokens: readonly string[], needed: readonly string[]): number[] {
  const runEnd: number[] = [];
  let k = 0;
  let start = 0;
  for (const token of tokens) {
    if (k < needed.length && token === needed[k]) k++;
    else if (!STOP_WORDS.has(token) && k > start) {
      runEnd.push(...Array<number>(k - start).fill(k));
      start = k;
    }
  }
  runEnd.push(...Array<number>(needed.length - start).fill(needed.length));
  return runEnd;
}

/** One word's postings in one field, added to the scores (BM25+ with the posting's own field length). */
function addPostings(sc: Scores, list: Postings, o: { factor: number; avg: number; bit: number; named: boolean; how: Found['how'] }): void {
  const { docs, counts, lengths } = list;
  const { factor, avg, bit, named, how } = o;
  for (let j = 0; j < docs.length; j++) {
    const doc = docs[j]!;
    const tf = counts[j]!;
    const norm = K1 * (1 - B + (B * lengths[j]!) / avg);
    sc.score[doc] += factor * (DELTA + (tf * (K1 + 1)) / (tf + norm));
    sc.mask[doc] |= bit;
    if (named) {
      sc.headAny[doc] |= bit;
      sc.named[doc] = lengths[j]!;
    }
    if (how === 'fuzzy') continue;
    sc.sure[doc] |= bit;
    if (!named) continue;
    sc.head[doc] |= bit;
    if (how === 'exact') sc.headExact[doc] |= bit;
  }
}
