/**
 * Dot paths (`properties.rate`, `features.1.subFeatures`): the language in
 * which `evaluate` names the field an issue is about. Pure.
 */
import type { Issue } from '../../rules';

const parts = (path: string) => (path === '' ? [] : path.split('.'));

export function getIn(value: unknown, path: string): unknown {
  let v = value;
  for (const key of parts(path)) {
    if (v === null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[key];
  }
  return v;
}

/** A copy of `value` with `path` set; objects and arrays on the way are copied, the rest shared. */
export function setIn<T>(value: T, path: string, next: unknown): T {
  const keys = parts(path);
  if (keys.length === 0) return next as T;
  const walk = (node: unknown, i: number): unknown => {
    const key = keys[i]!;
    const child = node && typeof node === 'object' ? (node as Record<string, unknown>)[key] : undefined;
    const value = i === keys.length - 1 ? next : walk(child, i + 1);
    if (Object.is(child, value) && node && typeof node === 'object') return node;
    const container: Record<string, unknown> | unknown[] =
      Array.isArray(node) ? [...node] : node && typeof node === 'object' ? { ...(node as Record<string, unknown>) } : /^\d+$/.test(key) ? [] : {};
    (container as Record<string, unknown>)[key] = value;
    return container;
  };
  return walk(value, 0) as T;
}

/** The DOM id of the control that edits `path` (stable, so an issue can find its field). */
export function fieldId(path: string): string {
  return `field-${path.replace(/[^A-Za-z0-9_-]+/g, '-')}`;
}

/** Issues whose path is exactly `path`. */
export function issuesAt(issues: readonly Issue[], path: string): Issue[] {
  return issues.filter((i) => i.path === path);
}

/** Issues about `path` or anything inside it (`features.1` holds `features.1.ranks`). */
export function issuesWithin(issues: readonly Issue[], path: string): Issue[] {
  return issues.filter((i) => i.path === path || i.path.startsWith(`${path}.`));
}

/** `path` and then each shorter prefix: where to look for a field when the exact one is not on screen. */
export function pathAndParents(path: string): string[] {
  const keys = parts(path);
  const out: string[] = [];
  for (let n = keys.length; n > 0; n--) out.push(keys.slice(0, n).join('.'));
  return out;
}
