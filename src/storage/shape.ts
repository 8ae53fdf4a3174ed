/**
 * How deep and how wide a document from outside (a share link, an imported
 * file) may be before anything else reads it. A real document nests a
 * dozen levels and holds a few thousand values; a crafted one of 200,000
 * nested lists fits in a 2 MB link, parses, and then overflows the stack of
 * everything that walks it recursively (JSON.stringify, structuredClone,
 * IndexedDB, the schema check): "Save a copy" threw, and nothing was said.
 * This walk keeps its own stack, so it never overflows itself, and stops
 * at the first limit passed.
 */

/** Objects and lists inside one another, the document itself being level 1. */
export const MAX_DOCUMENT_DEPTH = 64;
/** Values of every kind in one document (each object, list, text, number …). */
export const MAX_DOCUMENT_VALUES = 100_000;

/** What is wrong with the shape of `value`, as the end of a sentence, or null when it is within the limits. */
export function shapeProblem(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 1]];
  let values = 0;
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (++values > MAX_DOCUMENT_VALUES) return `it holds more than ${MAX_DOCUMENT_VALUES.toLocaleString('en')} values, and a document may hold at most that many`;
    if (!v || typeof v !== 'object') continue;
    if (depth > MAX_DOCUMENT_DEPTH) return `it nests more than ${MAX_DOCUMENT_DEPTH} levels deep, and a document may nest at most ${MAX_DOCUMENT_DEPTH}`;
    const inner = Array.isArray(v) ? v : Object.values(v as Record<string, unknown>);
    if (values + stack.length + inner.length > MAX_DOCUMENT_VALUES) return `it holds more than ${MAX_DOCUMENT_VALUES.toLocaleString('en')} values, and a document may hold at most that many`;
    for (const x of inner) stack.push([x, depth + 1]);
  }
  return null;
}
