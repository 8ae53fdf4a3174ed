/**
 * Size limits of a condition (SPEC.md L1, L2), checked before anything
 * else walks it: the compiler, `undefined` detection and deep equality are
 * recursive, so a condition nested thousands deep would end in a stack
 * overflow instead of a sentence, and a shared sub-object (possible outside
 * JSON) could make a walk exponential. `$regex` has its own limits (regex.ts).
 * The counts (L6) bound what a query builds per document it returns: without
 * them `surround.before: 1e9` fills the memory before it fails.
 */
import { QueryError } from './errors';

export const QUERY_LIMITS = {
  /** Objects and lists inside one condition, counting the condition itself. */
  depth: 64,
  /** Values (objects, lists, keys' values and list elements) in one parameter. */
  values: 100_000,
  /** Documents before, and documents after, in one `surround` (each list is built in memory). */
  surround: 1_000,
  /** Dot paths in `only`, and in `without`: every result document is walked once per path. */
  paths: 1_000,
  /** Sort keys in all the sort objects of `sort`: documents that tie compare once per key. */
  sortKeys: 100,
} as const;

interface Walk {
  values: number;
}

/** Returns the problem found in `value` at `depth` (1 for the condition itself), if any. */
function problemIn(value: unknown, depth: number, walk: Walk): string | undefined {
  if (++walk.values > QUERY_LIMITS.values) return `holds more than ${QUERY_LIMITS.values} values`;
  if (value === null || typeof value !== 'object') return undefined;
  if (depth > QUERY_LIMITS.depth) return `nests deeper than ${QUERY_LIMITS.depth} levels of objects and lists (write one $and or $or with many conditions rather than nesting them)`;
  for (const child of Array.isArray(value) ? value : Object.values(value)) {
    const problem = problemIn(child, depth + 1, walk);
    if (problem) return problem;
  }
  return undefined;
}

/**
 * Throws QueryError(parameter) when the conditions of a parameter nest too
 * deep or hold too many values. Recursion stops at the depth limit, so the
 * check itself cannot overflow the stack.
 */
export function checkLimits(conditions: readonly unknown[], parameter: string, label = parameter): void {
  const walk: Walk = { values: 0 };
  for (const condition of conditions) {
    const problem = problemIn(condition, 1, walk);
    if (problem) throw new QueryError(parameter, `'${label}' ${problem}`);
  }
}
