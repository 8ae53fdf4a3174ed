import { describe, expect, it } from 'vitest';
import type { CreaturePropertyEntry } from '../../rules';
import { readCatalogues } from '../../content';
import { filterProperties, modifierText, propertyTags, propertyThreats } from './propertyBrowser';

const real = readCatalogues('content/data').creatureProperties;
const entry = (id: string, name: string, threat: number, tags: string[], extra: Partial<CreaturePropertyEntry> = {}): CreaturePropertyEntry => ({ id, name, threat, tags, text: `${name}.`, ...extra });
const small = [
  entry('armoured-hide', 'Armoured Hide', 1, ['armoured', 'defensive'], { potency: { max: 3 }, modifiers: { protection: 1 } }),
  entry('hulking', 'Hulking', 2, ['biological', 'defensive'], { modifiers: { health: 6 } }),
  entry('void-phase', 'Void Phase', 3, ['psionic', 'mobile']),
  entry('ether-hide', 'Éther Hide', 1, ['psionic', 'defensive']),
];
const ids = (es: CreaturePropertyEntry[]) => es.map((e) => e.id);

describe('property browser filters', () => {
  it('keeps everything without a filter, in catalogue order', () => {
    expect(ids(filterProperties(small, {}))).toEqual(['armoured-hide', 'hulking', 'void-phase', 'ether-hide']);
  });
  it('needs every chosen tag', () => {
    expect(ids(filterProperties(small, { tags: ['defensive'] }))).toEqual(['armoured-hide', 'hulking', 'ether-hide']);
    expect(ids(filterProperties(small, { tags: ['defensive', 'psionic'] }))).toEqual(['ether-hide']);
  });
  it('filters by threat value (any of the chosen ones)', () => {
    expect(ids(filterProperties(small, { threats: [1] }))).toEqual(['armoured-hide', 'ether-hide']);
    expect(ids(filterProperties(small, { threats: [2, 3] }))).toEqual(['hulking', 'void-phase']);
  });
  it('searches names by every word, ignoring case and accents, names that start with the search first', () => {
    expect(ids(filterProperties(small, { text: 'HIDE' }))).toEqual(['armoured-hide', 'ether-hide']);
    expect(ids(filterProperties(small, { text: 'ether' }))).toEqual(['ether-hide']);
    expect(ids(filterProperties(small, { text: 'hide ar' }))).toEqual(['armoured-hide']);
    expect(ids(filterProperties(small, { text: 'h' }))).toEqual(['hulking', 'armoured-hide', 'void-phase', 'ether-hide']);
  });
  it('combines the three filters', () => {
    expect(ids(filterProperties(small, { tags: ['defensive'], threats: [1], text: 'armour' }))).toEqual(['armoured-hide']);
    expect(filterProperties(small, { tags: ['mobile'], threats: [1] })).toEqual([]);
  });
  it('lists tags with counts and the threat values of the catalogue', () => {
    expect(propertyTags(small)).toEqual([
      { tag: 'armoured', count: 1 },
      { tag: 'biological', count: 1 },
      { tag: 'defensive', count: 3 },
      { tag: 'mobile', count: 1 },
      { tag: 'psionic', count: 2 },
    ]);
    expect(propertyThreats(small)).toEqual([1, 2, 3]);
  });
  it('writes modifiers per potency', () => {
    expect(modifierText(small[0]!, 3)).toBe('+3 protection');
    expect(modifierText(small[1]!)).toBe('+6 health');
    expect(modifierText(small[2]!)).toBe('');
  });
  it('works over the published catalogue: every tag filter finds its entries and each has that tag', () => {
    expect(real.length).toBeGreaterThanOrEqual(30);
    for (const { tag, count } of propertyTags(real)) {
      const found = filterProperties(real, { tags: [tag] });
      expect(found).toHaveLength(count);
      expect(found.every((e) => e.tags.includes(tag))).toBe(true);
    }
  });
});
