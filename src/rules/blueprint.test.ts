import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { evaluate, basePrice, blueprintCapacity, blueprintPrice, availability, rangeCost, RANGES, catalogueSchemas, packSchema, withHomebrew } from './index';
import { blueprint, catalogues, codes, weapon } from './testing';

const spent = (type: Parameters<typeof blueprint>[0], properties: Record<string, unknown>) => evaluate(blueprint(type, properties, { rank: 5 }), catalogues).derived.spent;

describe('blueprints (GAME.md §3)', () => {
  it('B1 weapon: damage 1/step above 2, rate 2/step above 1, range 1/step beyond close, bulk free', () => {
    expect(spent('weapon', { damage: 5, range: 'close', rate: 1, bulk: 1 })).toBe(3);
    expect(spent('weapon', { damage: 2, range: 'close', rate: 3, bulk: 3 })).toBe(4);
    expect(RANGES.map(rangeCost)).toEqual([0, 0, 1, 2, 3]);
    expect(spent('weapon', { damage: 2, range: 'extreme', rate: 1, bulk: 1 })).toBe(3);
  });

  it('B1 weapon: melee costs 0 and a step below the default refunds nothing', () => {
    expect(spent('weapon', { damage: 1, range: 'melee', rate: 1, bulk: 1 })).toBe(0);
  });

  it('B1 armour: protection 2/step above 1, guard 3/step, bulk costs 1 per step below 2', () => {
    expect(spent('armour', { protection: 3, guard: 1, bulk: 2 })).toBe(4 + 3);
    expect(spent('armour', { protection: 0, guard: 0, bulk: 1 })).toBe(1);
    expect(spent('armour', { protection: 1, guard: 0, bulk: 4 })).toBe(0);
    expect(spent('armour', { protection: 1, guard: 2, bulk: 1 })).toBe(6 + 1);
  });

  it('B1 equipment: 1 point per 2 uses above 3, rounded up; bulk free', () => {
    const uses = (u: number) => spent('equipment', { uses: u, bulk: 3 });
    expect([1, 3, 4, 5, 6, 7, 10].map(uses)).toEqual([0, 0, 1, 1, 2, 2, 4]);
  });

  it('B1 cyberware: slot and strain cost nothing; bulk must be 0', () => {
    expect(spent('cyberware', { slot: 'nervous', strain: 3, bulk: 0 })).toBe(0);
    const r = evaluate(blueprint('cyberware', { slot: 'arm', strain: 1, bulk: 1 }), catalogues);
    expect(r.issues).toContainEqual(expect.objectContaining({ path: 'properties.bulk', code: 'out-of-range' }));
  });

  it('B1 drone: frame 2/step above 1, speed 1/step above 2, bulk free', () => {
    expect(spent('drone', { frame: 3, speed: 4, bulk: 4 })).toBe(4 + 2);
    expect(spent('drone', { frame: 1, speed: 1, bulk: 1 })).toBe(0);
  });

  it('B1 out-of-range properties and rank are issues at their field, and the document still evaluates', () => {
    const r = evaluate(weapon({ rank: 6, properties: { damage: 9, range: 'close', rate: 0, bulk: 4 } }), catalogues);
    expect(r.issues.filter((i) => i.code === 'out-of-range').map((i) => i.path)).toEqual(['rank', 'properties.damage', 'properties.rate', 'properties.bulk']);
    expect(r.issues.find((i) => i.path === 'properties.damage')!.message).toBe('Damage must be between 1 and 8 (it is 9).');
    expect(r.valid).toBe(false);
    expect(r.derived.capacity).toBe(14);
  });

  it('B2 capacity 4 + 2·rank: 6, 8, 10, 12, 14', () => {
    expect([1, 2, 3, 4, 5].map((rank) => evaluate(weapon({ rank })).derived.capacity)).toEqual([6, 8, 10, 12, 14]);
    expect(blueprintCapacity(3, 'weapon')).toBe(10);
  });

  it('B2 cyberware: each strain step above 1 adds 2 points of capacity', () => {
    const cap = (strain: number) => evaluate(blueprint('cyberware', { slot: 'arm', strain, bulk: 0 }, { rank: 2 })).derived.capacity;
    expect([1, 2, 3].map(cap)).toEqual([8, 10, 12]);
    expect(blueprintCapacity(1, 'cyberware', 3)).toBe(10);
  });

  it('B2 base price 100·2^(rank−1); price = base + 25 per point; availability by Mk', () => {
    expect([1, 2, 3, 4, 5].map(basePrice)).toEqual([100, 200, 400, 800, 1600]);
    expect(blueprintPrice(3, 2)).toBe(450);
    expect(evaluate(weapon({ rank: 3, properties: { damage: 4, range: 'close', rate: 1, bulk: 1 } })).derived.price).toBe(450);
    expect([1, 2, 3, 4, 5].map(availability)).toEqual(['common', 'common', 'restricted', 'restricted', 'prototype']);
    expect(evaluate(weapon({ rank: 5 })).derived.availability).toBe('prototype');
  });

  it('B3 spent points ≤ capacity; over it is an error that says what to do', () => {
    const r = evaluate(weapon({ properties: { damage: 8, range: 'extreme', rate: 1, bulk: 1 } }));
    expect(r.valid).toBe(false);
    expect(r.issues).toContainEqual({
      path: 'rank',
      code: 'over-capacity',
      severity: 'error',
      message: 'Spent 9 points of a capacity of 6: remove a feature, lower a property or raise the rank.',
    });
    expect(evaluate(weapon({ properties: { damage: 6, range: 'medium', rate: 1, bulk: 1 } })).valid).toBe(true);
  });

  it('B4 requirements: min, max and oneOf on properties, with the rule message', () => {
    const ap = evaluate(weapon({ rank: 3, features: [{ id: 'armour-piercing' }] }), catalogues);
    expect(ap.issues).toContainEqual(expect.objectContaining({ path: 'features.0', code: 'requirement', message: 'Armour-piercing needs rate 2 or more.' }));
    expect(evaluate(weapon({ features: [{ id: 'scope' }] }), catalogues).issues[0]!.message).toBe('Scope needs Range medium, long or extreme.');
    expect(evaluate(weapon({ properties: { damage: 4, range: 'close', rate: 1, bulk: 1 }, features: [{ id: 'compact' }] }), catalogues).issues[0]!.message).toBe(
      'Compact needs damage 3 or less.',
    );
    expect(evaluate(weapon({ features: [{ id: 'compact' }] }), catalogues).valid).toBe(true);
  });

  it('B5 feature ranks cost per rank and stay within 1..maxRanks; a feature without ranks takes none', () => {
    const props = { damage: 2, range: 'close', rate: 2, bulk: 1 };
    const r = evaluate(weapon({ rank: 3, properties: props, features: [{ id: 'armour-piercing', ranks: 2 }] }), catalogues);
    expect(r.valid).toBe(true);
    expect(r.derived.spent).toBe(2 + 4);
    const over = evaluate(weapon({ rank: 5, properties: props, features: [{ id: 'armour-piercing', ranks: 3 }] }), catalogues);
    expect(over.issues).toContainEqual(expect.objectContaining({ path: 'features.0.ranks', code: 'out-of-range' }));
    expect(codes(evaluate(weapon({ features: [{ id: 'bayonet', ranks: 2 }] }), catalogues))).toEqual(['no-ranks']);
  });

  it('B6 exclusions are violated when both features are taken', () => {
    const r = evaluate(weapon({ rank: 2, properties: { damage: 2, range: 'medium', rate: 1, bulk: 1 }, features: [{ id: 'scope' }, { id: 'bayonet' }] }), catalogues);
    expect(r.issues.filter((i) => i.code === 'excluded').map((i) => [i.path, i.message])).toEqual([
      ['features.0', 'Scope cannot be combined with Bayonet; remove one of them.'],
      ['features.1', 'Bayonet cannot be combined with Scope; remove one of them.'],
    ]);
  });

  it('B7 sub-feature rules: exactly N, up to N; option costs count; unknown options are issues', () => {
    const none = evaluate(weapon({ features: [{ id: 'ammo' }] }), catalogues);
    expect(none.issues).toContainEqual(expect.objectContaining({ path: 'features.0.subFeatures', code: 'choose-exactly', message: 'Ammo needs exactly 1 option chosen (0 now).' }));
    const ok = evaluate(weapon({ features: [{ id: 'ammo', subFeatures: ['flechette'] }] }), catalogues);
    expect(ok.valid).toBe(true);
    expect(ok.derived.spent).toBe(2);
    const armour = (subs: string[]) => blueprint('armour', { protection: 1, guard: 0, bulk: 2 }, { rank: 5, features: [{ id: 'mods', subFeatures: subs }] });
    expect(evaluate(armour([]), catalogues).valid).toBe(true);
    expect(evaluate(armour(['a', 'b']), catalogues).derived.spent).toBe(3);
    expect(evaluate(armour(['a', 'b', 'c']), catalogues).issues[0]!.message).toBe('Mods allows up to 2 options (3 chosen).');
    expect(codes(evaluate(armour(['z']), catalogues))).toEqual(['unknown-option']);
    expect(codes(evaluate(armour(['a', 'a']), catalogues))).toEqual(['duplicate-option']);
    expect(codes(evaluate(weapon({ features: [{ id: 'bayonet', subFeatures: ['slug'] }] }), catalogues))).toEqual(['no-options']);
  });

  it('B8 unknown features, features of another type and a feature taken twice are issues, never crashes', () => {
    expect(evaluate(weapon({ features: [{ id: 'nope' }] }), catalogues).issues).toEqual([
      { path: 'features.0', code: 'unknown-feature', severity: 'error', message: "The feature 'nope' is not in the catalogue; remove it." },
    ]);
    expect(codes(evaluate(weapon({ features: [{ id: 'nope' }] })))).toEqual(['unknown-feature']);
    expect(codes(evaluate(blueprint('armour', { protection: 1, guard: 0, bulk: 2 }, { rank: 5, features: [{ id: 'bayonet' }] }), catalogues))).toContain('wrong-type');
    expect(codes(evaluate(weapon({ rank: 3, features: [{ id: 'bayonet' }, { id: 'bayonet' }] }), catalogues))).toContain('duplicate-feature');
  });

  it('B9 spent is never negative and price follows spent (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -3, max: 12 }),
        fc.constantFrom(...RANGES),
        fc.integer({ min: -2, max: 5 }),
        fc.integer({ min: -2, max: 6 }),
        (damage, range, rate, bulk) => {
          const d = evaluate(weapon({ properties: { damage, range, rate, bulk } })).derived;
          expect(d.spent).toBeGreaterThanOrEqual(0);
          expect(d.price).toBe(basePrice(1) + 25 * d.spent);
        },
      ),
    );
    fc.assert(
      fc.property(fc.integer({ min: -3, max: 9 }), fc.integer({ min: -3, max: 5 }), fc.integer({ min: -3, max: 6 }), (protection, guard, bulk) => {
        expect(evaluate(blueprint('armour', { protection, guard, bulk })).derived.spent).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it('B10 a weapon feature\'s attack data is part of its entry, checked by its schema, and a pack\'s needsCyberware names its own feature', () => {
    const smartlink = { id: 'smartlink', name: 'Smartlink', type: 'weapon', cost: 2, attack: { skill: 'firearms', dice: 1, needsCyberware: 'neural-jack', line: 'Smartlink +1 die' }, text: '' };
    expect(catalogueSchemas.blueprintFeatures.parse(smartlink).attack).toEqual(smartlink.attack);
    const bad = catalogueSchemas.blueprintFeatures.safeParse({ ...smartlink, attack: { skill: 'cooking', dice: -1, sparkDamage: [{ sparks: 0, damage: 2 }] } });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['attack.skill', expect.stringMatching(/^expected one of athletics, brawl, firearms/)],
      ['attack.dice', 'must be 0 or more'],
      ['attack.sparkDamage.0.sparks', 'must be at least 1'],
    ]);
    const pack = packSchema.parse({
      kind: 'pack', id: 'neon', schemaVersion: 1, name: 'Neon', createdAt: 'x', updatedAt: 'x',
      entries: { blueprintFeatures: [{ ...smartlink, id: 'smart', attack: { dice: 1, needsCyberware: 'jack' } }, { ...smartlink, id: 'jack', type: 'cyberware', attack: undefined }, { ...smartlink, id: 'wired', attack: { dice: 1, needsCyberware: 'neural-jack' } }] },
    });
    const merged = withHomebrew(catalogues, { packs: [pack] });
    expect(['neon/smart', 'neon/wired'].map((id) => merged.blueprintFeatures.find((f) => f.id === id)!.attack!.needsCyberware)).toEqual(['neon/jack', 'neural-jack']);
  });
});
