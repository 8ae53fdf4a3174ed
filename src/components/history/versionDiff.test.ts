import { describe, expect, it } from 'vitest';
import { changedPaths } from './versionDiff';

describe('what a version changes against the document now', () => {
  const base = { kind: 'blueprint', id: 'a', updatedAt: '1', name: 'Rifle', rank: 1, properties: { damage: 2, rate: 1 }, features: [{ id: 'scope' }] };
  it('names each value that differs, not the bookkeeping', () => {
    expect(changedPaths(base, { ...base, updatedAt: '2' })).toEqual([]);
    expect(changedPaths(base, { ...base, name: 'Carbine', properties: { damage: 3, rate: 1 } })).toEqual(['name', 'properties.damage']);
  });
  it('a list that grew or shrank is one change; a changed item is named by index', () => {
    expect(changedPaths(base, { ...base, features: [] })).toEqual(['features']);
    expect(changedPaths(base, { ...base, features: [{ id: 'bayonet' }] })).toEqual(['features.0.id']);
  });
});
