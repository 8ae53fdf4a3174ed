/**
 * How search orders its results. Pure.
 *
 * BM25+ alone let a long catalogue text that repeats a word, or an entry
 * whose name merely contains it, bury the rules section named after it
 * ("armour" put the Armour rules 10th). So results are ordered first by how
 * they match (their strength), and only then by score. The rules, from the
 * first to decide to the last:
 *
 *  R1. Fuzzy matches never outrank exact ones: a result whose every matched
 *      query word was found as typed (whole, or as the start of a longer
 *      word) outranks any result that needed a typo for one of them.
 *  R2. An exact title or heading match outranks everything else: the
 *      section's heading (for a page's lead section, the page title; for a
 *      catalogue entry, its name) has exactly the query's words.
 *  R3. Then a heading that contains all the query's words (the page title
 *      counts with a section's heading) outranks one that contains some, and
 *      that outranks a match in body text only. Among results that needed a
 *      typo, a heading matched through the typo counts here too.
 *  R4. At equal strength under R1–R3, a page's section outranks a catalogue
 *      entry: the rules come before the gear that mentions them.
 *  R5. Then the BM25+ score decides (fields weighted title 4, heading 2.5,
 *      a table row's first cell 2, text 1, breadcrumb 0.5; prefix and typo
 *      matches weighted less).
 *
 *  R6. A question (three words or more once question words are left out:
 *      "how do I know if a fight is too deadly" is "know fight too deadly")
 *      does not need every word: players add words the answer does not use.
 *      Each word weighs what it tells over sections (its IDF: "deadly", in
 *      a few, weighs more than "know"); a word no section has weighs
 *      nothing. A result needs at least half of the words that can be found;
 *      those with all of them come first (ordered by R1–R5), then the others
 *      (by R1–R4, then their score times the share of the weight they have).
 *      In any query of two words or more, a word's score from a page's title
 *      and breadcrumb, which count for every section of the page, is scaled
 *      by its weight over the heaviest word's: "character" in "how many hit
 *      points does my character have" no longer lifts every section of the
 *      Characters page above Health.
 *
 * With OR (shown when no section has every word), the number of query words
 * a result matches comes before R1.
 *
 * A run of query words that is a glossary alias (aliases.ts) may be matched
 * by the term's words instead. R1–R3 then judge, of each such run, the
 * alternative the result has (`chooseAlternatives`), as if it had been
 * typed; the term's words are never an exact heading match (R2), and count
 * less under R5.
 */

/** How well a section matched, from the masks of query words (bit q = query word q). */
export interface MatchFacts {
  /** The bits of the query words a result needs (a stop word typed last is not needed). */
  full: number;
  /** Query words the section (with its page's title and breadcrumb) matched at all. */
  matched: number;
  /** Of those, the ones matched without a typo. */
  sure: number;
  /** Query words found in its heading or page title, without a typo (prefix allowed). */
  heading: number;
  /** The same, typos allowed: for ordering results that needed a typo among themselves. */
  headingAny: number;
  /** Query words found whole in its own heading (the page title for a lead section). */
  headingExact: number;
  /** Number of indexed words in that heading (or title). */
  headingLength: number;
  /** Number of query words needed (bits in `full`). */
  words: number;
  /** A page's section (true) or a catalogue entry (false). */
  isPage: boolean;
  /** OR mode: more words matched rank first. */
  or: boolean;
}

/** Heading tiers of R2 and R3. */
export const HEADING_EXACT = 3;
export const HEADING_ALL = 2;
export const HEADING_SOME = 1;
export const BODY_ONLY = 0;

export function headingTier(f: Pick<MatchFacts, 'full' | 'headingExact' | 'headingLength' | 'words'>, heading: number): number {
  if ((f.headingExact & f.full) === f.full && f.headingLength === f.words) return HEADING_EXACT;
  if ((heading & f.full) === f.full) return HEADING_ALL;
  return heading !== 0 ? HEADING_SOME : BODY_ONLY;
}

/** One number that orders results by R1–R4 (higher first); R5 breaks its ties. */
export function strengthOf(f: MatchFacts): number {
  const needed = f.matched & f.full;
  const fuzzyFree = (f.sure & needed) === needed ? 1 : 0;
  const orWords = f.or ? bitCount(f.matched) : 0;
  // A typo may lift a heading only among results that needed a typo (R1 keeps them below the rest).
  const tier = headingTier(f, fuzzyFree ? f.heading : f.headingAny);
  return (orWords << 4) | (fuzzyFree << 3) | (tier << 1) | (f.isPage ? 1 : 0);
}

/** What a result needs of a query with alternatives: the bits of the alternatives it is judged by, and of the others. */
export interface Chosen {
  need: number;
  others: number;
}

/**
 * Per slot of the query (its alternatives' masks), the alternative a result
 * is judged by: one it has whole, preferring one wholly in its heading, else
 * the first (the words as typed). With AND a slot none of whose alternatives
 * it has leaves it out (false); with OR such a slot is judged by its words
 * as typed. Fills `out` (one object for every section: no garbage).
 */
export function chooseAlternatives(slots: readonly (readonly number[])[], matched: number, heading: number, and: boolean, out: Chosen): boolean {
  out.need = 0;
  out.others = 0;
  for (const alternatives of slots) {
    let pick = -1;
    for (const a of alternatives) {
      if ((matched & a) !== a) continue;
      if (pick < 0 || ((heading & a) === a && (heading & pick) !== pick)) pick = a;
    }
    if (pick < 0) {
      if (and) return false;
      pick = alternatives[0]!;
    }
    out.need |= pick;
    for (const a of alternatives) if (a !== pick) out.others |= a;
  }
  return true;
}

/** A query of this many slots or more is read as a question (R6). */
export const QUESTION_SLOTS = 3;

export function isQuestion(slots: readonly (readonly number[])[]): boolean {
  return slots.length >= QUESTION_SLOTS;
}

/** Bit k set when the section has slot k whole, by one of its alternatives. */
export function slotsFilled(slots: readonly (readonly number[])[], matched: number): number {
  let filled = 0;
  slots.forEach((alternatives, k) => {
    if (alternatives.some((a) => (matched & a) === a)) filled |= 1 << k;
  });
  return filled;
}

/**
 * Per slot, how much having it tells (its IDF over sections): a word in a
 * few sections ("deadly") weighs more than one in half of them ("know").
 * A slot no section fills weighs nothing: there is nothing to find for it.
 */
export function slotWeights(counts: readonly number[], sections: number): number[] {
  return counts.map((df) => (df === 0 ? 0 : Math.log(1 + (sections - df + 0.5) / (df + 0.5))));
}

/** Per query word (bit q), its slot's weight over the heaviest slot's: the scale of its score (R6). */
export function termScales(slots: readonly (readonly number[])[], weights: readonly number[], terms: number): number[] {
  const top = Math.max(...weights);
  const scales = Array<number>(terms).fill(1);
  if (!(top > 0)) return scales;
  slots.forEach((alternatives, k) => {
    for (const a of alternatives) for (let q = 0; q < terms; q++) if (a & (1 << q)) scales[q] = weights[k]! / top;
  });
  return scales;
}

/** The share of the slots' weight that the filled ones carry (0 when no slot can be filled). */
export function coverageOf(weights: readonly number[], filled: number): number {
  let have = 0;
  let all = 0;
  weights.forEach((w, k) => {
    all += w;
    if (filled & (1 << k)) have += w;
  });
  return all > 0 ? have / all : 0;
}

/** R6's order: a result with every findable word first, then R1–R4 as `strengthOf` judges them. */
export function questionStrength(f: MatchFacts, complete: boolean): number {
  return ((complete ? 1 : 0) << 5) | strengthOf(f);
}

export function bitCount(n: number): number {
  let c = 0;
  for (; n; n &= n - 1) c++;
  return c;
}

/** The best `size` entries offered, by strength then score; ties keep their order. */
export class TopList {
  private readonly entries: [strength: number, score: number, index: number, section: number][] = [];
  constructor(private readonly size: number) {}

  offer(strength: number, score: number, index: number, section: number): void {
    const e = this.entries;
    if (this.size <= 0) return;
    const last = e[e.length - 1];
    if (e.length >= this.size && last && (strength < last[0] || (strength === last[0] && score <= last[1]))) return;
    let lo = 0;
    let hi = e.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const [s, sc] = e[mid]!;
      if (s > strength || (s === strength && sc >= score)) lo = mid + 1;
      else hi = mid;
    }
    e.splice(lo, 0, [strength, score, index, section]);
    if (e.length > this.size) e.pop();
  }

  items(): readonly [number, number, number, number][] {
    return this.entries;
  }
}
