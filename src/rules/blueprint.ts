/**
 * Blueprints (GAME.md §3; SPEC.md B1–B9): property costs, capacity, features,
 * price. Costs are per step above the default and a step below refunds
 * nothing, except armour bulk, where each step *below* 2 costs 1 point.
 */
import type { Blueprint, Catalogues } from './schemas';
import { RANGES, type BlueprintType } from './constants';
import { IssueList, plural, capitalized } from './issues';

export interface BlueprintDerived {
  spent: number;
  capacity: number;
  price: number;
  availability: 'common' | 'restricted' | 'prototype';
  /** Points spent on properties alone. */
  propertyCost: number;
}

/**
 * What a property's steps cost, as data the editor can also put in words:
 * `points` for every `per` steps above `from` (below it, with `below`).
 * Null: the property costs nothing.
 */
export interface PropertyPrice {
  points: number;
  from: number;
  per?: number;
  below?: boolean;
}
export interface PropertySpec {
  min: number;
  max: number;
  def: number;
  label: string;
  price: PropertyPrice | null;
  cost: (v: number) => number;
}

function priced(label: string, min: number, max: number, def: number, price: PropertyPrice | null): PropertySpec {
  const cost = (v: number) => {
    if (!price) return 0;
    const steps = Math.max(0, price.below ? price.from - v : v - price.from);
    return price.points * Math.ceil(steps / (price.per ?? 1));
  };
  return { min, max, def, label, price, cost };
}

/** Ranges, defaults and costs of each type's numeric properties. */
export const PROPERTY_SPECS: Record<BlueprintType, Record<string, PropertySpec>> = {
  weapon: {
    damage: priced('Damage', 1, 8, 2, { points: 1, from: 2 }),
    rate: priced('Rate', 1, 3, 1, { points: 2, from: 1 }),
    bulk: priced('Bulk', 1, 3, 1, null),
  },
  armour: {
    protection: priced('Protection', 0, 6, 1, { points: 2, from: 1 }),
    guard: priced('Guard', 0, 2, 0, { points: 3, from: 0 }),
    bulk: priced('Bulk', 1, 4, 2, { points: 1, from: 2, below: true }),
  },
  equipment: {
    uses: priced('Uses', 1, 10, 3, { points: 1, from: 3, per: 2 }),
    bulk: priced('Bulk', 0, 3, 1, null),
  },
  cyberware: {
    // Strain costs no points; it raises capacity (blueprintCapacity).
    strain: priced('Strain', 1, 3, 1, null),
    bulk: priced('Bulk', 0, 0, 0, null),
  },
  drone: {
    frame: priced('Frame', 1, 5, 1, { points: 2, from: 1 }),
    speed: priced('Speed', 1, 5, 2, { points: 1, from: 2 }),
    bulk: priced('Bulk', 1, 4, 2, null),
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
      const label = capitalized(req.property);
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
