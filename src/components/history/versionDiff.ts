/**
 * What changed between a saved version and the document now, as the paths
 * of the values that differ ("properties.rate", "features.1"), so history
 * can say it before a restore. Bookkeeping (id, kind, schema version, dates,
 * revision) is left out: it changes on every save and says nothing.
 */
const BOOKKEEPING = new Set(['id', 'kind', 'schemaVersion', 'createdAt', 'updatedAt', 'revision']);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/** Leaf paths whose values differ; a list that changed length is one path (the list). */
export function changedPaths(before: unknown, after: unknown, at = ''): string[] {
  if (Object.is(before, after)) return [];
  if (Array.isArray(before) && Array.isArray(after)) {
    if (before.length !== after.length) return [at];
    return before.flatMap((b, i) => changedPaths(b, after[i], at ? `${at}.${i}` : String(i)));
  }
  if (isObject(before) && isObject(after) && !Array.isArray(before) && !Array.isArray(after)) {
    const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])].filter((k) => at || !BOOKKEEPING.has(k));
    return keys.flatMap((k) => changedPaths(before[k], after[k], at ? `${at}.${k}` : k));
  }
  return [at];
}
