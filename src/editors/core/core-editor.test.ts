import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { evaluate, coreBudget, type Core } from '../../rules';
import { catalogues as small, core } from '../../rules/testing';
import { readCatalogues } from '../../content';
import { applyCoreEdit, newCore, type CoreEdit } from './model';
import { disciplineOptions, effectOptions, effectRows, propertyOptions, sideEffectOptions, tierOptions, points, signedPoints } from './options';
import { coreCard, coreRulesText } from './text';

const real = readCatalogues('content/data');
const derived = (c: Core, cats = small) => evaluate(c, cats).derived;

describe('core editor options', () => {
  it('activation, range and duration options carry the rules table costs', () => {
    const c = core();
    const costs = (name: 'activation' | 'range' | 'duration') => propertyOptions(name, c, small, derived(c)).map((o) => [o.label, o.costLabel]);
    expect(costs('activation')).toEqual([
      ['Action', '0 points'],
      ['Reaction', '1 point'],
      ['Passive', '2 points'],
    ]);
    expect(costs('range')).toEqual([
      ['Self', '0 points'],
      ['Touch', '0 points'],
      ['Near', '1 point'],
      ['Far', '2 points'],
    ]);
    expect(costs('duration')).toEqual([
      ['Instant', '0 points'],
      ['Scene', '1 point'],
      ['Sustained', '2 points'],
    ]);
  });

  it('each option that would push the core over budget says by how much, and stays offered', () => {
    // Tier 1 budget 5; Shove at potency 3 costs 4: one point left.
    const c = core({ tier: 1, effects: [{ id: 'shove', potency: 3 }] });
    const activation = propertyOptions('activation', c, small, derived(c));
    expect(activation.map((o) => o.unavailable)).toEqual([undefined, undefined, 'Over budget by 1']);
    // Changing to void makes Shove off-discipline: +1, still within budget.
    const disciplines = disciplineOptions(c, small, derived(c));
    expect(disciplines.find((o) => o.value === 'void')).toMatchObject({
      costLabel: '+1 point surcharge',
      unavailable: undefined,
    });
    expect(disciplines.find((o) => o.value === 'kinetic')).toMatchObject({
      costLabel: 'No surcharge',
    });
  });

  it('tier options give each budget and mark a tier too small for the chosen cost', () => {
    const c = core({
      tier: 3,
      effects: [
        { id: 'shove', potency: 4 },
        { id: 'blink', potency: 2 },
      ],
    }); // 5 + 6 = 11
    const tiers = tierOptions(c, derived(c));
    expect(tiers.map((t) => t.costLabel)).toEqual([1, 2, 3, 4, 5].map((t) => `Budget ${coreBudget(t)}`));
    expect(tiers.map((t) => Boolean(t.unavailable))).toEqual([true, true, false, false, false]);
  });

  it('effect options show the cost at potency 1 with the off-discipline surcharge; a chosen one points to its potency', () => {
    const c = core({ tier: 1, effects: [{ id: 'shove', potency: 1 }] });
    const [shove, blink] = effectOptions(c, small, derived(c));
    expect(shove).toMatchObject({
      cost: 2,
      surcharge: 0,
      chosen: true,
      unavailable: 'Already chosen: raise its potency instead',
    });
    // Blink: 3 + 1 surcharge = 4 > 3 points left of 5.
    expect(blink).toMatchObject({
      cost: 4,
      surcharge: 1,
      chosen: false,
      unavailable: 'Costs 4, 3 points left',
    });
  });

  it('effect rows render the template with the chosen potency and cost it', () => {
    const c = core({
      discipline: 'void',
      effects: [
        { id: 'shove', potency: 3 },
        { id: 'gone', potency: 1 },
      ],
    });
    const [shove, unknown] = effectRows(c, small);
    expect(shove).toMatchObject({
      cost: 2 + 2 + 1,
      surcharge: 1,
      maxPotency: 4,
      text: 'Throw it 6 metres; 3 damage.',
    });
    expect(unknown).toMatchObject({ id: 'gone', cost: 0 });
    expect(unknown!.entry).toBeUndefined();
  });

  it('side effect options mark one that would pass the refund limit', () => {
    // Effects cost 2 → refund limit 1: Nosebleed (1) fits, Glow (2) does not.
    const c = core();
    const opts = sideEffectOptions(c, small, derived(c));
    expect(opts.map((o) => o.unavailable)).toEqual([undefined, 'Needs effects costing 4 points or more']);
    const withNosebleed = applyCoreEdit(c, {
      type: 'addSideEffect',
      id: 'nosebleed',
    });
    expect(sideEffectOptions(withNosebleed, small, derived(withNosebleed)).map((o) => [o.chosen, Boolean(o.unavailable)])).toEqual([
      [true, false],
      [false, true],
    ]);
  });

  it('an option offered as available never brings in a new budget or refund issue (real catalogues)', () => {
    const ids = real.coreEffects.map((e) => e.id);
    const arb = fc.record({
      tier: fc.integer({ min: 1, max: 5 }),
      discipline: fc.constantFrom('kinetic', 'neural', 'bio', 'void', 'signal'),
      effects: fc.uniqueArray(fc.constantFrom(...ids), { maxLength: 3 }),
    });
    fc.assert(
      fc.property(arb, ({ tier, discipline, effects }) => {
        const c = {
          ...newCore('x', 'now'),
          tier,
          discipline,
          effects: effects.map((id) => ({ id, potency: 1 })),
        } as Core;
        const d = derived(c, real);
        const before = new Set(evaluate(c, real).issues.map((i) => i.code));
        const fresh = (next: Core) => evaluate(next, real).issues.filter((i) => !before.has(i.code) && ['over-budget', 'refund-limit'].includes(i.code));
        for (const o of effectOptions(c, real, d)) if (!o.unavailable) expect(fresh(applyCoreEdit(c, { type: 'addEffect', id: o.entry.id }))).toEqual([]);
        for (const o of sideEffectOptions(c, real, d)) if (!o.unavailable && !o.chosen) expect(fresh(applyCoreEdit(c, { type: 'addSideEffect', id: o.entry.id }))).toEqual([]);
        for (const o of propertyOptions('duration', c, real, d)) if (!o.unavailable) expect(fresh({ ...c, duration: o.value } as Core)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('points read as words', () => {
    expect([points(0), points(1), points(2), signedPoints(2), signedPoints(-1)]).toEqual(['0 points', '1 point', '2 points', '+2 points', '−1 point']);
  });
});

describe('core edits', () => {
  it('build a valid core from a new one step by step, never changing the input', () => {
    const start = newCore('c1', '2026-01-01T00:00:00Z');
    expect(evaluate(start, real).issues.map((i) => i.code)).toEqual(['no-effect']);
    const edits: CoreEdit[] = [
      { type: 'set', field: 'tier', value: 2 },
      { type: 'set', field: 'discipline', value: 'neural' },
      { type: 'addEffect', id: 'mind-read' },
      { type: 'setPotency', index: 0, potency: 2 },
      { type: 'set', field: 'range', value: 'near' },
      { type: 'addSideEffect', id: 'nosebleed' },
    ];
    const frozen = JSON.stringify(start);
    const end = edits.reduce(applyCoreEdit, start);
    expect(JSON.stringify(start)).toBe(frozen);
    const r = evaluate(end, real);
    expect(r.valid).toBe(true);
    expect(end).toMatchObject({
      tier: 2,
      discipline: 'neural',
      range: 'near',
      effects: [{ id: 'mind-read', potency: 2 }],
      sideEffects: ['nosebleed'],
    });
  });

  it('adding an effect or side effect twice keeps one; remove takes it out; potency is a whole number', () => {
    let c = applyCoreEdit(core(), { type: 'addEffect', id: 'shove' });
    expect(c.effects).toHaveLength(1);
    c = applyCoreEdit(c, { type: 'addEffect', id: 'blink' });
    c = applyCoreEdit(c, { type: 'setPotency', index: 1, potency: 2.4 });
    expect(c.effects[1]).toEqual({ id: 'blink', potency: 2 });
    expect(applyCoreEdit(c, { type: 'setPotency', index: 9, potency: 2 })).toBe(c);
    c = applyCoreEdit(c, { type: 'removeEffect', index: 0 });
    expect(c.effects.map((e) => e.id)).toEqual(['blink']);
    c = applyCoreEdit(applyCoreEdit(c, { type: 'addSideEffect', id: 'glow' }), {
      type: 'addSideEffect',
      id: 'glow',
    });
    expect(c.sideEffects).toEqual(['glow']);
    expect(applyCoreEdit(c, { type: 'removeSideEffect', id: 'glow' }).sideEffects).toEqual([]);
  });

  it('an out-of-range potency is kept so the editor can show its issue', () => {
    const c = applyCoreEdit(core(), {
      type: 'setPotency',
      index: 0,
      potency: 9,
    });
    expect(evaluate(c, small).issues).toContainEqual(
      expect.objectContaining({
        path: 'effects.0.potency',
        code: 'out-of-range',
      }),
    );
  });
});

describe('core rules text', () => {
  it('renders every effect at its potency and every side effect, with tier, discipline and strain', () => {
    const c = core({
      name: 'Push',
      tier: 2,
      range: 'near',
      duration: 'scene',
      effects: [{ id: 'shove', potency: 2 }],
      sideEffects: ['nosebleed'],
    });
    const card = coreCard(c, small);
    // cost 1 + 1 + 3 − 1 = 4 → strain 2
    expect(card.heading).toBe('Tier 2 kinetic core · Strain 2 to activate');
    expect(card.usage).toBe('Use your action to activate it; it reaches a target near you; its effects last until the end of the scene.');
    expect(card.effects).toEqual([{ name: 'Shove', potency: 2, text: 'Throw it 4 metres; 2 damage.' }]);
    expect(coreRulesText(c, small).split('\n')).toEqual(['Push', card.heading, card.usage, 'Shove (potency 2): Throw it 4 metres; 2 damage.', 'Side effect — Nosebleed: ']);
  });

  it('every real effect at every potency renders without a left-over placeholder', () => {
    for (const e of real.coreEffects) {
      for (let p = 1; p <= e.maxPotency; p++) {
        const text = coreRulesText(core({ effects: [{ id: e.id, potency: p }] }), real);
        expect(text).not.toMatch(/\{|\}/);
        expect(text).toContain(`${e.name} (potency ${p})`);
      }
    }
  });

  it('a core without effects or with unknown ids still reads', () => {
    expect(
      coreRulesText(
        core({
          name: ' ',
          effects: [{ id: 'gone', potency: 1 }],
          sideEffects: ['nope'],
        }),
        small,
      ),
    ).toContain('Unnamed core');
    expect(coreRulesText(core({ effects: [] }), small)).toMatch(/No effect yet\.$/);
  });
});

describe('core editor definition', async () => {
  const { coreEditor } = await import('./definition');
  it('labels issue paths with the rules names, and an effect by its name', () => {
    const c = core({ effects: [{ id: 'shove', potency: 9 }, { id: 'gone', potency: 1 }], sideEffects: ['glow'] });
    const label = (p: string) => coreEditor.labelFor!(p, c, small);
    expect(['tier', 'effects', 'sideEffects', 'effects.0.potency', 'effects.1', 'sideEffects.0'].map(label)).toEqual([
      'Tier',
      'Effects',
      'Side effects',
      'Shove potency',
      'gone',
      'Glow',
    ]);
    // Every issue evaluate gives this core has a label in the list.
    for (const issue of evaluate(c, small).issues) expect(label(issue.path)).toBeTruthy();
  });

  it('the summary names Cost, Budget, Refund, Strain with evaluate’s numbers, and a new core starts at tier 1', () => {
    const c = coreEditor.create(small);
    expect(c).toMatchObject({ kind: 'core', tier: 1, effects: [], sideEffects: [] });
    const withEffect = applyCoreEdit(c, { type: 'addEffect', id: 'shove' });
    const ev = evaluate(withEffect, small);
    const items = coreEditor.summary(withEffect, ev, small);
    expect(items.map((i) => i.term)).toEqual(['Cost', 'Budget', 'Refund', 'Strain']);
    expect(items.map((i) => i.value)).toEqual([2, 5, '0 (limit 1)', 1]);
    expect(items[0]!.meter).toEqual({ value: 2, max: 5 });
    // The rules text of the whole core sits under the values, in the summary's extra slot.
    expect(coreEditor.SummaryExtra).toBeTypeOf('function');
  });
});
