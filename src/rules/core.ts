/**
 * Cores (GAME.md §4; SPEC.md C1–C10): property costs, budget, effect costs with
 * the off-discipline surcharge, refunds and their limit, strain.
 */
import type { Catalogues, Core, CoreEffectEntry } from './schemas';
import { ACTIVATIONS, CORE_RANGES, DURATIONS } from './constants';
import { IssueList } from './issues';

export interface CoreDerived {
  cost: number;
  budget: number;
  refund: number;
  /** floor(effects' cost / 2). */
  refundLimit: number;
  strain: number;
  propertyCost: number;
  effectsCost: number;
}

export const coreBudget = (tier: number) => 3 * tier + 2;
export const coreStrain = (cost: number) => Math.max(1, Math.ceil(cost / 3));

/** Side effects may refund at most half the effects' cost, rounded down. */
export const refundLimit = (effectsCost: number) => Math.floor(effectsCost / 2);

export function corePropertyCost(core: Pick<Core, 'activation' | 'range' | 'duration'>): number {
  const cost = (table: Record<string, number>, key: string) => table[key] ?? 0;
  return cost(ACTIVATIONS, core.activation) + cost(CORE_RANGES, core.range) + cost(DURATIONS, core.duration);
}

export function effectCost(entry: CoreEffectEntry, potency: number, discipline: string): number {
  return entry.baseCost + entry.costPerPotency * (potency - 1) + (entry.discipline === discipline ? 0 : 1);
}

export function evaluateCore(core: Core, catalogues: Pick<Catalogues, 'coreEffects' | 'coreSideEffects'>, issues = new IssueList()): CoreDerived {
  issues.range('tier', 'Tier', core.tier, 1, 5);
  const tier = Math.min(5, Math.max(1, core.tier));
  let effectsCost = 0;
  if (core.effects.length === 0) issues.error('effects', 'no-effect', 'A core needs at least one effect: add one.');
  const seen = new Set<string>();
  core.effects.forEach((choice, i) => {
    const entry = catalogues.coreEffects.find((e) => e.id === choice.id);
    if (!entry) {
      issues.error(`effects.${i}`, 'unknown-effect', `The effect '${choice.id}' is not in the catalogue; remove it.`);
      return;
    }
    if (seen.has(entry.id)) issues.error(`effects.${i}`, 'duplicate-effect', `${entry.name} is chosen twice; raise its potency instead.`);
    seen.add(entry.id);
    issues.range(`effects.${i}.potency`, `${entry.name}'s potency`, choice.potency, 1, entry.maxPotency);
    effectsCost += effectCost(entry, Math.min(entry.maxPotency, Math.max(1, choice.potency)), core.discipline);
  });
  let refund = 0;
  core.sideEffects.forEach((sid, i) => {
    const entry = catalogues.coreSideEffects.find((e) => e.id === sid);
    if (!entry) issues.error(`sideEffects.${i}`, 'unknown-side-effect', `The side effect '${sid}' is not in the catalogue; remove it.`);
    else if (core.sideEffects.indexOf(sid) !== i) issues.error(`sideEffects.${i}`, 'duplicate-side-effect', `${entry.name} is chosen twice.`);
    else refund += entry.refund;
  });
  const limit = refundLimit(effectsCost);
  if (refund > limit) {
    issues.error('sideEffects', 'refund-limit', `Side effects refund ${refund} points but may refund at most ${limit} (half the effects' cost): remove a side effect or add effects.`);
  }
  const propertyCost = corePropertyCost(core);
  const cost = propertyCost + effectsCost - refund;
  const budget = coreBudget(tier);
  if (cost > budget) issues.error('tier', 'over-budget', `Costs ${cost} points of a budget of ${budget}: lower a potency, remove an effect or raise the tier.`);
  // With no known effect the effect issues already say what to fix.
  if (cost < 1 && seen.size > 0) {
    if (refund > 0) issues.error('sideEffects', 'cost-below-one', `The core must cost at least 1 point (it costs ${cost}): remove a side effect.`);
    else issues.error('effects', 'cost-below-one', 'The core must cost at least 1 point (it costs 0): raise a potency, add an effect or change a property.');
  }
  return { cost, budget, refund, refundLimit: limit, strain: coreStrain(cost), propertyCost, effectsCost };
}

