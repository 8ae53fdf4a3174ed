import { describe, expect, it } from 'vitest';
import { fieldId, getIn, issuesWithin, pathAndParents, setIn } from './paths';

describe('dot paths', () => {
  it('[P1] getIn reads objects and arrays; a missing step is undefined', () => {
    const doc = { properties: { rate: 2 }, features: [{ id: 'a', subFeatures: ['x'] }] };
    expect(getIn(doc, 'properties.rate')).toBe(2);
    expect(getIn(doc, 'features.0.subFeatures.0')).toBe('x');
    expect(getIn(doc, 'features.3.id')).toBeUndefined();
    expect(getIn(doc, '')).toBe(doc);
  });
  it('[P2] setIn copies only the path and shares the rest', () => {
    const doc = { properties: { rate: 2, bulk: 1 }, features: [{ id: 'a' }, { id: 'b' }] };
    const next = setIn(doc, 'features.1.ranks', 2);
    expect(next.features[1]).toEqual({ id: 'b', ranks: 2 });
    expect(next.features[0]).toBe(doc.features[0]);
    expect(next.properties).toBe(doc.properties);
    expect(doc.features[1]).toEqual({ id: 'b' });
    expect(setIn(doc, 'properties.rate', 2)).toBe(doc);
  });
  it('[P3] field ids and parents let an issue find its field', () => {
    expect(fieldId('features.1.subFeatures')).toBe('field-features-1-subFeatures');
    expect(pathAndParents('features.1.subFeatures')).toEqual(['features.1.subFeatures', 'features.1', 'features']);
    const issues = [{ path: 'features.1.ranks' }, { path: 'features.10' }, { path: 'rank' }].map((i) => ({ ...i, code: 'x', message: 'm', severity: 'error' as const }));
    expect(issuesWithin(issues, 'features.1').map((i) => i.path)).toEqual(['features.1.ranks']);
  });
});
