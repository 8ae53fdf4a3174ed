import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import * as rules from './index';
import {
  evaluate,
  probabilityAtLeast,
  expectedHits,
  hitDistribution,
  dieHits,
  rankForXp,
  xpForRank,
  skillCapForRank,
  loadDocument,
  migrateDocument,
  parseDocument,
  renderEffectText,
  type Blueprint,
  type Core,
  type Character,
  type Creature,
  type Catalogues,
} from './index';

const base = { id: 'doc', schemaVersion: 1, name: 'Doc', createdAt: '2026-01-01T00:00:00Z', updatedAt: '2026-01-01T00:00:00Z' };

const catalogues: Partial<Catalogues> = {
  blueprintFeatures: [
    { id: 'armour-piercing', name: 'Armour-piercing', type: 'weapon', cost: 2, maxRanks: 2, requires: [{ property: 'rate', min: 2 }], excludes: [], text: '' },
    { id: 'scope', name: 'Scope', type: 'weapon', cost: 1, requires: [{ property: 'range', oneOf: ['medium', 'long', 'extreme'] }], excludes: ['bayonet'], text: '' },
    { id: 'bayonet', name: 'Bayonet', type: 'weapon', cost: 1, requires: [], excludes: ['scope'], text: '' },
    {
      id: 'ammo',
      name: 'Ammo',
      type: 'weapon',
      cost: 0,
      requires: [],
      excludes: [],
      subFeatures: { choose: { exactly: 1 }, options: [{ id: 'slug', name: 'Slug', cost: 1, text: '' }, { id: 'flechette', name: 'Flechette', cost: 2, text: '' }] },
      text: '',
    },
    {
      id: 'mods',
      name: 'Mods',
      type: 'armour',
      cost: 1,
      requires: [],
      excludes: [],
      subFeatures: { choose: { upTo: 2 }, options: ['a', 'b', 'c'].map((id) => ({ id, name: id.toUpperCase(), cost: 1, text: '' })) },
      text: '',
    },
  ],
  coreEffects: [
    { id: 'shove', name: 'Shove', discipline: 'kinetic', baseCost: 2, maxPotency: 4, costPerPotency: 1, template: 'Throw it {potency*2} metres; {potency} damage.' },
    { id: 'blink', name: 'Blink', discipline: 'void', baseCost: 3, maxPotency: 2, costPerPotency: 2, template: 'Blink {potency} metres.' },
  ],
  coreSideEffects: [
    { id: 'nosebleed', name: 'Nosebleed', refund: 1, text: '' },
    { id: 'glow', name: 'Glow', refund: 2, text: '' },
  ],
  features: [
    { id: 'quick', name: 'Quick', tree: 'gunslinger', tier: 1, prerequisites: [], maxTimes: 1, text: '' },
    { id: 'tough', name: 'Tough', tree: 'brawler', tier: 1, prerequisites: [], maxTimes: 3, text: '' },
    { id: 'deadeye', name: 'Deadeye', tree: 'gunslinger', tier: 2, prerequisites: ['quick'], maxTimes: 1, text: '' },
    { id: 'legend', name: 'Legend', tree: 'gunslinger', tier: 3, prerequisites: ['deadeye'], maxTimes: 1, text: '' },
  ],
  creatureProperties: [
    { id: 'hide', name: 'Hide', threat: 1, potency: { max: 3 }, modifiers: { protection: 1, health: 2 }, tags: [], text: '' },
    { id: 'quick-feet', name: 'Quick feet', threat: 2, modifiers: { guard: 1 }, tags: [], text: '' },
  ],
};

const weapon = (over: Partial<Blueprint & { properties: Record<string, unknown> }> = {}): Blueprint =>
  ({ ...base, kind: 'blueprint', type: 'weapon', rank: 1, properties: { damage: 2, range: 'close', rate: 1, bulk: 1 }, features: [], ...over }) as Blueprint;
const core = (over: Partial<Core> = {}): Core =>
  ({ ...base, kind: 'core', tier: 2, discipline: 'kinetic', activation: 'action', range: 'self', duration: 'instant', effects: [{ id: 'shove', potency: 1 }], sideEffects: [], ...over }) as Core;
const noSkills = Object.fromEntries(rules.SKILL_NAMES.map((s) => [s, 0])) as Character['skills'];
const character = (over: Partial<Character> = {}): Character =>
  ({ ...base, kind: 'character', xp: 0, attributes: { frame: 1, reflex: 1, logic: 1, nerve: 1, sync: 1 }, skills: noSkills, features: [], cores: [], gear: [], ...over }) as Character;
const creature = (over: Partial<Creature> = {}): Creature =>
  ({ ...base, kind: 'creature', creatureKind: 'beast', threatRank: 1, attributes: { frame: 1, reflex: 1, logic: 1, nerve: 1, sync: 1 }, skills: {}, properties: [], attacks: [], ...over }) as Creature;
const codes = (r: { issues: { code: string }[] }) => r.issues.map((i) => i.code);

describe('public api', () => {
  it('exposes the rules engine surface', () => {
    for (const name of ['evaluate', 'parseDocument', 'migrateDocument', 'loadDocument', 'probabilityAtLeast', 'expectedHits', 'hitDistribution', 'catalogueSchemas', 'rankForXp', 'renderEffectText']) {
      expect(rules).toHaveProperty(name);
    }
  });
});

describe('dice (GAME.md §1)', () => {
  it('D1 pool 1: P(≥1) = 1/3, P(≥2) = 1/18; with edge P(≥1) = 5/9', () => {
    expect(probabilityAtLeast(1, 1)).toBeCloseTo(1 / 3, 12);
    expect(probabilityAtLeast(1, 2)).toBeCloseTo(1 / 18, 12);
    expect(probabilityAtLeast(1, 1, true)).toBeCloseTo(5 / 9, 12);
  });

  it('D2 the per-die distribution follows the formula', () => {
    expect(dieHits(0)).toBeCloseTo(2 / 3, 15);
    expect(dieHits(3)).toBeCloseTo((1 / 36) * (5 / 18), 15);
    expect(dieHits(0, true)).toBeCloseTo(4 / 9, 15);
    expect(dieHits(2, true)).toBeCloseTo((5 / 3) * (1 / 6) * (5 / 18), 15);
  });

  it('D3 two dice: P(≥2) matches hand convolution', () => {
    // P(H1+H2 ≥ 2) = 1 − P(0,0) − 2·P(0)P(1) = 1 − 4/9 − 2·(2/3)(5/18)
    expect(probabilityAtLeast(2, 2)).toBeCloseTo(1 - 4 / 9 - 2 * (2 / 3) * (5 / 18), 12);
  });

  it('D4 expected hits are 0.4 per die, 2/3 with edge', () => {
    expect(expectedHits(5)).toBeCloseTo(2, 12);
    expect(expectedHits(3, true)).toBeCloseTo(2, 12);
  });

  it('D5 pools and difficulties outside 1–30 are refused, naming the argument', () => {
    expect(() => probabilityAtLeast(0, 1)).toThrow('pool: must be a whole number from 1 to 30');
    expect(() => probabilityAtLeast(3, 31)).toThrow('difficulty');
    expect(() => expectedHits(1.5)).toThrow('pool');
  });

  it('D6 probabilities sum to 1 and fall as difficulty rises; edge never lowers them (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 30 }), fc.boolean(), (pool, edge) => {
        const dist = hitDistribution(pool, edge, 140);
        expect(dist.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
        let last = 1;
        for (let d = 1; d <= 30; d++) {
          const p = probabilityAtLeast(pool, d, edge);
          expect(p).toBeLessThanOrEqual(last + 1e-12);
          expect(probabilityAtLeast(pool, d, true)).toBeGreaterThanOrEqual(probabilityAtLeast(pool, d, false) - 1e-12);
          last = p;
        }
      }),
      { numRuns: 40 },
    );
  });

  it('D7 the mean of the distribution is the expected hits', () => {
    const dist = hitDistribution(6, false, 200);
    expect(dist.reduce((s, p, k) => s + p * k, 0)).toBeCloseTo(expectedHits(6), 9);
  });
});

describe('blueprints (GAME.md §3)', () => {
  it('B1 property costs per step above the default; melee and lower values cost nothing', () => {
    expect(evaluate(weapon({ properties: { damage: 5, range: 'long', rate: 2, bulk: 1 } }), catalogues).derived.spent).toBe(3 + 2 + 2);
    expect(evaluate(weapon({ properties: { damage: 1, range: 'melee', rate: 1, bulk: 3 } }), catalogues).derived.spent).toBe(0);
  });

  it('B1 armour: protection 2/step, guard 3/step, bulk below 2 costs 1 per step', () => {
    const armour = { ...base, kind: 'blueprint', type: 'armour', rank: 3, properties: { protection: 3, guard: 1, bulk: 1 }, features: [] } as Blueprint;
    expect(evaluate(armour, catalogues).derived.spent).toBe(4 + 3 + 1);
  });

  it('B1 equipment uses cost 1 per 2 above 3, rounded up; drones frame 2/step and speed 1/step', () => {
    const eq = (uses: number) => evaluate({ ...base, kind: 'blueprint', type: 'equipment', rank: 1, properties: { uses, bulk: 1 }, features: [] } as Blueprint).derived.spent;
    expect([eq(3), eq(4), eq(5), eq(6), eq(10)]).toEqual([0, 1, 1, 2, 4]);
    const drone = { ...base, kind: 'blueprint', type: 'drone', rank: 2, properties: { frame: 3, speed: 4, bulk: 2 }, features: [] } as Blueprint;
    expect(evaluate(drone).derived.spent).toBe(4 + 2);
  });

  it('B1 out-of-range properties are issues at their field', () => {
    const r = evaluate(weapon({ properties: { damage: 9, range: 'close', rate: 0, bulk: 1 } }), catalogues);
    expect(r.issues.filter((i) => i.code === 'out-of-range').map((i) => i.path)).toEqual(['properties.damage', 'properties.rate']);
    expect(r.issues[0]!.message).toBe('Damage must be between 1 and 8 (it is 9).');
  });

  it('B2 capacity 4 + 2·rank (+2 per cyberware strain step); price = base + 25 per point; availability by rank', () => {
    expect([1, 2, 3, 4, 5].map((rank) => evaluate(weapon({ rank })).derived.capacity)).toEqual([6, 8, 10, 12, 14]);
    expect([1, 2, 3, 4, 5].map((rank) => evaluate(weapon({ rank })).derived.availability)).toEqual(['common', 'common', 'restricted', 'restricted', 'prototype']);
    expect(evaluate(weapon({ rank: 3, properties: { damage: 4, range: 'close', rate: 1, bulk: 1 } })).derived.price).toBe(400 + 50);
    const cyber = { ...base, kind: 'blueprint', type: 'cyberware', rank: 1, properties: { slot: 'arm', strain: 3, bulk: 0 }, features: [] } as Blueprint;
    expect(evaluate(cyber).derived.capacity).toBe(10);
  });

  it('B2 spending over capacity is an error that says what to do', () => {
    const r = evaluate(weapon({ properties: { damage: 8, range: 'extreme', rate: 1, bulk: 1 } }));
    expect(r.valid).toBe(false);
    expect(r.issues.find((i) => i.code === 'over-capacity')!.message).toBe('Spent 9 points of a capacity of 6: remove a feature, lower a property or raise the rank.');
  });

  it('B3 requirements on properties, with the rule message', () => {
    const r = evaluate(weapon({ features: [{ id: 'armour-piercing' }] }), catalogues);
    expect(r.issues).toContainEqual(expect.objectContaining({ path: 'features.0', code: 'requirement', message: 'Armour-piercing needs rate 2 or more.' }));
    expect(evaluate(weapon({ features: [{ id: 'scope' }] }), catalogues).issues[0]!.message).toBe('Scope needs Range medium, long or extreme.');
  });

  it('B3 feature ranks cost per rank and stay within 1..maxRanks', () => {
    const r = evaluate(weapon({ rank: 3, properties: { damage: 2, range: 'close', rate: 2, bulk: 1 }, features: [{ id: 'armour-piercing', ranks: 2 }] }), catalogues);
    expect(r.valid).toBe(true);
    expect(r.derived.spent).toBe(2 + 4);
    expect(codes(evaluate(weapon({ rank: 5, properties: { damage: 2, range: 'close', rate: 2, bulk: 1 }, features: [{ id: 'armour-piercing', ranks: 3 }] }), catalogues))).toContain('out-of-range');
  });

  it('B4 exclusions are violated when both features are taken', () => {
    const r = evaluate(weapon({ rank: 2, properties: { damage: 2, range: 'medium', rate: 1, bulk: 1 }, features: [{ id: 'scope' }, { id: 'bayonet' }] }), catalogues);
    expect(r.issues.filter((i) => i.code === 'excluded').map((i) => i.message)).toEqual([
      'Scope cannot be combined with Bayonet; remove one of them.',
      'Bayonet cannot be combined with Scope; remove one of them.',
    ]);
  });

  it('B5 sub-feature rules: exactly one, up to N; option costs count', () => {
    expect(codes(evaluate(weapon({ features: [{ id: 'ammo', subFeatures: [] }] }), catalogues))).toContain('choose-exactly');
    const ok = evaluate(weapon({ features: [{ id: 'ammo', subFeatures: ['flechette'] }] }), catalogues);
    expect(ok.valid).toBe(true);
    expect(ok.derived.spent).toBe(2);
    const armour = (subs: string[]) => ({ ...base, kind: 'blueprint', type: 'armour', rank: 5, properties: { protection: 1, guard: 0, bulk: 2 }, features: [{ id: 'mods', subFeatures: subs }] }) as Blueprint;
    expect(evaluate(armour(['a', 'b']), catalogues).valid).toBe(true);
    expect(evaluate(armour(['a', 'b', 'c']), catalogues).issues[0]!.message).toBe('Mods allows up to 2 options (3 chosen).');
    expect(codes(evaluate(armour(['z']), catalogues))).toContain('unknown-option');
  });

  it('B6 unknown features and features of another type are issues, never crashes', () => {
    expect(codes(evaluate(weapon({ features: [{ id: 'nope' }] }), catalogues))).toEqual(['unknown-feature']);
    const armour = { ...base, kind: 'blueprint', type: 'armour', rank: 5, properties: { protection: 1, guard: 0, bulk: 2 }, features: [{ id: 'bayonet' }] } as Blueprint;
    expect(codes(evaluate(armour, catalogues))).toContain('wrong-type');
  });

  it('B7 spent is never negative (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -3, max: 12 }), fc.constantFrom('melee', 'close', 'medium', 'long', 'extreme'), fc.integer({ min: 0, max: 5 }), (damage, range, rate) => {
        expect(evaluate(weapon({ properties: { damage, range, rate, bulk: 1 } })).derived.spent).toBeGreaterThanOrEqual(0);
      }),
    );
  });
});

describe('cores (GAME.md §4)', () => {
  it('C1 property costs and C2 budget 3·tier + 2', () => {
    const r = evaluate(core({ tier: 3, activation: 'passive', range: 'far', duration: 'sustained' }), catalogues);
    expect(r.derived).toMatchObject({ budget: 11, cost: 6 + 2 });
  });

  it('C3 potency steps cost per step; another discipline costs +1', () => {
    expect(evaluate(core({ effects: [{ id: 'shove', potency: 3 }] }), catalogues).derived.cost).toBe(4);
    expect(evaluate(core({ effects: [{ id: 'blink', potency: 2 }] }), catalogues).derived.cost).toBe(3 + 2 + 1);
    expect(codes(evaluate(core({ effects: [{ id: 'blink', potency: 3 }] }), catalogues))).toContain('out-of-range');
  });

  it('C4 refunds up to half the effects cost; more is an error', () => {
    const ok = evaluate(core({ effects: [{ id: 'shove', potency: 2 }], sideEffects: ['nosebleed'] }), catalogues);
    expect(ok.derived).toMatchObject({ refund: 1, refundLimit: 1, cost: 2 });
    const over = evaluate(core({ effects: [{ id: 'shove', potency: 2 }], sideEffects: ['glow'] }), catalogues);
    expect(over.issues.find((i) => i.code === 'refund-limit')!.message).toContain('may refund at most 1');
  });

  it('C5 total over budget is an error; C6 a core needs an effect', () => {
    expect(codes(evaluate(core({ tier: 1, effects: [{ id: 'shove', potency: 4 }], activation: 'passive' }), catalogues))).toContain('over-budget');
    expect(codes(evaluate(core({ effects: [] }), catalogues))).toContain('no-effect');
  });

  it('C7 strain = max(1, ceil(total / 3))', () => {
    expect(evaluate(core({ effects: [{ id: 'shove', potency: 1 }] }), catalogues).derived.strain).toBe(1);
    expect(evaluate(core({ tier: 5, effects: [{ id: 'shove', potency: 4 }], duration: 'sustained' }), catalogues).derived.strain).toBe(Math.ceil(7 / 3));
  });

  it('renders the effect text with the potency', () => {
    expect(renderEffectText(catalogues.coreEffects![0]!, 3)).toBe('Throw it 6 metres; 3 damage.');
  });
});

describe('characters (GAME.md §2)', () => {
  it('H1 rank from XP: 0, 10, 30, 60, 100, 150, 210, 280, 360, 450', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(xpForRank)).toEqual([0, 10, 30, 60, 100, 150, 210, 280, 360, 450]);
    expect([0, 9, 10, 29, 30, 449, 450, 10_000].map(rankForXp)).toEqual([1, 1, 2, 2, 3, 9, 10, 10]);
  });

  it('H1 more XP never lowers the rank (property)', () => {
    fc.assert(fc.property(fc.nat(2000), fc.nat(500), (xp, more) => rankForXp(xp + more) >= rankForXp(xp)));
  });

  it('H2 8 attribute points at creation, none above 4; +1 at ranks 4, 7 and 10; cap 6 after creation', () => {
    const c = character({ attributes: { frame: 4, reflex: 3, logic: 2, nerve: 2, sync: 2 } });
    expect(evaluate(c, catalogues).derived.attributePointsLeft).toBe(0);
    const over = character({ attributes: { frame: 5, reflex: 1, logic: 1, nerve: 1, sync: 1 } });
    expect(evaluate(over, catalogues).issues).toContainEqual(expect.objectContaining({ path: 'attributes.frame', message: 'Frame must be between 1 and 4 (it is 5).' }));
    expect(evaluate(character({ xp: 60 }), catalogues).derived).toMatchObject({ rank: 4, attributePointsLeft: 9, attributeCap: 6 });
    expect(evaluate(character({ xp: 450 }), catalogues).derived.attributePointsLeft).toBe(11);
  });

  it('H3 10 skill points, +2 per rank; caps 3, 4, 5 by rank', () => {
    expect([1, 3, 4, 6, 7, 10].map(skillCapForRank)).toEqual([3, 3, 4, 4, 5, 5]);
    expect(evaluate(character({ xp: 30 }), catalogues).derived.skillPointsLeft).toBe(14);
    const r = evaluate(character({ skills: { ...noSkills, firearms: 3, hacking: 3, stealth: 3, medicine: 2 } }), catalogues);
    expect(r.issues.find((i) => i.code === 'skill-points')!.message).toBe('Spent 11 skill points of 10: lower a skill by 1.');
    expect(codes(evaluate(character({ skills: { ...noSkills, firearms: 4 } }), catalogues))).toContain('out-of-range');
  });

  it('H4 feature slots 2 + rank; tiers need rank 1/4/7; prerequisites; times', () => {
    const r = evaluate(character({ features: [{ id: 'deadeye' }] }), catalogues);
    expect(r.issues.map((i) => i.message)).toEqual(['Deadeye is a tier 2 feature: it needs rank 4 (this character is rank 1).', 'Deadeye needs Quick first.']);
    expect(evaluate(character({ xp: 60, features: [{ id: 'quick' }, { id: 'deadeye' }] }), catalogues).valid).toBe(true);
    const slots = evaluate(character({ features: [{ id: 'quick' }, { id: 'tough', times: 3 }] }), catalogues);
    expect(slots.derived).toMatchObject({ featureSlots: 3, featureSlotsUsed: 4 });
    expect(codes(slots)).toContain('feature-slots');
    expect(codes(evaluate(character({ xp: 100, features: [{ id: 'quick', times: 2 }] }), catalogues))).toContain('times');
  });

  it('H5 installed cores: tiers add up to at most Sync', () => {
    const c = character({ attributes: { frame: 1, reflex: 1, logic: 1, nerve: 1, sync: 2 }, cores: [core({ tier: 2 }), core({ id: 'c2', tier: 1 })] });
    expect(evaluate(c, catalogues).issues.find((i) => i.code === 'core-tiers')!.message).toContain('add up to 3, more than Sync 2');
  });

  it('H6 worn armour sets Guard and Protection; derived values follow the formulas', () => {
    const armour = { ...base, id: 'vest', kind: 'blueprint', type: 'armour', rank: 2, properties: { protection: 2, guard: 1, bulk: 2 }, features: [] } as Blueprint;
    const c = character({ attributes: { frame: 3, reflex: 3, logic: 2, nerve: 2, sync: 2 }, skills: { ...noSkills, athletics: 2 }, gear: [armour], armour: 'vest' });
    expect(evaluate(c, catalogues).derived).toMatchObject({ health: 8 + 6 + 1, guard: 1 + 1 + 1, protection: 2, strainCapacity: 6, initiative: 5, bulkLimit: 9, bulkCarried: 2 });
    expect(codes(evaluate(character({ gear: [weapon()], armour: 'doc' }), catalogues))).toContain('not-armour');
  });

  it('H7 over the bulk limit is a warning, not an error', () => {
    const heavy = { ...base, id: 'h', kind: 'blueprint', type: 'drone', rank: 1, properties: { frame: 1, speed: 2, bulk: 4 }, features: [] } as Blueprint;
    const r = evaluate(character({ gear: [heavy] }), catalogues);
    expect(r.valid).toBe(true);
    expect(r.issues).toEqual([expect.objectContaining({ code: 'over-bulk', severity: 'warning' })]);
  });
});

describe('creatures (GAME.md §5)', () => {
  it('K3 derived values use the chosen threat rank and property modifiers × potency', () => {
    const c = creature({ threatRank: 4, attributes: { frame: 4, reflex: 5, logic: 2, nerve: 3, sync: 2 }, properties: [{ id: 'hide', potency: 2 }, { id: 'quick-feet' }] });
    expect(evaluate(c, catalogues).derived).toMatchObject({ health: 6 + 12 + 8 + 4, guard: 1 + 2 + 1, protection: 2 });
  });

  it('K4 threat value and computed rank; a mismatch is only a warning, with the fix', () => {
    const c = creature({ threatRank: 3, attributes: { frame: 4, reflex: 4, logic: 2, nerve: 3, sync: 2 }, skills: { brawl: 3 }, properties: [{ id: 'hide', potency: 2 }] });
    const r = evaluate(c, catalogues);
    expect(r.derived).toMatchObject({ threatValue: 15 + 1 + 2, computedThreatRank: 3 });
    const low = evaluate({ ...c, threatRank: 5 }, catalogues);
    expect(low.valid).toBe(true);
    expect(low.issues).toEqual([expect.objectContaining({ code: 'threat-mismatch', severity: 'warning', path: 'threatRank' })]);
    expect(low.issues[0]!.message).toContain('Threat value 18 makes threat rank 3, not 5');
  });

  it('K1 ranges: attributes 1–8, skills 0–6, threat rank 1–10; K2 unknown properties and potencies', () => {
    const r = evaluate(creature({ threatRank: 11, attributes: { frame: 9, reflex: 1, logic: 1, nerve: 1, sync: 1 }, skills: { brawl: 7 }, properties: [{ id: 'x' }, { id: 'quick-feet', potency: 2 }, { id: 'hide', potency: 4 }] }), catalogues);
    expect(r.issues.filter((i) => i.severity === 'error').map((i) => i.path)).toEqual(['threatRank', 'attributes.frame', 'skills.brawl', 'properties.0', 'properties.1.potency', 'properties.2.potency']);
  });

  it('K4 computed rank clamps to 1..10', () => {
    expect(rules.computedThreatRank(0)).toBe(1);
    expect(rules.computedThreatRank(11)).toBe(1);
    expect(rules.computedThreatRank(12)).toBe(2);
    expect(rules.computedThreatRank(500)).toBe(10);
  });
});

describe('documents (GAME.md §6)', () => {
  it('M1 migrates a version-0 document without losing any field', () => {
    const old = { kind: 'core', id: 'c', name: 'Old', createdAt: 'x', updatedAt: 'x', tier: 1, discipline: 'bio', activation: 'action', range: 'self', duration: 'instant', effects: [], sideEffects: [], homebrew: { note: 'kept' } };
    const doc = loadDocument(old) as Core & { homebrew: unknown };
    expect(doc.schemaVersion).toBe(1);
    expect(doc.tags).toEqual([]);
    expect(doc.homebrew).toEqual({ note: 'kept' });
  });

  it('M2 refuses a newer schema version with a plain sentence', () => {
    expect(() => migrateDocument({ ...base, schemaVersion: 9 })).toThrow(/newer version of Nucleus/);
  });

  it('names the field when a document has the wrong shape', () => {
    expect(() => parseDocument({ ...character(), attributes: { frame: 'strong' } })).toThrow(/^attributes\.frame: /);
    expect(() => parseDocument({ ...base, kind: 'spaceship' })).toThrow(/kind/);
  });
});
