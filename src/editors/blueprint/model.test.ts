import { describe, expect, it } from 'vitest';
import { evaluate, blueprintSchema, blueprintCapacity, rangeCost, PROPERTY_SPECS, RANGES } from '../../rules';
import { catalogues, weapon, blueprint } from '../../rules/testing';
import { changeType, defaultProperties, fromGear, hasChoices, labelFor, newBlueprint, unmetRequirements, ruleWarning, whyUnavailable, BLUEPRINT_TYPES, PROPERTY_HINTS } from './model';

const base = { id: 'x', schemaVersion: 1, name: 'X', createdAt: 't', updatedAt: 't', tags: [] };
const features = catalogues.blueprintFeatures;

describe('blueprint model', () => {
  it('a new blueprint of every type is a valid document that costs nothing', () => {
    for (const type of BLUEPRINT_TYPES) {
      const bp = newBlueprint(base, type);
      expect(blueprintSchema.safeParse(bp).success).toBe(true);
      const r = evaluate(bp, catalogues);
      expect(r.valid).toBe(true);
      expect(r.derived.spent).toBe(0);
    }
  });

  it('changing type keeps name, rank and a property the player set that fits, drops features', () => {
    const bp = weapon({ rank: 3, name: 'Gun', notes: 'n', features: [{ id: 'bayonet' }] });
    (bp.properties as Record<string, unknown>).bulk = 3;
    const { next, dropped, kept } = changeType(bp, 'armour');
    expect(next).toMatchObject({ type: 'armour', rank: 3, name: 'Gun', notes: 'n', features: [] });
    expect(next.properties).toEqual({ ...defaultProperties('armour'), bulk: 3 });
    expect(dropped).toEqual(['bayonet']);
    expect(kept).toEqual(['Bulk']);
    // bulk 3 does not fit cyberware (always 0)
    expect(changeType(bp, 'cyberware').next.properties).toEqual(defaultProperties('cyberware'));
    // an untouched property takes the new type's default: no question asked when nothing was chosen
    const plain = changeType(newBlueprint(base, 'weapon'), 'armour').next;
    expect(plain.properties).toEqual(defaultProperties('armour'));
    expect(hasChoices(plain)).toBe(false);
  });

  it('asks before a type change only when there are choices to lose', () => {
    expect(hasChoices(newBlueprint(base, 'weapon'))).toBe(false);
    expect(hasChoices(weapon({ features: [{ id: 'bayonet' }] }))).toBe(true);
    expect(hasChoices(blueprint('weapon', { ...defaultProperties('weapon'), damage: 4 }))).toBe(true);
  });

  it('says in words which rule a feature would break (it can still be added), matching what evaluate would report', () => {
    const ap = features.find((f) => f.id === 'armour-piercing')!;
    const bp = weapon();
    expect(unmetRequirements(ap, bp)).toEqual(['Needs rate 2 or more']);
    expect(ruleWarning(ap, bp, features)).toBe('Needs rate 2 or more');
    expect(whyUnavailable(ap, bp)).toBeUndefined();
    const scope = features.find((f) => f.id === 'scope')!;
    expect(ruleWarning(scope, weapon({ properties: { damage: 2, range: 'close', rate: 1, bulk: 1 } }), features)).toBe('Needs range medium, long or extreme');
    expect(ruleWarning(scope, weapon({ properties: { damage: 2, range: 'long', rate: 1, bulk: 1 }, features: [{ id: 'bayonet' }] }), features)).toBe('Cannot be combined with Bayonet: remove one');
    const withAp = weapon({ properties: { damage: 2, range: 'close', rate: 2, bulk: 1 }, features: [{ id: 'armour-piercing', ranks: 1 }] });
    expect(whyUnavailable(ap, withAp)).toMatch(/Already on this blueprint/);
    // Taking every feature the model neither refuses nor flags never breaks a requirement or exclusion.
    const open = weapon({ properties: { damage: 2, range: 'long', rate: 2, bulk: 1 } });
    const allowed = features.filter((f) => f.type === 'weapon' && !whyUnavailable(f, open) && !ruleWarning(f, open, features));
    const codes = evaluate({ ...open, features: allowed.map((f) => ({ id: f.id })) } as typeof open, catalogues).issues.map((i) => i.code);
    expect(codes).not.toContain('requirement');
    expect(allowed.map((f) => f.id)).toContain('scope');
  });

  it('names the field an issue is about', () => {
    const bp = weapon({ features: [{ id: 'ammo' }] });
    expect(labelFor('properties.rate', bp, features)).toBe('Rate');
    expect(labelFor('features.0.subFeatures', bp, features)).toBe('Ammo options');
    expect(labelFor('rank', bp, features)).toBe('Rank');
  });

  it('a copy of standard gear gets a new id and loses its description', () => {
    const item = { ...weapon({ id: 'pistol', name: 'Pistol' }), description: 'A gun.' };
    const copy = fromGear(item as never, { id: 'new', createdAt: 'a', updatedAt: 'b' });
    expect(copy).toMatchObject({ id: 'new', name: 'Pistol', type: 'weapon', createdAt: 'a' });
    expect('description' in copy).toBe(false);
  });
});

describe('property hints (read back from their words)', () => {
  /** The cost a hint's words state for value v: "N pt(s) per [M unit|step] above|below F"; "No cost"/"Always" cost nothing. */
  function statedCost(hint: string, v: number): number {
    const m = /^(\d+) pts? per (?:(\d+) \w+|step) (above|below) (\d+)$/.exec(hint);
    if (!m) {
      expect(hint).toMatch(/^(No cost|Always \d+|Each step above \d+ adds \d+ capacity)$/);
      return 0;
    }
    const [, points, per, side, from] = m;
    const steps = Math.max(0, side === 'below' ? Number(from) - v : v - Number(from));
    return Number(points) * Math.ceil(steps / Number(per ?? 1));
  }

  it('each numeric property hint states the cost PROPERTY_SPECS charges at every value in its range', () => {
    for (const type of BLUEPRINT_TYPES) {
      for (const [key, spec] of Object.entries(PROPERTY_SPECS[type])) {
        const hint = PROPERTY_HINTS[`${type}.${key}`]!;
        expect(hint, `${type}.${key}`).toBeTruthy();
        for (let v = spec.min; v <= spec.max; v++) expect(statedCost(hint, v), `${type}.${key} = ${v}: "${hint}"`).toBe(spec.cost(v));
      }
    }
  });

  it('the strain hint states the capacity each step adds, and the range hint the cost of each range', () => {
    const strain = /^Each step above (\d+) adds (\d+) capacity$/.exec(PROPERTY_HINTS['cyberware.strain']!)!;
    expect(blueprintCapacity(2, 'cyberware', Number(strain[1]) + 2) - blueprintCapacity(2, 'cyberware', Number(strain[1]))).toBe(2 * Number(strain[2]));
    const range = /^(\d+) pts? per step beyond (\w+); (\w+) is free$/.exec(PROPERTY_HINTS['weapon.range']!)!;
    const beyond = RANGES.indexOf(range[2] as (typeof RANGES)[number]);
    expect(rangeCost(range[3]!)).toBe(0);
    RANGES.forEach((r, i) => expect(rangeCost(r), r).toBe(Number(range[1]) * Math.max(0, i - beyond)));
  });
});
