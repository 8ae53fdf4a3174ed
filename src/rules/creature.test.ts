import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { evaluate, computedThreatRank, threatValue } from './index';
import { catalogues, codes, creature } from './testing';

describe('creatures (GAME.md §5)', () => {
  it('K1 ranges: attributes 1–8, skills 0–6, threat rank 1–10; unknown skills; attacks named with damage ≥ 1', () => {
    const r = evaluate(
      creature({ threatRank: 11, attributes: { frame: 9, reflex: 1, logic: 1, nerve: 1, sync: 1 }, skills: { brawl: 7, flying: 2 } as never, attacks: [{ name: '', damage: 0, range: 'melee' }] }),
      catalogues,
    );
    expect(r.issues.filter((i) => i.severity === 'error').map((i) => [i.path, i.code])).toEqual([
      ['threatRank', 'out-of-range'],
      ['attributes.frame', 'out-of-range'],
      ['skills.brawl', 'out-of-range'],
      ['skills.flying', 'unknown-skill'],
      ['attacks.0.name', 'attack-name'],
      ['attacks.0.damage', 'attack-damage'],
    ]);
  });

  it('K2 unknown properties are issues; potency 1..max where the property has one, none where it has not', () => {
    const r = evaluate(creature({ properties: [{ id: 'x' }, { id: 'quick-feet', potency: 2 }, { id: 'hide', potency: 4 }] }), catalogues);
    expect(r.issues.filter((i) => i.severity === 'error').map((i) => [i.path, i.code])).toEqual([
      ['properties.0', 'unknown-property'],
      ['properties.1.potency', 'no-potency'],
      ['properties.2.potency', 'out-of-range'],
    ]);
  });

  it('K3 Health = 6 + 3·Frame + 2·threat rank + modifiers; Guard = 1 + floor((Reflex + threat rank)/4) + modifiers; Protection = modifiers', () => {
    const c = creature({ threatRank: 4, attributes: { frame: 4, reflex: 5, logic: 2, nerve: 3, sync: 2 }, properties: [{ id: 'hide', potency: 2 }, { id: 'quick-feet' }] });
    expect(evaluate(c, catalogues).derived).toMatchObject({ health: 6 + 12 + 8 + 4, guard: 1 + 2 + 1, protection: 2 });
    expect(evaluate(creature(), catalogues).derived).toMatchObject({ health: 11, guard: 1, protection: 0 });
  });

  it('K4 threat value = Σ attributes + floor(Σ skills / 2) + Σ property threat; computed rank clamps to 1..10', () => {
    expect(threatValue(15, 3, 2)).toBe(18);
    expect([0, 5, 11, 12, 17, 18, 59, 60, 500].map(computedThreatRank)).toEqual([1, 1, 1, 2, 2, 3, 9, 10, 10]);
    const c = creature({ threatRank: 3, attributes: { frame: 4, reflex: 4, logic: 2, nerve: 3, sync: 2 }, skills: { brawl: 3 }, properties: [{ id: 'hide', potency: 2 }] });
    const r = evaluate(c, catalogues);
    expect(r).toMatchObject({ valid: true, issues: [], derived: { threatValue: 15 + 1 + 2, computedThreatRank: 3 } });
  });

  it('K4 the chosen rank drives Health and Guard; a mismatch is only a warning, with the fix', () => {
    const c = creature({ threatRank: 5, attributes: { frame: 4, reflex: 4, logic: 2, nerve: 3, sync: 2 }, skills: { brawl: 3 }, properties: [{ id: 'hide', potency: 2 }] });
    const low = evaluate(c, catalogues);
    expect(low.valid).toBe(true);
    expect(low.derived).toMatchObject({ computedThreatRank: 3, health: 6 + 12 + 10 + 4, guard: 1 + 2 });
    expect(low.issues).toEqual([
      {
        path: 'threatRank',
        code: 'threat-mismatch',
        severity: 'warning',
        message: 'Threat value 18 makes threat rank 3, not 5: set the threat rank to 3, or add properties, attributes or skills worth 12 more threat.',
      },
    ]);
    expect(evaluate({ ...c, threatRank: 1 }, catalogues).issues[0]!.message).toBe(
      'Threat value 18 makes threat rank 3, not 1: set the threat rank to 3, or lower attributes, skills or properties by 7 threat.',
    );
  });

  it('K5 a property with potency p counts its threat and each modifier p times; without potency p = 1', () => {
    const at = (potency?: number) => evaluate(creature({ properties: [{ id: 'hide', potency }] }), catalogues).derived;
    expect(at(undefined)).toMatchObject({ threatValue: 6, protection: 1, health: 13 });
    expect(at(3)).toMatchObject({ threatValue: 8, protection: 3, health: 17 });
    expect(evaluate(creature({ properties: [{ id: 'quick-feet' }] }), catalogues).derived).toMatchObject({ threatValue: 7, guard: 2 });
  });

  it('K6 the mismatch warning is the only warning and appears exactly when the ranks differ (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 10 }), fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 5, maxLength: 5 }), (threatRank, [f, r, l, n, s]) => {
        const out = evaluate(creature({ threatRank, attributes: { frame: f!, reflex: r!, logic: l!, nerve: n!, sync: s! } }), catalogues);
        expect(out.valid).toBe(true);
        expect(codes(out)).toEqual(out.derived.computedThreatRank === threatRank ? [] : ['threat-mismatch']);
      }),
    );
  });
});
