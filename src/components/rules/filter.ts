/**
 * The gear lists' text filter, forgiving of one slip per word.
 *
 * 1. Every word of the query must match: as part of the row's text, or, for
 *    a word of 4 letters or more, a whole word of the row one edit away
 *    (a letter missing, extra, wrong or two swapped: "plsma" finds plasma).
 * 2. Case does not matter; an empty query matches every row.
 */
export function matchesFilter(text: string, query: string): boolean {
  const hay = text.toLowerCase();
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const rowWords = hay.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
  return words.every((w) => hay.includes(w) || (w.length >= 4 && rowWords.some((r) => oneEditApart(w, r))));
}

/** At most one insertion, deletion, substitution or swap of neighbours turns `a` into `b`. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return true;
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  return a.length > b.length ? a.slice(i + 1) === b.slice(i) : a.slice(i) === b.slice(i + 1);
}
