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
