/**
 * The glossary's aliases on the query side (pure). A reader asks in plain
 * words ("stress", "hit points"); the answer uses the game's ("Strain",
 * "Health"). The glossary lists, beside each term, what it is also called
 * (src/content/glossary.ts); the build writes that list once into the
 * search manifest (format.ts F1: one small table, not per part), and here a
 * query's words are looked up in it.
 *
 *  A1. A run of a query's words that is an alias (one word or several, the
 *      longest first) stands for itself or for the term: either must be in a
 *      result, so "hit points" finds sections with both words, and the
 *      Health section though it has neither.
 *  A2. The term's words count a little less than the words typed
 *      (`ALIAS_WEIGHT`), and never as an exact heading match (ranking.ts R2):
 *      a heading that says what the reader typed stays above one that says
 *      it in the game's words.
 *  A3. Words are compared by their stem (`wordStem`, questions.ts), so
 *      "needed" finds the alias "successes needed" and "perks" finds
 *      "perk". The index keeps words as written; the engine reads a query's
 *      word as every index word with its stem (engine.ts), the same
 *      function on both sides.
 *  A4. Question words and stop words are left out of aliases as they are of
 *      queries (questions.ts), so "who goes first" is the alias "goes first".
 */
import { STOP_WORDS, tokenize } from './format';
import { QUESTION_WORDS, wordStem } from './questions';

/** Weight of a term's words found through an alias, relative to a word as typed (A2). */
export const ALIAS_WEIGHT = 0.85;
/** Terms an alias may stand for: an alias shared by more says little about any. */
const MAX_TERMS_PER_ALIAS = 3;

/** The words of an alias or term that a query can match (A4); all of them when every one is a question word. */
export function phraseWords(text: string): string[] {
  const words = tokenize(text).filter((t) => !STOP_WORDS.has(t));
  const telling = words.filter((t) => !QUESTION_WORDS.has(t));
  return telling.length > 0 ? telling : words;
}

/** An alias found in a query: how many of its words it covers, and the words of each term it stands for. */
export interface AliasMatch {
  length: number;
  terms: string[][];
}

interface Alias {
  stems: string[];
  terms: string[][];
}

/** The aliases of a manifest (term → aliases, as the glossary writes them), ready for lookup. */
export class AliasTable {
  /** The stem of an alias's first word → the aliases starting with it, longest first. */
  private readonly byFirst = new Map<string, Alias[]>();

  constructor(aliases: Readonly<Record<string, readonly string[]>> = {}) {
    const byStems = new Map<string, Alias>();
    for (const [term, list] of Object.entries(aliases)) {
      const termWords = phraseWords(term);
      if (termWords.length === 0) continue;
      for (const alias of list) {
        const stems = phraseWords(alias).map(wordStem);
        // An alias that is the term itself adds nothing.
        if (stems.length === 0 || stems.join(' ') === termWords.map(wordStem).join(' ')) continue;
        const key = stems.join(' ');
        let entry = byStems.get(key);
        if (!entry) byStems.set(key, (entry = { stems, terms: [] }));
        if (entry.terms.length < MAX_TERMS_PER_ALIAS && !entry.terms.some((t) => t.join(' ') === termWords.join(' '))) entry.terms.push(termWords);
      }
    }
    for (const entry of byStems.values()) {
      const list = this.byFirst.get(entry.stems[0]!) ?? [];
      list.push(entry);
      this.byFirst.set(entry.stems[0]!, list);
    }
    for (const list of this.byFirst.values()) list.sort((a, b) => b.stems.length - a.stems.length);
  }

  get size(): number {
    let n = 0;
    for (const list of this.byFirst.values()) n += list.length;
    return n;
  }

  /** The longest alias that the query's words start with at `at` (A1), if any. */
  match(words: readonly string[], at: number): AliasMatch | undefined {
    const first = words[at];
    if (first === undefined) return undefined;
    for (const alias of this.byFirst.get(wordStem(first)) ?? []) {
      if (at + alias.stems.length > words.length) continue;
      if (alias.stems.every((s, k) => wordStem(words[at + k]!) === s)) return { length: alias.stems.length, terms: alias.terms };
    }
    return undefined;
  }
}

/**
 * The glossary's rows as the manifest stores them: term (lower-cased) → its
 * aliases, a term listed twice (a street word and a rule) merged.
 */
export function aliasMapOf(glossary: readonly { term: string; aliases: readonly string[] }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const { term, aliases } of glossary) {
    const key = term.replace(/\s+/g, ' ').trim().toLowerCase();
    if (!key) continue;
    const list = (out[key] ??= []);
    for (const alias of aliases) {
      const a = alias.replace(/\s+/g, ' ').trim().toLowerCase();
      if (a && !list.includes(a)) list.push(a);
    }
  }
  return out;
}
