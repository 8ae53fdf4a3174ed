import { describe, expect, it } from 'vitest';
import { evaluate } from '../../rules';
import { previewChange, describeChanges } from './preview';
import { addGear, installCore, setAttribute, wearArmour } from './edit';
import { catalogues, core, fresh, rifle, vest } from './testing';

describe('what an item would change', () => {
  it('wearing armour shows Guard and Protection before → after, as evaluate gives them', () => {
    const before = fresh();
    const after = addGear(before, vest('v1', 2, 1, 2), true);
    const p = previewChange(before, after, catalogues);
    const d0 = evaluate(before, catalogues).derived;
    const d1 = evaluate(after, catalogues).derived;
    expect(p.changes).toEqual([
      { key: 'guard', label: 'Guard', before: d0.guard, after: d1.guard },
      { key: 'protection', label: 'Protection', before: 0, after: 2 },
      { key: 'bulkCarried', label: 'Bulk carried', before: 0, after: 2 },
    ]);
    expect(d1.guard - d0.guard).toBe(1);
    expect(p.breaks).toEqual([]);
    expect(describeChanges(p)).toBe('Guard 1 → 2, Protection 0 → 2, Bulk carried 0 → 2');
  });

  it('a core over the Sync limit is shown as the rule it would break', () => {
    const c = setAttribute(fresh(), 'sync', 2);
    const p = previewChange(c, installCore(c, core('c1', 3)), catalogues);
    expect(p.validBefore).toBe(true);
    expect(p.validAfter).toBe(false);
    expect(p.breaks.map((i) => [i.path, i.code])).toEqual([['cores', 'core-tiers']]);
    expect(p.breaks[0]!.message).toMatch(/add up to 3, more than Sync 2/);
  });

  it('taking armour off lists what it fixes and the values that drop', () => {
    const worn = addGear(addGear(fresh(), vest('v1'), true), rifle('r1', 3));
    const p = previewChange(worn, wearArmour(worn, undefined), catalogues);
    expect(p.changes.map((c) => c.key)).toEqual(['guard', 'protection']);
    expect(p.fixes).toEqual([]);
  });
});
