import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ATTRIBUTES, SKILL_NAMES, evaluate, type Creature } from '../../rules';
import { readCatalogues } from '../../content';
import { newCreature } from './creatureList';
import { applyFix, threatAdvice, threatBand } from './threat';

const catalogues = readCatalogues('content/data');
const props = catalogues.creatureProperties;
const mismatch = (c: Creature) => evaluate(c, catalogues).issues.some((i) => i.code === 'threat-mismatch');
const base = (over: Partial<Creature> = {}): Creature => ({ ...newCreature('c', '2026-01-01T00:00:00Z'), ...over });

describe('threatBand', () => {
  it('gives the threat values of each rank as the rules page table does', () => {
    expect(threatBand(1)).toEqual({ min: -Infinity, max: 11 });
    expect(threatBand(2)).toEqual({ min: 12, max: 17 });
    expect(threatBand(9)).toEqual({ min: 54, max: 59 });
    expect(threatBand(10)).toEqual({ min: 60, max: Infinity });
  });
});

describe('threatAdvice', () => {
  it('says nothing when the chosen rank is the computed one (the Gutter Hound)', () => {
    const hound = catalogues.creatures.find((c) => c.id === 'gutter-hound')!;
    const a = threatAdvice(hound, props);
    expect(a).toMatchObject({ value: 11, computed: 1, chosen: 1, matches: true, excess: 0, message: '', fixes: [] });
  });

  it('names the rank to set and the threat to remove, with numbers, when the creature is stronger than its rank', () => {
    // Attributes 4+4+2+2+2 = 14 → value 14 → rank 2; chosen 1 (band ≤ 11): 3 too many.
    const c = base({ attributes: { frame: 4, reflex: 4, logic: 2, nerve: 2, sync: 2 } });
    const a = threatAdvice(c, props);
    expect(a).toMatchObject({ value: 14, computed: 2, chosen: 1, matches: false, excess: 3 });
    expect(a.message).toBe('Threat value 14 gives threat rank 2, but the chosen rank is 1 (threat 11 or less): set the rank to 2, or remove 3 threat.');
    expect(a.fixes[0]).toMatchObject({ fix: { type: 'rank', to: 2 }, label: 'Set the threat rank to 2', path: 'threatRank' });
    expect(a.fixes.map((f) => f.label)).toContain('Lower Frame from 4 to 1 (−3 threat)');
  });

  it('names the threat to add when the creature is weaker than its rank, and offers raises', () => {
    const c = base({ threatRank: 2 });
    const a = threatAdvice(c, props);
    expect(a).toMatchObject({ value: 5, computed: 1, excess: -7 });
    expect(a.message).toContain('add 7 threat');
    expect(a.fixes.map((f) => f.label)).toContain('Raise Frame from 1 to 8 (+7 threat)');
  });

  it('lists property threat by potency, largest first', () => {
    const c = base({ properties: [{ id: 'armoured-hide', potency: 3 }, { id: 'pack-hunter' }] });
    const a = threatAdvice(c, props);
    expect(a.parts[0]).toEqual({ path: 'properties.0', label: 'Armoured Hide (potency 3)', threat: 3 });
    expect(a.parts.find((p) => p.path === 'properties.1')).toMatchObject({ label: 'Pack Hunter', threat: 1 });
  });

  it('lowers a potency before removing the property, and never offers a fix that overshoots into another rank', () => {
    // Attributes 7 + Toxic Cloud 3 + Armoured Hide 3 = 13 → rank 2; chosen 1: 2 too many.
    // Removing Toxic Cloud (−3) gives 10 → rank 1; Armoured Hide 3 → 1 lowers by exactly 2.
    const c = base({
      attributes: { frame: 2, reflex: 2, logic: 1, nerve: 1, sync: 1 },
      properties: [{ id: 'toxic-cloud' }, { id: 'armoured-hide', potency: 3 }],
    });
    const a = threatAdvice(c, props);
    expect(a.value).toBe(7 + 3 + 3);
    expect(a.excess).toBe(2);
    const labels = a.fixes.map((f) => f.label);
    expect(labels).toContain("Lower Armoured Hide's potency from 3 to 1 (−2 threat)");
    expect(labels).toContain('Remove Toxic Cloud (−3 threat)');
    // Chosen rank 2 (12–17) with value 18: removing Toxic Cloud would drop to 15 (rank 2, fine),
    // but a creature at 18 with chosen 2 must not be told to lower Frame by 7.
    const d = base({ threatRank: 2, attributes: { frame: 6, reflex: 2, logic: 2, nerve: 1, sync: 1 }, properties: [{ id: 'toxic-cloud' }, { id: 'toxic-cloud' }] });
    for (const f of threatAdvice(d, props).fixes) expect(mismatch(applyFix(d, f.fix)), f.label).toBe(false);
  });

  it('counts skills half, rounded down, as the engine does', () => {
    const c = base({ skills: { brawl: 3 } });
    // 5 + floor(3/2) = 6; lowering Brawl to 2 changes nothing (floor(2/2) = 1).
    expect(threatAdvice(c, props).value).toBe(6);
  });

  it('agrees with the engine and every fix it offers removes the warning (random creatures)', () => {
    const ids = props.map((p) => p.id);
    const arb = fc.record({
      threatRank: fc.integer({ min: 1, max: 10 }),
      attrs: fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 5, maxLength: 5 }),
      skills: fc.array(fc.tuple(fc.constantFrom(...SKILL_NAMES), fc.integer({ min: 0, max: 6 })), { maxLength: 5 }),
      properties: fc.array(fc.tuple(fc.constantFrom(...ids), fc.integer({ min: 1, max: 4 })), { maxLength: 6 }),
    });
    fc.assert(
      fc.property(arb, ({ threatRank, attrs, skills, properties }) => {
        const c = base({
          threatRank,
          attributes: Object.fromEntries(ATTRIBUTES.map((a, i) => [a, attrs[i]!])) as Creature['attributes'],
          skills: Object.fromEntries(skills),
          properties: properties.map(([id, p]) => {
            const e = props.find((x) => x.id === id)!;
            return e.potency ? { id, potency: Math.min(p, e.potency.max) } : { id };
          }),
        });
        const a = threatAdvice(c, props);
        const r = evaluate(c, catalogues);
        expect(a.value).toBe(r.derived.threatValue);
        expect(a.computed).toBe(r.derived.computedThreatRank);
        expect(a.matches).toBe(!mismatch(c));
        if (!a.matches) expect(a.fixes.length).toBeGreaterThan(0);
        for (const f of a.fixes) {
          const fixed = applyFix(c, f.fix);
          expect(mismatch(fixed), f.label).toBe(false);
          expect(evaluate(fixed, catalogues).valid, f.label).toBe(true);
        }
      }),
      { numRuns: 300 },
    );
  });
});
