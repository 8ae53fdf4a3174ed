import { describe, it, expect } from 'vitest';
import { shouldReloadAfterChunkError, isChunkLoadError, RELOAD_GUARD_MS } from './app';

function store() {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
}

describe('reload guard after a chunk fails to load', () => {
  it('reloads once, then not again for the same path within 10 s', () => {
    const s = store();
    expect(shouldReloadAfterChunkError('/a', s, 1000)).toBe(true);
    expect(shouldReloadAfterChunkError('/a', s, 1000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(shouldReloadAfterChunkError('/b', s, 2000)).toBe(true);
    expect(shouldReloadAfterChunkError('/a', s, 1000 + RELOAD_GUARD_MS + 1)).toBe(true);
  });

  it('never reloads without storage to guard with', () => {
    expect(shouldReloadAfterChunkError('/a', null)).toBe(false);
  });

  it('recognises the browsers’ chunk errors', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /_astro/x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('something else'))).toBe(false);
  });
});
