/**
 * Counts in words: "1 core", "2 cores", "0 cores" (the plural is given, not
 * guessed: "1 property", "3 properties").
 */
export function countOf(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
