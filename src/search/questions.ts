/**
 * How search reads a question typed in plain English. Pure, query side only:
 * the index keeps every word it had, so its format does not change.
 *
 * "how do I heal" has one word that says what it is about. The others
 * ("how", "do", "many", "up"...) are in hundreds of sections, so requiring
 * them, or letting them add score, pushed the right section out of the top
 * results. A question word is left out of a query that has any other word;
 * a query made only of them ("how", "up") still searches for them.
 *
 * "up" is one of them: in "level up", "pick up" or "power up" the verb
 * carries the meaning, and no heading of the rules has "up" in it.
 *
 * Players also ask in the words of other games or in plain words: "level"
 * for this game's rank, "hit points" for Health. Those are the glossary's
 * aliases, kept beside each term in the content (aliases.ts), not here.
 */

/** Words that shape a question without saying what it is about. */
export const QUESTION_WORDS: ReadonlySet<string> = new Set(
  (
    'how what whats when where why who which whose do does did doing done can could should would ' +
    'will may might must shall i im me my mine we us our you your a an the of to for in on at by ' +
    'is are was be am many much up get gets got make makes happen happens work works there any'
  ).split(' '),
);

/**
 * The words of a query that say what it is about, in order. With a subject
 * word present, question words and stop words are left out. Without one,
 * stop words are left out except the last, kept `optional`: not in the
 * index, it can only be the start of a longer word being typed ("the"
 * becoming "theft").
 */
export function meaningfulWords(tokens: readonly string[], isStopWord: (word: string) => boolean): { term: string; optional: boolean }[] {
  const hasSubject = tokens.some((t) => !QUESTION_WORDS.has(t) && !isStopWord(t));
  const out: { term: string; optional: boolean }[] = [];
  tokens.forEach((term, i) => {
    if (hasSubject && QUESTION_WORDS.has(term)) return;
    if (!isStopWord(term)) out.push({ term, optional: false });
    else if (i === tokens.length - 1) out.push({ term, optional: true });
  });
  return out;
}

/**
 * A word reduced to the form its other forms share: plural, -ing and -ed
 * endings off, a final e dropped, and the last letter a verb doubled before
 * its ending ("levelling",
 * "levels" and "level" are all "level"; "exploding", "explode" are
 * "explod"; "abilities" is "ability"). Used on both sides alike: a query's
 * word and the index's words (engine.ts), an alias and a query (aliases.ts).
 */
export function wordStem(word: string): string {
  let w = word;
  let verb = false;
  if (w.length > 4 && w.endsWith('ies')) w = `${w.slice(0, -3)}y`;
  else if (w.length > 5 && w.endsWith('ing')) [w, verb] = [w.slice(0, -3), true];
  else if (w.length > 4 && w.endsWith('ed')) [w, verb] = [w.slice(0, -2), true];
  else if (w.length > 3 && w.endsWith('s') && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  if (w.length > 3 && w.endsWith('e')) w = w.slice(0, -1);
  // "levelling" is "level", but "comms" is not "come".
  if (verb && w.length > 3 && w[w.length - 1] === w[w.length - 2]) w = w.slice(0, -1);
  return w;
}
