import { describe, expect, it } from 'vitest';
import type { GearEntry } from '../../rules';
import { copyOwn, copyStandard, staleCopies, updateCopy } from './origin';
import { addGear, installCore } from './edit';
import { core, fresh, vest } from './testing';

describe('copies of the player’s own documents', () => {
  const original = { id: 'my-vest', revision: 3, document: vest('my-vest', 2, 1, 2) };

  it('a copy gets a fresh id and remembers its original and revision', () => {
    const copy = copyOwn(original, 'g1');
    expect(copy).toMatchObject({ id: 'g1', originId: 'my-vest', originRevision: 3, name: 'Vest' });
    copy.properties.bulk = 4;
    expect(original.document.properties.bulk).toBe(2);
  });

  it('a standard gear copy has no origin and no description', () => {
    const entry = { ...vest('padded'), description: 'Quilted.' } as GearEntry;
    const copy = copyStandard(entry, 'g2');
    expect(copy.id).toBe('g2');
    expect('description' in copy).toBe(false);
    expect(copy.originId).toBeUndefined();
  });

  it('an original saved since the copy is reported; an unchanged or deleted one is not', () => {
    const c = installCore(addGear(fresh(), copyOwn(original, 'g1'), true), copyOwn({ id: 'my-core', revision: 1, document: core('my-core') }, 'k1'));
    expect(staleCopies(c, [original, { id: 'my-core', revision: 1, document: core('my-core') }])).toEqual([]);
    const edited = { ...original, revision: 5, document: { ...vest('my-vest', 4, 1, 2), name: 'Heavy vest' } };
    expect(staleCopies(c, [edited, { id: 'my-core', revision: 2, document: core('my-core'), deletedAt: 'x' }])).toEqual([
      { list: 'gear', index: 0, name: 'Vest', originId: 'my-vest', fromRevision: 3, toRevision: 5, originalName: 'Heavy vest' },
    ]);
  });

  it('updating a copy takes the original’s content, keeps the copy’s id (still worn) and the new revision', () => {
    const c = addGear(fresh(), copyOwn(original, 'g1'), true);
    const edited = { ...original, revision: 5, document: vest('my-vest', 4, 1, 2) };
    const next = updateCopy(c, 'gear', 0, edited);
    expect(next.gear[0]).toMatchObject({ id: 'g1', originId: 'my-vest', originRevision: 5, properties: { protection: 4 } });
    expect(next.armour).toBe('g1');
    expect(staleCopies(next, [edited])).toEqual([]);
    expect(c.gear[0]!.properties).toMatchObject({ protection: 2 });
  });
});
