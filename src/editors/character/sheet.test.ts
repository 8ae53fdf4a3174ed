/** The table sheet's numbers against GAME.md, computed by hand. */
import { describe, expect, it } from 'vitest';
import type { Blueprint, Character } from '../../rules';
import { attackLines, gearCredits, installedCores } from './sheet';
import { stillToDo } from './summary';
import type { CharacterDerived } from '../../rules';
import { NOW, catalogues, core, fresh, rifle, vest } from './testing';
import { readCatalogues } from '../../content';
import { takePackEntry, packSchema } from '../../rules';

/** The official blueprint features: their `attack` data is what the lines count. */
const official = readCatalogues('content/data');

const knife = { ...rifle('knife', 1), name: 'Knife', properties: { damage: 2, range: 'melee', rate: 1, bulk: 1 } } as Blueprint;
const hero = (patch: Partial<Character>): Character => ({ ...fresh(), ...patch });

describe('attack lines (GAME.md §1, §2)', () => {
  it('a melee weapon rolls Frame + Brawl: pool 1 hits Guard 1 one time in three, Guard 2 one in eighteen', () => {
    const c = hero({ gear: [knife] });
    const [line] = attackLines(c, false, catalogues);
    expect(line).toMatchObject({ name: 'Knife', attribute: 'frame', skill: 'brawl', pool: 1, damage: 2, range: 'melee', rate: 1 });
    expect(line!.plain[0]).toBeCloseTo(1 / 3, 9);
    expect(line!.plain[1]).toBeCloseTo(1 / 18, 9);
    // With edge a die misses only if both rolls miss: 1 − (2/3)² = 5/9.
    expect(line!.edge[0]).toBeCloseTo(5 / 9, 9);
  });

  it('a ranged weapon rolls Reflex + Firearms, and loses a die over the bulk limit', () => {
    const base = fresh();
    const c = hero({ gear: [rifle()], skills: { ...base.skills, firearms: 1 } });
    const [line] = attackLines(c, false, catalogues);
    expect(line).toMatchObject({ attribute: 'reflex', skill: 'firearms', pool: 2, damage: 3, range: 'close' });
    // Two dice: P(0 hits) = 4/9, P(1 hit) = 2 · 2/3 · 5/18 = 10/27, so P(≥ 2) = 5/27.
    expect(line!.plain[1]).toBeCloseTo(5 / 27, 9);
    expect(attackLines(c, true, catalogues)[0]).toMatchObject({ pool: 1, bulkPenalty: true });
  });

  it('only weapons get a line, and the pool never drops below one die', () => {
    expect(attackLines(hero({ gear: [vest(), rifle()] }), true, catalogues).map((l) => [l.index, l.pool])).toEqual([[1, 1]]);
  });
});

describe('weapon features on the attack line (weaponFeatures.ts)', () => {
  const armed = (features: Blueprint['features'], range = 'close') => ({ ...rifle(), features, properties: { ...rifle().properties, range } }) as Blueprint;
  const jack = { ...vest('jack'), type: 'cyberware', properties: { slot: 'head', strain: 1, bulk: 0 }, features: [{ id: 'neural-jack' }] } as Blueprint;

  it('Smartlink adds a die to Firearms with a Neural Jack, and the odds follow the bigger pool', () => {
    const [line] = attackLines(hero({ gear: [armed([{ id: 'smartlink' }]), jack] }), false, official);
    // Reflex 1 + Firearms 0 + 1 = 2 dice: P(≥ 1) = 1 − (2/3)² = 5/9, P(≥ 2) = 5/27 (as above).
    expect(line).toMatchObject({ pool: 2, featureDice: 1, features: ['Smartlink +1 die'] });
    expect(line!.plain[0]).toBeCloseTo(5 / 9, 9);
    expect(line!.plain[1]).toBeCloseTo(5 / 27, 9);
    // With edge a die misses with 4/9: P(≥ 1) = 1 − (4/9)² = 65/81.
    expect(line!.edge[0]).toBeCloseTo(65 / 81, 9);
  });

  it('Smartlink without a Neural Jack is locked: the pool stays, the line says why', () => {
    const [line] = attackLines(hero({ gear: [armed([{ id: 'smartlink' }])] }), false, official);
    expect(line).toMatchObject({ pool: 1, featureDice: 0, features: ['Smartlink locked: no Neural Jack'] });
    expect(line!.plain[0]).toBeCloseTo(1 / 3, 9);
  });

  it('Smartlink does nothing for a melee weapon (Brawl, not Firearms)', () => {
    const [line] = attackLines(hero({ gear: [armed([{ id: 'smartlink' }], 'melee'), jack] }), false, official);
    expect(line).toMatchObject({ skill: 'brawl', pool: 1, features: [] });
  });

  it('Smart Rounds count the Guard 1 less, never below 1', () => {
    const [line] = attackLines(hero({ gear: [armed([{ id: 'smart-rounds' }])] }), false, official);
    expect(line!.features).toEqual(['Smart Rounds: Guard −1']);
    // One die: Guard 1 and Guard 2 both need one hit (1/3), Guard 3 needs two (1/18).
    expect(line!.plain[0]).toBeCloseTo(1 / 3, 9);
    expect(line!.plain[1]).toBeCloseTo(1 / 3, 9);
    expect(line!.plain[2]).toBeCloseTo(1 / 18, 9);
    // With edge, one hit: 5/9 at Guard 2.
    expect(line!.edge[1]).toBeCloseTo(5 / 9, 9);
  });

  it('protection ignored adds up, and spark damage is listed with the sparks it needs', () => {
    const [ap] = attackLines(hero({ gear: [armed([{ id: 'armour-piercing', ranks: 2 }, { id: 'overpressure-chamber' }])] }), false, official);
    expect(ap).toMatchObject({ damage: 3, ignoresProtection: 2, sparkDamage: [{ sparks: 1, damage: 2 }], pool: 1 });
    expect(ap!.features).toEqual(['Armour-Piercing: ignores 2 protection', 'Overpressure Chamber: +2 damage with a spark']);
    const [mono] = attackLines(hero({ gear: [armed([{ id: 'monofilament-edge' }], 'melee')] }), false, official);
    expect(mono).toMatchObject({ ignoresProtection: 1, sparkDamage: [{ sparks: 2, damage: 2 }] });
  });

  it('a homebrew weapon feature counts on the line by its own attack data, like an official one', () => {
    const pack = packSchema.parse({
      kind: 'pack', id: 'neon', schemaVersion: 1, name: 'Neon Nights', createdAt: NOW, updatedAt: NOW,
      entries: { blueprintFeatures: [{ id: 'arc-coil', name: 'Arc Coil', type: 'weapon', cost: 1, maxRanks: 2, attack: { ignoresProtection: 1, sparkDamage: [{ sparks: 1, damage: 1 }] }, text: '' }] },
    });
    const homebrew = takePackEntry(undefined, pack, 'blueprintFeatures', 'arc-coil');
    // The copy on the character or on the weapon itself: the same line.
    for (const c of [hero({ homebrew, gear: [armed([{ id: 'neon/arc-coil', ranks: 2 }])] }), hero({ gear: [{ ...armed([{ id: 'neon/arc-coil', ranks: 2 }]), homebrew }] })]) {
      const [line] = attackLines(c, false, official);
      expect(line).toMatchObject({ ignoresProtection: 2, sparkDamage: [{ sparks: 1, damage: 2 }], features: ['Arc Coil: ignores 2 protection, +2 damage with a spark'] });
    }
    // Without the copy the id names nothing: the line counts nothing.
    expect(attackLines(hero({ gear: [armed([{ id: 'neon/arc-coil' }])] }), false, official)[0]!.features).toEqual([]);
  });
});

describe('credits spent on gear (GAME.md §3)', () => {
  it('prices each item at base price + 25 per point spent, and sums them', () => {
    // Rifle Mk I, damage 3: 1 point → 100 + 25 = 125. Vest Mk III, protection 2 (2 pts), guard 1 (3 pts) → 400 + 125 = 525.
    const { items, total } = gearCredits([rifle(), vest()], catalogues);
    expect(items.map((i) => i.price)).toEqual([125, 525]);
    expect(total).toBe(650);
  });
});

describe('installed cores (GAME.md §4)', () => {
  it('shows cost, strain max(1, ceil(total / 3)), effects at their potency', () => {
    const light = core('light');
    const heavy = { ...core('heavy'), activation: 'reaction', range: 'far', effects: [{ id: 'shove', potency: 4 }] } as typeof light;
    const [a, b] = installedCores([light, heavy], catalogues);
    // Shove at potency 1 costs 2: strain 1.
    expect(a).toMatchObject({ cost: 2, strain: 1, effects: ['Shove 1: Shove 1.'] });
    // Reaction 1 + far 2 + Shove at 4 (2 + 3) = 8: strain ceil(8 / 3) = 3.
    expect(b).toMatchObject({ cost: 8, strain: 3 });
  });
});

describe('what a legal character still has to do (issue 48: a new character is not "Valid")', () => {
  it('names the points to spend and the features to choose of a new character, and nothing once all are used', () => {
    const derivedWith = (over: Partial<CharacterDerived>) => ({ derived: { attributePointsLeft: 0, skillPointsLeft: 0, featureSlots: 3, featureSlotsUsed: 3, ...over } as CharacterDerived });
    expect(stillToDo(null, derivedWith({ attributePointsLeft: 8, skillPointsLeft: 10, featureSlotsUsed: 0 }))).toEqual(['spend 8 attribute points', 'spend 10 skill points', 'choose 3 features']);
    expect(stillToDo(null, derivedWith({ skillPointsLeft: 1, featureSlotsUsed: 2 }))).toEqual(['spend 1 skill point', 'choose a feature']);
    expect(stillToDo(null, derivedWith({}))).toEqual([]);
    // Overspent is a broken rule (the issues say so), not something to do.
    expect(stillToDo(null, derivedWith({ attributePointsLeft: -2, featureSlotsUsed: 4 }))).toEqual([]);
  });
});
