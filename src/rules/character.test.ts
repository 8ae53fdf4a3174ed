import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import {
  evaluate,
  rankForXp,
  xpForRank,
  skillCapForRank,
  attributeCapForRank,
  attributePointsForRank,
  skillPointsForRank,
  featureSlotsForRank,
  skillPool,
} from './index';
import { base, blueprint, catalogues, character, codes, core, noSkills, weapon } from './testing';

describe('characters (GAME.md §2)', () => {
  it('H1 XP(r) = 5·r·(r−1): 0, 10, 30, 60, 100, 150, 210, 280, 360, 450; rank = highest r with XP(r) ≤ xp', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(xpForRank)).toEqual([0, 10, 30, 60, 100, 150, 210, 280, 360, 450]);
    expect([0, 9, 10, 29, 30, 59, 60, 449, 450, 10_000].map(rankForXp)).toEqual([1, 1, 2, 2, 3, 3, 4, 9, 10, 10]);
    expect(evaluate(character({ xp: 100 }), catalogues).derived.rank).toBe(5);
  });

  it('H1 more XP never lowers the rank; the rank stays within 1..10 (property)', () => {
    fc.assert(
      fc.property(fc.nat(2000), fc.nat(500), (xp, more) => {
        expect(rankForXp(xp + more)).toBeGreaterThanOrEqual(rankForXp(xp));
        expect(rankForXp(xp)).toBeGreaterThanOrEqual(1);
        expect(rankForXp(xp)).toBeLessThanOrEqual(10);
        expect(xpForRank(rankForXp(xp))).toBeLessThanOrEqual(xp);
      }),
    );
  });

  it('H1 negative XP is an issue', () => {
    expect(evaluate(character({ xp: -5 }), catalogues).issues).toContainEqual(expect.objectContaining({ path: 'xp', code: 'negative-xp' }));
  });

  it('H2 8 attribute points at creation (each step above 1 costs 1), +1 at ranks 4, 7 and 10', () => {
    expect([1, 3, 4, 6, 7, 9, 10].map(attributePointsForRank)).toEqual([8, 8, 9, 9, 10, 10, 11]);
    const c = character({ attributes: { frame: 4, reflex: 3, logic: 2, nerve: 2, sync: 2 } });
    expect(evaluate(c, catalogues).derived.attributePointsLeft).toBe(0);
    expect(evaluate(character({ xp: 60 }), catalogues).derived.attributePointsLeft).toBe(9);
    expect(evaluate(character({ xp: 450 }), catalogues).derived.attributePointsLeft).toBe(11);
    const over = evaluate(character({ attributes: { frame: 4, reflex: 4, logic: 4, nerve: 1, sync: 1 } }), catalogues);
    expect(over.issues).toEqual([{ path: 'attributes', code: 'attribute-points', severity: 'error', message: 'Spent 9 attribute points of 8: lower an attribute by 1.' }]);
  });

  it('H2 creation (rank 1) caps attributes at 4; from rank 2 the cap is 6', () => {
    expect([1, 2, 10].map(attributeCapForRank)).toEqual([4, 6, 6]);
    const over = character({ attributes: { frame: 5, reflex: 1, logic: 1, nerve: 1, sync: 1 } });
    expect(evaluate(over, catalogues).issues).toEqual([
      { path: 'attributes.frame', code: 'out-of-range', severity: 'error', message: 'Frame must be between 1 and 4 (it is 5).' },
    ]);
    expect(evaluate({ ...over, xp: 10 }, catalogues).valid).toBe(true);
    expect(evaluate(character({ xp: 10, attributes: { frame: 7, reflex: 1, logic: 1, nerve: 1, sync: 1 } }), catalogues).issues[0]!.message).toBe('Frame must be between 1 and 6 (it is 7).');
    expect(evaluate(character({ xp: 10 }), catalogues).derived.attributeCap).toBe(6);
  });

  it('H3 10 skill points, +2 per rank above 1; spending more is an error', () => {
    expect([1, 2, 10].map(skillPointsForRank)).toEqual([10, 12, 28]);
    expect(evaluate(character({ xp: 30 }), catalogues).derived.skillPointsLeft).toBe(14);
    const r = evaluate(character({ skills: { ...noSkills, firearms: 3, hacking: 3, stealth: 3, medicine: 2 } }), catalogues);
    expect(r.issues).toEqual([{ path: 'skills', code: 'skill-points', severity: 'error', message: 'Spent 11 skill points of 10: lower a skill by 1.' }]);
  });

  it('H3 skill cap: 3 at ranks 1–3, 4 at 4–6, 5 at 7–10', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map(skillCapForRank)).toEqual([3, 3, 3, 4, 4, 4, 5, 5, 5, 5]);
    expect(evaluate(character({ skills: { ...noSkills, firearms: 4 } }), catalogues).issues[0]).toMatchObject({ path: 'skills.firearms', code: 'out-of-range' });
    expect(evaluate(character({ xp: 60, skills: { ...noSkills, firearms: 4 } }), catalogues).valid).toBe(true);
    expect(evaluate(character({ xp: 210 }), catalogues).derived.skillCap).toBe(5);
  });

  it('H3 the points left are never more than available and never hide overspending (property)', () => {
    fc.assert(
      fc.property(fc.nat(500), fc.array(fc.integer({ min: 0, max: 5 }), { minLength: 12, maxLength: 12 }), (xp, ranks) => {
        const skills = Object.fromEntries(Object.keys(noSkills).map((s, i) => [s, ranks[i]!])) as typeof noSkills;
        const r = evaluate(character({ xp, skills }), catalogues);
        const total = ranks.reduce((a, b) => a + b, 0);
        expect(r.derived.skillPointsLeft).toBe(skillPointsForRank(rankForXp(xp)) - total);
        expect(codes(r).includes('skill-points')).toBe(r.derived.skillPointsLeft < 0);
      }),
    );
  });

  it('H4 feature slots = 2 + rank; each taking uses one slot', () => {
    expect([1, 5, 10].map(featureSlotsForRank)).toEqual([3, 7, 12]);
    const slots = evaluate(character({ features: [{ id: 'quick' }, { id: 'tough', times: 3 }] }), catalogues);
    expect(slots.derived).toMatchObject({ featureSlots: 3, featureSlotsUsed: 4 });
    expect(slots.issues).toEqual([
      { path: 'features', code: 'feature-slots', severity: 'error', message: 'Uses 4 feature slots of 3: remove a feature or gain a rank.' },
    ]);
  });

  it('H4 tiers need rank 1, 4, 7; prerequisites must be held', () => {
    const r = evaluate(character({ features: [{ id: 'deadeye' }] }), catalogues);
    expect(r.issues.map((i) => [i.path, i.code, i.message])).toEqual([
      ['features.0', 'tier-rank', 'Deadeye is a tier 2 feature: it needs rank 4 (this character is rank 1).'],
      ['features.0', 'prerequisite', 'Deadeye needs Quick first.'],
    ]);
    expect(evaluate(character({ xp: 60, features: [{ id: 'quick' }, { id: 'deadeye' }] }), catalogues).valid).toBe(true);
    expect(codes(evaluate(character({ xp: 150, features: [{ id: 'quick' }, { id: 'deadeye' }, { id: 'legend' }] }), catalogues))).toEqual(['tier-rank']);
    expect(evaluate(character({ xp: 210, features: [{ id: 'quick' }, { id: 'deadeye' }, { id: 'legend' }] }), catalogues).valid).toBe(true);
  });

  it('H4 times ≤ maxTimes; unknown features and repeated entries are issues', () => {
    expect(evaluate(character({ xp: 100, features: [{ id: 'quick', times: 2 }] }), catalogues).issues).toEqual([
      { path: 'features.0.times', code: 'times', severity: 'error', message: 'Quick can be taken once.' },
    ]);
    expect(evaluate(character({ xp: 100, features: [{ id: 'tough', times: 4 }] }), catalogues).issues[0]!.message).toBe('Tough can be taken up to 3 times.');
    expect(codes(evaluate(character({ features: [{ id: 'ghost' }] }), catalogues))).toEqual(['unknown-feature']);
    expect(codes(evaluate(character({ features: [{ id: 'tough' }, { id: 'tough' }] }), catalogues))).toEqual(['duplicate-feature']);
  });

  it('H5 installed cores: tiers add up to at most Sync; each core is checked in place', () => {
    const c = character({ attributes: { frame: 1, reflex: 1, logic: 1, nerve: 1, sync: 2 }, cores: [core({ tier: 2 }), core({ id: 'c2', tier: 1 })] });
    expect(evaluate(c, catalogues).issues).toContainEqual(
      expect.objectContaining({ path: 'cores', code: 'core-tiers', message: "Installed cores' tiers add up to 3, more than Sync 2: remove a core or raise Sync." }),
    );
    const bad = evaluate(character({ attributes: { frame: 1, reflex: 1, logic: 1, nerve: 1, sync: 3 }, cores: [core({ effects: [] })] }), catalogues);
    expect(bad.issues).toEqual([expect.objectContaining({ path: 'cores.0.effects', code: 'no-effect', message: 'Doc: A core needs at least one effect: add one.' })]);
  });

  it('H6 carried gear is checked in place', () => {
    const r = evaluate(character({ attributes: { frame: 3, reflex: 1, logic: 1, nerve: 1, sync: 1 }, gear: [weapon({ properties: { damage: 9, range: 'close', rate: 1, bulk: 1 } })] }), catalogues);
    expect(r.issues.map((i) => i.path)).toEqual(['gear.0.properties.damage', 'gear.0.rank']);
  });

  it('H7 worn armour gives Guard and Protection; it must be armour among the gear', () => {
    const vest = blueprint('armour', { protection: 2, guard: 1, bulk: 2 }, { id: 'vest', rank: 2 });
    const c = character({ attributes: { frame: 3, reflex: 3, logic: 2, nerve: 2, sync: 2 }, skills: { ...noSkills, athletics: 2 }, gear: [vest], armour: 'vest' });
    expect(evaluate(c, catalogues).derived).toMatchObject({ guard: 1 + 1 + 1, protection: 2 });
    expect(evaluate({ ...c, armour: undefined }, catalogues).derived).toMatchObject({ guard: 2, protection: 0 });
    expect(evaluate(character({ gear: [weapon()], armour: 'doc' }), catalogues).issues).toEqual([
      { path: 'armour', code: 'not-armour', severity: 'error', message: 'Doc is not armour: choose an armour to wear.' },
    ]);
    expect(codes(evaluate(character({ armour: 'ghost' }), catalogues))).toEqual(['armour-missing']);
  });

  it('H8 derived values: Health 8 + 2·Frame + rank, Strain 2·Sync + Nerve, Initiative Reflex + Logic, Bulk limit 3·Frame', () => {
    const c = character({ xp: 10, attributes: { frame: 3, reflex: 4, logic: 2, nerve: 2, sync: 3 }, skills: { ...noSkills, athletics: 3 } });
    expect(evaluate(c, catalogues).derived).toMatchObject({
      rank: 2,
      health: 8 + 6 + 2,
      guard: 1 + Math.floor(7 / 4),
      protection: 0,
      strainCapacity: 8,
      initiative: 6,
      bulkLimit: 9,
      bulkCarried: 0,
      overBulk: false,
    });
    expect(skillPool(c, 'firearms')).toBe(4);
    expect(skillPool(c, 'athletics')).toBe(6);
  });

  it('H9 over the bulk limit is allowed: derived.overBulk, never an issue', () => {
    const heavy = blueprint('drone', { frame: 1, speed: 2, bulk: 4 }, { id: 'h' });
    const r = evaluate(character({ gear: [heavy] }), catalogues);
    expect(r).toMatchObject({ valid: true, issues: [], derived: { bulkCarried: 4, bulkLimit: 3, overBulk: true } });
    expect(evaluate(character({ gear: [{ ...heavy, properties: { frame: 1, speed: 2, bulk: 3 } } as typeof heavy] }), catalogues).derived.overBulk).toBe(false);
  });

  it('H10 an empty character at rank 1 is valid with every point left', () => {
    expect(evaluate(character(), catalogues)).toMatchObject({ valid: true, issues: [], derived: { attributePointsLeft: 8, skillPointsLeft: 10, featureSlotsUsed: 0 } });
    expect(base.schemaVersion).toBe(1);
  });
});
