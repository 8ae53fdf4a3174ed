/**
 * Blueprints (GAME.md §3; SPEC.md B1–B9): property costs, capacity, features,
 * price. Costs are per step above the default and a step below refunds
 * nothing, except armour bulk, where each step *below* 2 costs 1 point.
 */
import type { Blueprint, Catalogues } from './schemas';
import { RANGES, type BlueprintType } from './constants';
import { IssueList, plural, cap } from './issues';

export interface BlueprintDerived {
  spent: number;
  capacity: number;
  price: number;
  availability: 'common' | 'restricted' | 'prototype';
  /** Points spent on properties alone. */
  propertyCost: number;
}

type Spec = { min: number; max: number; def: number; cost: (v: number) => number; label: string };
const stepsAbove = (v: number, def: number) => Math.max(0, v - def);

/** Ranges, defaults and costs of each type's numeric properties. */
export const PROPERTY_SPECS: Record<BlueprintType, Record<string, Spec>> = {
  weapon: {
    damage: { min: 1, max: 8, def: 2, cost: (v) => stepsAbove(v, 2), label: 'Damage' },
    rate: { min: 1, max: 3, def: 1, cost: (v) => 2 * stepsAbove(v, 1), label: 'Rate' },
    bulk: { min: 1, max: 3, def: 1, cost: () => 0, label: 'Bulk' },
  },
  armour: {
    protection: { min: 0, max: 6, def: 1, cost: (v) => 2 * stepsAbove(v, 1), label: 'Protection' },
    guard: { min: 0, max: 2, def: 0, cost: (v) => 3 * stepsAbove(v, 0), label: 'Guard' },
    bulk: { min: 1, max: 4, def: 2, cost: (v) => Math.max(0, 2 - v), label: 'Bulk' },
  },
  equipment: {
    uses: { min: 1, max: 10, def: 3, cost: (v) => Math.ceil(stepsAbove(v, 3) / 2), label: 'Uses' },
    bulk: { min: 0, max: 3, def: 1, cost: () => 0, label: 'Bulk' },
  },
  cyberware: {
    strain: { min: 1, max: 3, def: 1, cost: () => 0, label: 'Strain' },
    bulk: { min: 0, max: 0, def: 0, cost: () => 0, label: 'Bulk' },
  },
  drone: {
    frame: { min: 1, max: 5, def: 1, cost: (v) => 2 * stepsAbove(v, 1), label: 'Frame' },
    speed: { min: 1, max: 5, def: 2, cost: (v) => stepsAbove(v, 2), label: 'Speed' },
    bulk: { min: 1, max: 4, def: 2, cost: () => 0, label: 'Bulk' },
  },
};

/** Weapon range: 1 point per step beyond close; melee costs 0. */
export function rangeCost(range: string): number {
  return Math.max(0, RANGES.indexOf(range as (typeof RANGES)[number]) - 1);
}

export function blueprintCapacity(rank: number, type: BlueprintType, strain = 1): number {
  return 4 + 2 * rank + (type === 'cyberware' ? 2 * Math.max(0, strain - 1) : 0);
}

export function basePrice(rank: number): number {
  return 100 * 2 ** (rank - 1);
}

/** Price in credits: base price + 25 per build point spent. */
export function blueprintPrice(rank: number, spent: number): number {
  return basePrice(rank) + 25 * spent;
}

export function availability(rank: number): BlueprintDerived['availability'] {
  return rank <= 2 ? 'common' : rank <= 4 ? 'restricted' : 'prototype';
}

export function propertyCost(bp: Blueprint): number {
  const props = bp.properties as Record<string, unknown>;
  let cost = 0;
  for (const [key, spec] of Object.entries(PROPERTY_SPECS[bp.type])) cost += spec.cost(Number(props[key] ?? spec.def));
  if (bp.type === 'weapon') cost += rangeCost(String(props.range));
  return cost;
}

export function evaluateBlueprint(bp: Blueprint, catalogues: Pick<Catalogues, 'blueprintFeatures'>, issues = new IssueList()): BlueprintDerived {
  const props = bp.properties as Record<string, unknown>;
  issues.range('rank', 'Rank', bp.rank, 1, 5);
  for (const [key, spec] of Object.entries(PROPERTY_SPECS[bp.type])) {
    issues.range(`properties.${key}`, spec.label, Number(props[key] ?? spec.def), spec.min, spec.max);
  }
  const rank = Math.min(5, Math.max(1, bp.rank));
  const strain = bp.type === 'cyberware' ? Math.min(3, Math.max(1, Number(props.strain ?? 1))) : 1;
  let spent = propertyCost(bp);

  const chosen = new Set(bp.features.map((f) => f.id));
  const seen = new Set<string>();
  bp.features.forEach((choice, i) => {
    const at = `features.${i}`;
    const entry = catalogues.blueprintFeatures.find((f) => f.id === choice.id);
    if (!entry) {
      issues.error(at, 'unknown-feature', `The feature '${choice.id}' is not in the catalogue; remove it.`);
      return;
    }
    if (seen.has(entry.id)) issues.error(at, 'duplicate-feature', `${entry.name} is taken twice; a feature is taken once (use its ranks instead).`);
    seen.add(entry.id);
    if (entry.type !== bp.type) issues.error(at, 'wrong-type', `${entry.name} is a ${entry.type} feature and cannot go on a ${bp.type}.`);
    const ranks = choice.ranks ?? 1;
    if (entry.maxRanks) issues.range(`${at}.ranks`, `${entry.name}'s ranks`, ranks, 1, entry.maxRanks);
    else if (choice.ranks !== undefined && choice.ranks !== 1) issues.error(`${at}.ranks`, 'no-ranks', `${entry.name} has no ranks; it is taken once.`);
    spent += entry.cost * (entry.maxRanks ? Math.max(1, ranks) : 1);

    for (const req of entry.requires ?? []) {
      const value = props[req.property];
      const label = cap(req.property);
      if (req.min !== undefined && !(Number(value) >= req.min)) issues.error(at, 'requirement', `${entry.name} needs ${req.property} ${req.min} or more.`);
      if (req.max !== undefined && !(Number(value) <= req.max)) issues.error(at, 'requirement', `${entry.name} needs ${req.property} ${req.max} or less.`);
      if (req.oneOf && !req.oneOf.includes(String(value))) issues.error(at, 'requirement', `${entry.name} needs ${label} ${req.oneOf.join(', ').replace(/, ([^,]*)$/, ' or $1')}.`);
    }
    for (const other of entry.excludes ?? []) {
      if (chosen.has(other)) {
        const name = catalogues.blueprintFeatures.find((f) => f.id === other)?.name ?? other;
        issues.error(at, 'excluded', `${entry.name} cannot be combined with ${name}; remove one of them.`);
      }
    }
    const picked = choice.subFeatures ?? [];
    if (entry.subFeatures) {
      const rule = entry.subFeatures.choose;
      for (const option of picked) {
        const o = entry.subFeatures.options.find((x) => x.id === option);
        if (!o) issues.error(`${at}.subFeatures`, 'unknown-option', `${entry.name} has no option '${option}'.`);
        else spent += o.cost;
      }
      if (new Set(picked).size !== picked.length) issues.error(`${at}.subFeatures`, 'duplicate-option', `${entry.name}: each option can be chosen once.`);
      if ('exactly' in rule && picked.length !== rule.exactly) {
        issues.error(`${at}.subFeatures`, 'choose-exactly', `${entry.name} needs exactly ${plural(rule.exactly, 'option')} chosen (${picked.length} now).`);
      }
      if ('upTo' in rule && picked.length > rule.upTo) {
        issues.error(`${at}.subFeatures`, 'choose-up-to', `${entry.name} allows up to ${plural(rule.upTo, 'option')} (${picked.length} chosen).`);
      }
    } else if (picked.length) {
      issues.error(`${at}.subFeatures`, 'no-options', `${entry.name} has no options to choose.`);
    }
  });

  const capacity = blueprintCapacity(rank, bp.type, strain);
  if (spent > capacity) {
    issues.error('rank', 'over-capacity', `Spent ${spent} points of a capacity of ${capacity}: remove a feature, lower a property or raise the rank.`);
  }
  return { spent, capacity, price: blueprintPrice(rank, spent), availability: availability(rank), propertyCost: propertyCost(bp) };
}
