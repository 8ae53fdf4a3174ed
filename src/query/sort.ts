/**
 * Ordering of documents (SPEC.md S1–S9). Sorting never mutates its input and
 * is stable: documents that compare equal keep their input order.
 */
import type { SortSpec } from './params';
import { getPath, type Doc } from './values';

export interface SortKey {
  field: string;
  direction: 1 | -1;
  /** null: strings compare by UTF-16 code unit (JS `<`). */
  collator: Intl.Collator | null;
}

/** Flattens sort objects into keys in written order (S2), each with its object's options. */
export function sortKeys(specs: readonly SortSpec[]): SortKey[] {
  const keys: SortKey[] = [];
  for (const spec of specs) {
    const collated = spec.$locale !== undefined || spec.$numeric === true || spec.$sensitivity !== undefined || spec.$caseFirst !== undefined;
    const collator = collated
      ? new Intl.Collator(spec.$locale ?? 'en', {
          numeric: spec.$numeric === true,
          ...(spec.$sensitivity ? { sensitivity: spec.$sensitivity } : {}),
          ...(spec.$caseFirst ? { caseFirst: spec.$caseFirst } : {}),
        })
      : null;
    for (const field of Object.keys(spec)) {
      if (!field.startsWith('$')) keys.push({ field, direction: spec[field] === -1 ? -1 : 1, collator });
    }
  }
  return keys;
}

/** Order of kinds when a field holds values of different kinds (S5). */
function kind(value: unknown): number {
  switch (typeof value) {
    case 'number':
      return 0;
    case 'string':
      return 1;
    case 'boolean':
      return 2;
    default:
      return 3; // objects and arrays: equal among themselves
  }
}

const sign = (n: number): number => (n < 0 ? -1 : n > 0 ? 1 : 0);

/** Compares two field values for one key; null and missing are last in both directions (S4). */
export function compareValues(a: unknown, b: unknown, key: Pick<SortKey, 'direction' | 'collator'>): number {
  const aNone = a === null || a === undefined;
  const bNone = b === null || b === undefined;
  if (aNone || bNone) return aNone === bNone ? 0 : aNone ? 1 : -1;
  const ka = kind(a);
  const kb = kind(b);
  let c: number;
  if (ka !== kb) c = ka - kb;
  else if (ka === 0) c = (a as number) - (b as number);
  else if (ka === 1) c = key.collator ? key.collator.compare(a as string, b as string) : a < b ? -1 : a > b ? 1 : 0;
  else if (ka === 2) c = Number(a) - Number(b);
  else c = 0;
  return sign(c) * key.direction;
}

const stemCollator = new Intl.Collator('en', { numeric: true, sensitivity: 'variant' });
const isIndex = (segment: string): boolean => segment.replace(/^\d+\./, '') === 'index';

/**
 * The default order (S6): stems segment by segment, numerically (`2.x` before
 * `10.x`), a folder's `index` first, a shorter stem before its extensions.
 * The same rule as src/content's `compareStems`, so listings, surround and
 * navigation share one order.
 */
export function compareStems(a: string, b: string): number {
  const as = a.split('/');
  const bs = b.split('/');
  for (let i = 0; i < Math.min(as.length, bs.length); i++) {
    const ai = isIndex(as[i]!);
    const bi = isIndex(bs[i]!);
    if (ai !== bi) return ai ? -1 : 1;
    const c = stemCollator.compare(as[i]!, bs[i]!);
    if (c !== 0) return sign(c);
  }
  return sign(as.length - bs.length);
}

/** Default comparator: by `stem`; documents without a string stem go last. */
export function compareByStem(a: unknown, b: unknown): number {
  const sa = getPath(a, 'stem');
  const sb = getPath(b, 'stem');
  const aOk = typeof sa === 'string';
  const bOk = typeof sb === 'string';
  if (!aOk || !bOk) return aOk === bOk ? 0 : aOk ? -1 : 1;
  return compareStems(sa, sb);
}

/** The comparator for a `sort` parameter: several keys order like SQL `ORDER BY a, b` (S1). */
export function comparatorFor(specs: readonly SortSpec[] | undefined): (a: unknown, b: unknown) => number {
  const keys = sortKeys(specs ?? []);
  if (!keys.length) return compareByStem;
  return (a, b) => {
    for (const key of keys) {
      const c = compareValues(getPath(a, key.field), getPath(b, key.field), key);
      if (c !== 0) return c;
    }
    return 0;
  };
}

/** A sorted copy (stable). */
export function sortDocuments<T extends Doc | unknown>(docs: readonly T[], specs?: readonly SortSpec[]): T[] {
  return [...docs].sort(comparatorFor(specs));
}
