/**
 * Small helpers over JSON values: dot-path access, deep equality and
 * projections (`only` / `without`). Documents are JSON values: plain objects,
 * arrays, strings, finite numbers, booleans and null.
 */

export type Doc = Record<string, unknown>;

export function isPlainObject(value: unknown): value is Doc {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

const hasOwn = (obj: object, key: string): boolean => Object.prototype.hasOwnProperty.call(obj, key);

/** Writes an own property even for keys like `__proto__`. */
function setOwn(obj: Doc, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

const INDEX = /^(0|[1-9]\d*)$/;

/**
 * The value at a dot path (`nested.users.0`): object keys are own properties,
 * a numeric segment indexes an array; anything else is `undefined` (missing).
 */
export function getPath(value: unknown, path: string): unknown {
  let current = value;
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    if (Array.isArray(current)) {
      if (!INDEX.test(segment)) return undefined;
      current = current[Number(segment)];
    } else {
      if (!hasOwn(current, segment)) return undefined;
      current = (current as Doc)[segment];
    }
  }
  return current;
}

/** Structural equality of JSON values (key order does not matter). */
export function deepEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((x, i) => deepEqual(x, bb[i]));
  }
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  if (ak.length !== bk.length) return false;
  return ak.every((k) => hasOwn(b, k) && deepEqual((a as Doc)[k], (b as Doc)[k]));
}

/**
 * `_` and `$` alone stand for every top-level key starting with that
 * character, as in nuxt/content v2 (`without: '_'` drops `_id`, `_path`, …).
 */
export const PREFIX_WILDCARDS: readonly string[] = ['_', '$'];

/** The top-level keys a path names: its first segment, or every key a wildcard stands for. */
function keysNamed(doc: Doc, path: string): string[][] {
  if (PREFIX_WILDCARDS.includes(path)) return Object.keys(doc).filter((k) => k.startsWith(path)).map((k) => [k]);
  return [path.split('.')];
}

/**
 * A copy of `doc` without the given dot paths (or wildcards). Paths walk plain
 * objects only; a path through an array or a missing value removes nothing.
 */
export function withoutPaths(doc: Doc, paths: readonly string[]): Doc {
  let out = doc;
  for (const path of paths) for (const segments of keysNamed(out, path)) out = removePath(out, segments);
  return out;
}

function removePath(obj: Doc, segments: string[]): Doc {
  const [head, ...rest] = segments as [string, ...string[]];
  if (!hasOwn(obj, head)) return obj;
  const copy: Doc = {};
  for (const key of Object.keys(obj)) {
    if (key !== head) setOwn(copy, key, obj[key]);
    else if (rest.length) {
      const child = obj[key];
      setOwn(copy, key, isPlainObject(child) ? removePath(child, rest) : child);
    }
  }
  return copy;
}

/**
 * A new object with only the given dot paths (or wildcards), nested as in
 * `doc`. Paths walk plain objects only; a missing path contributes nothing.
 * A path and one of its prefixes together keep the whole prefix.
 */
export function onlyPaths(doc: Doc, paths: readonly string[]): Doc {
  const out: Doc = {};
  for (const path of paths) for (const segments of keysNamed(doc, path)) pickPath(doc, out, segments);
  return out;
}

function pickPath(from: Doc, to: Doc, segments: string[]): void {
  const [head, ...rest] = segments as [string, ...string[]];
  if (!hasOwn(from, head)) return;
  const value = from[head];
  if (!rest.length) {
    setOwn(to, head, value);
    return;
  }
  if (!isPlainObject(value)) return;
  const existing = hasOwn(to, head) ? to[head] : undefined;
  if (existing === value) return; // the whole object is already kept
  let target: Doc;
  if (isPlainObject(existing)) target = existing;
  else {
    target = {};
  }
  const before = Object.keys(target).length;
  pickPath(value, target, rest);
  if (Object.keys(target).length > before || hasOwn(to, head)) setOwn(to, head, target);
}
