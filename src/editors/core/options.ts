/**
 * What the core editor offers at each field, with the points each choice
 * costs for the core as it stands (GAME.md §4). Pure: the numbers come from
 * the rules engine's own functions, so an option never promises a cost the
 * summary then contradicts. An option that would break a rule stays in the
 * list with `unavailable` saying why (rule issues warn, never block).
 */
import {
  ACTIVATIONS,
  CORE_RANGES,
  DISCIPLINES,
  DURATIONS,
  coreBudget,
  effectCost,
  evaluate,
  renderEffectText,
  type Core,
  type CoreDerived,
  type CoreEffectEntry,
  type CoreSideEffectEntry,
} from '../../rules/engine';

export type CoreCatalogues = {
  coreEffects: CoreEffectEntry[];
  coreSideEffects: CoreSideEffectEntry[];
};

export interface PropertyOption<V extends string | number = string> {
  value: V;
  label: string;
  /** Points this choice adds to the core (tier: the budget it gives). */
  cost: number;
  /** How the cost reads beside the option ("1 point", "Budget 8"). */
  costLabel: string;
  /** Set when choosing this would break a rule: why, in a few words. */
  unavailable?: string;
}

export const TIERS = [1, 2, 3, 4, 5] as const;

export const points = (n: number) => `${n} ${Math.abs(n) === 1 ? 'point' : 'points'}`;
export const signedPoints = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${points(Math.abs(n))}`;
export const title = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The core's derived values (one place, so every part of the editor agrees). */
export const deriveCore = (core: Core, catalogues: CoreCatalogues) => evaluate(core, catalogues);

/** Tier: each option gives a budget; a tier too small for what is already chosen says so. */
export function tierOptions(core: Core, derived: CoreDerived): PropertyOption<number>[] {
  return TIERS.map((tier) => {
    const budget = coreBudget(tier);
    return {
      value: tier,
      label: String(tier),
      cost: budget,
      costLabel: `Budget ${budget}`,
      unavailable: derived.cost > budget ? `Costs ${derived.cost}, over this budget` : undefined,
    };
  });
}

/** How many of the chosen (known) effects are of another discipline than `discipline`. */
export function offDisciplineCount(core: Core, catalogues: CoreCatalogues, discipline: string): number {
  return core.effects.filter((choice) => {
    const entry = catalogues.coreEffects.find((e) => e.id === choice.id);
    return entry !== undefined && entry.discipline !== discipline;
  }).length;
}

/** Discipline: its cost is the +1 surcharge each chosen effect of another discipline would pay. */
export function disciplineOptions(core: Core, catalogues: CoreCatalogues, derived: CoreDerived): PropertyOption[] {
  return DISCIPLINES.map((discipline) => {
    const surcharge = offDisciplineCount(core, catalogues, discipline);
    return {
      value: discipline,
      label: title(discipline),
      cost: surcharge,
      costLabel: surcharge === 0 ? 'No surcharge' : `${signedPoints(surcharge)} surcharge`,
      unavailable: overBudgetReason(derived, catalogues, {
        ...core,
        discipline,
      }),
    };
  });
}

type PropertyName = 'activation' | 'range' | 'duration';
const TABLES: Record<PropertyName, Record<string, number>> = {
  activation: ACTIVATIONS,
  range: CORE_RANGES,
  duration: DURATIONS,
};

/** Activation, range, duration: each option's cost from the rules' table. */
export function propertyOptions(name: PropertyName, core: Core, catalogues: CoreCatalogues, derived: CoreDerived): PropertyOption[] {
  return Object.entries(TABLES[name]).map(([value, cost]) => ({
    value,
    label: title(value),
    cost,
    costLabel: points(cost),
    unavailable: overBudgetReason(derived, catalogues, {
      ...core,
      [name]: value,
    }),
  }));
}

/** "Over budget by N" when `next` would cost more than its budget and the core (`now`) does not already. */
function overBudgetReason(now: CoreDerived, catalogues: CoreCatalogues, next: Core): string | undefined {
  const then = evaluate(next, catalogues).derived;
  if (then.cost <= then.budget || now.cost > now.budget) return undefined;
  return `Over budget by ${then.cost - then.budget}`;
}

export interface EffectOption {
  entry: CoreEffectEntry;
  /** Cost at potency 1 in this core, surcharge included. */
  cost: number;
  /** 1 when the effect's discipline is not the core's. */
  surcharge: number;
  chosen: boolean;
  unavailable?: string;
}

/** The effects catalogue as the picker shows it for this core. */
export function effectOptions(core: Core, catalogues: CoreCatalogues, derived: CoreDerived): EffectOption[] {
  const left = derived.budget - derived.cost;
  return catalogues.coreEffects.map((entry) => {
    const cost = effectCost(entry, 1, core.discipline);
    const chosen = core.effects.some((e) => e.id === entry.id);
    const unavailable = chosen ? 'Already chosen: raise its potency instead' : cost > left ? `Costs ${cost}, ${points(Math.max(0, left))} left` : undefined;
    return {
      entry,
      cost,
      surcharge: entry.discipline === core.discipline ? 0 : 1,
      chosen,
      unavailable,
    };
  });
}

export interface EffectRow {
  index: number;
  id: string;
  potency: number;
  /** Undefined for an id the catalogue does not know (evaluate reports it). */
  entry?: CoreEffectEntry;
  maxPotency: number;
  cost: number;
  surcharge: number;
  /** The template with this potency filled in. */
  text: string;
}

/** The chosen effects, each with its cost and its rules text at the chosen potency. */
export function effectRows(core: Core, catalogues: CoreCatalogues): EffectRow[] {
  return core.effects.map((choice, index) => {
    const entry = catalogues.coreEffects.find((e) => e.id === choice.id);
    if (!entry)
      return {
        index,
        id: choice.id,
        potency: choice.potency,
        maxPotency: 1,
        cost: 0,
        surcharge: 0,
        text: '',
      };
    const potency = Math.min(entry.maxPotency, Math.max(1, choice.potency));
    return {
      index,
      id: choice.id,
      potency: choice.potency,
      entry,
      maxPotency: entry.maxPotency,
      cost: effectCost(entry, potency, core.discipline),
      surcharge: entry.discipline === core.discipline ? 0 : 1,
      text: renderEffectText(entry, choice.potency),
    };
  });
}

export interface SideEffectOption {
  entry: CoreSideEffectEntry;
  chosen: boolean;
  unavailable?: string;
}

/** Side effects with their refunds; one that would pass the refund limit says so. */
export function sideEffectOptions(core: Core, catalogues: CoreCatalogues, derived: CoreDerived): SideEffectOption[] {
  return catalogues.coreSideEffects.map((entry) => {
    const chosen = core.sideEffects.includes(entry.id);
    const after = derived.refund + entry.refund;
    // The fix, said the way a requirement reads: the limit is half the effects' cost.
    const unavailable = chosen ? undefined : after > derived.refundLimit ? `Needs effects costing ${2 * after} points or more` : undefined;
    return { entry, chosen, unavailable };
  });
}
