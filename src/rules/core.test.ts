import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { evaluate, coreBudget, coreStrain, corePropertyCost, effectCost, refundLimit, renderEffectText } from './index';
import { catalogues, codes, core } from './testing';

describe('cores (GAME.md §4)', () => {
  it('C1 property costs: activation 0/1/2, range self/touch 0, near 1, far 2, duration 0/1/2', () => {
    const cost = (activation: string, range: string, duration: string) => corePropertyCost({ activation, range, duration } as never);
    expect([cost('action', 'self', 'instant'), cost('reaction', 'touch', 'instant'), cost('passive', 'near', 'scene'), cost('passive', 'far', 'sustained')]).toEqual([0, 1, 4, 6]);
    const r = evaluate(core({ tier: 3, activation: 'passive', range: 'far', duration: 'sustained' }), catalogues);
    expect(r.derived).toMatchObject({ cost: 6 + 2 });
  });

  it('C2 budget = 3·tier + 2; tier outside 1–5 is an issue', () => {
    expect([1, 2, 3, 4, 5].map(coreBudget)).toEqual([5, 8, 11, 14, 17]);
    expect(evaluate(core({ tier: 3 }), catalogues).derived.budget).toBe(11);
    expect(evaluate(core({ tier: 6 }), catalogues).issues).toContainEqual(expect.objectContaining({ path: 'tier', code: 'out-of-range' }));
  });

  it('C3 effect cost = base + costPerPotency per step above 1; another discipline costs +1', () => {
    expect(evaluate(core({ effects: [{ id: 'shove', potency: 3 }] }), catalogues).derived.cost).toBe(4);
    expect(evaluate(core({ effects: [{ id: 'blink', potency: 2 }] }), catalogues).derived.cost).toBe(3 + 2 + 1);
    expect(evaluate(core({ discipline: 'void', effects: [{ id: 'blink', potency: 2 }] }), catalogues).derived.cost).toBe(5);
    expect(effectCost(catalogues.coreEffects[0]!, 4, 'bio')).toBe(2 + 3 + 1);
  });

  it('C3 potency outside 1..maxPotency is an issue at the effect', () => {
    expect(evaluate(core({ effects: [{ id: 'blink', potency: 3 }] }), catalogues).issues).toContainEqual(
      expect.objectContaining({ path: 'effects.0.potency', code: 'out-of-range', message: "Blink's potency must be between 1 and 2 (it is 3)." }),
    );
  });

  it('C4 refunds up to floor(effects cost / 2); more is an error at sideEffects', () => {
    expect([0, 1, 2, 3, 7].map(refundLimit)).toEqual([0, 0, 1, 1, 3]);
    const ok = evaluate(core({ effects: [{ id: 'shove', potency: 2 }], sideEffects: ['nosebleed'] }), catalogues);
    expect(ok.valid).toBe(true);
    expect(ok.derived).toMatchObject({ refund: 1, cost: 2 });
    const over = evaluate(core({ effects: [{ id: 'shove', potency: 2 }], sideEffects: ['glow'] }), catalogues);
    expect(over.issues).toContainEqual(
      expect.objectContaining({
        path: 'sideEffects',
        code: 'refund-limit',
        message: "Side effects refund 2 points but may refund at most 1 (half the effects' cost): remove a side effect or add effects.",
      }),
    );
  });

  it('C5 total = properties + effects − refunds; 1 ≤ total ≤ budget', () => {
    const over = evaluate(core({ tier: 1, effects: [{ id: 'shove', potency: 4 }], activation: 'passive' }), catalogues);
    expect(over.derived.cost).toBe(7);
    expect(over.issues).toContainEqual(expect.objectContaining({ path: 'tier', code: 'over-budget', message: 'Costs 7 points of a budget of 5: lower a potency, remove an effect or raise the tier.' }));
    expect(evaluate(core({ tier: 1, effects: [{ id: 'shove', potency: 4 }] }), catalogues).valid).toBe(true);
  });

  it('C5 a total below 1 is an error: from refunds at sideEffects, otherwise at effects', () => {
    const free = { ...catalogues, coreEffects: [{ id: 'spark', name: 'Spark', discipline: 'kinetic' as const, baseCost: 0, maxPotency: 1, costPerPotency: 0, template: '' }] };
    expect(evaluate(core({ effects: [{ id: 'spark', potency: 1 }] }), free).issues).toEqual([
      { path: 'effects', code: 'cost-below-one', severity: 'error', message: 'The core must cost at least 1 point (it costs 0): raise a potency, add an effect or change a property.' },
    ]);
    expect(evaluate(core({ effects: [{ id: 'ghost', potency: 1 }] }), catalogues).issues.map((i) => i.code)).toEqual(['unknown-effect']);
  });

  it('C6 a core needs at least one effect', () => {
    expect(evaluate(core({ effects: [] }), catalogues).issues).toEqual([
      { path: 'effects', code: 'no-effect', severity: 'error', message: 'A core needs at least one effect: add one.' },
    ]);
  });

  it('C7 strain = max(1, ceil(total / 3))', () => {
    expect([0, 1, 3, 4, 6, 7, 17].map(coreStrain)).toEqual([1, 1, 1, 2, 2, 3, 6]);
    expect(evaluate(core({ tier: 5, effects: [{ id: 'shove', potency: 4 }], duration: 'sustained' }), catalogues).derived.strain).toBe(3);
  });

  it('C8 unknown effects and side effects are issues; a duplicate is an issue', () => {
    const r = evaluate(core({ effects: [{ id: 'nope', potency: 1 }, { id: 'shove', potency: 1 }, { id: 'shove', potency: 1 }], sideEffects: ['gone'] }), catalogues);
    expect(r.issues.map((i) => [i.path, i.code])).toEqual([
      ['effects.0', 'unknown-effect'],
      ['effects.2', 'duplicate-effect'],
      ['sideEffects.0', 'unknown-side-effect'],
    ]);
  });

  it('C9 renderEffectText fills {potency} and {potency*N}', () => {
    expect(renderEffectText(catalogues.coreEffects[0]!, 3)).toBe('Throw it 6 metres; 3 damage.');
    expect(renderEffectText({ template: 'Push the target {potency*2} metres.' }, 1)).toBe('Push the target 2 metres.');
    expect(renderEffectText({ template: 'No potency here.' }, 5)).toBe('No potency here.');
  });

  it('C9b a word written round(s) after a number agrees with it once the potency is known', () => {
    const t = { template: 'Obeys for {potency} round(s); stops for {potency*2} round(s).' };
    expect(renderEffectText(t, 1)).toBe('Obeys for 1 round; stops for 2 rounds.');
    expect(renderEffectText(t, 3)).toBe('Obeys for 3 rounds; stops for 6 rounds.');
  });

  it('C10 strain is at least 1, the budget is 3·tier + 2, a valid core costs at least 1 (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 4 }), fc.subarray(['nosebleed', 'glow']), (tier, potency, sideEffects) => {
        const r = evaluate(core({ tier, effects: [{ id: 'shove', potency }], sideEffects }), catalogues);
        expect(r.derived.strain).toBeGreaterThanOrEqual(1);
        expect(r.derived.budget).toBe(3 * tier + 2);
        if (r.valid) expect(r.derived.cost).toBeGreaterThanOrEqual(1);
      }),
    );
  });
});
