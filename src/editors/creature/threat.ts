/**
 * Threat advice (GAME.md §5): when the threat rank computed from the creature's
 * numbers differs from the one the game master chose, say by how much, what
 * each part contributes, and which single changes would make them agree.
 *
 * Every candidate fix is checked by recomputing the threat value with the
 * rules engine's own `threatValue`/`computedThreatRank`, so advice can never
 * promise a rank the engine would not give (lowering a threat-5 property to
 * remove 1 excess point can overshoot into the rank below; such a fix is
 * simply not offered).
 */
import {
  ATTRIBUTES,
  SKILL_NAMES,
  computedThreatRank,
  threatValue,
  type Attribute,
  type Creature,
  type CreaturePropertyEntry,
  type Skill,
  capitalized,
} from '../../rules/engine';

export const MIN_ATTRIBUTE = 1;
export const MAX_ATTRIBUTE = 8;
export const MAX_SKILL = 6;
export const MIN_RANK = 1;
export const MAX_RANK = 10;

/** One thing that adds threat, for the breakdown list. */
export interface ThreatPart {
  /** `attributes`, `skills` or `properties.i` (the field to go to). */
  path: string;
  label: string;
  threat: number;
}

/** A single change to the creature; `applyFix` performs it. */
export type ThreatFix =
  | { type: 'rank'; to: number }
  | { type: 'attribute'; name: Attribute; from: number; to: number }
  | { type: 'skill'; name: Skill; from: number; to: number }
  | { type: 'potency'; index: number; from: number; to: number }
  | { type: 'remove-property'; index: number };

export interface FixSuggestion {
  fix: ThreatFix;
  /** A sentence with the numbers: "Lower Frame from 6 to 4 (−2 threat)". */
  label: string;
  /** Change of the threat value (negative when it lowers it). */
  delta: number;
  /** The field the change touches. */
  path: string;
}

export interface ThreatAdvice {
  value: number;
  chosen: number;
  computed: number;
  matches: boolean;
  /** Threat values that give the chosen rank (inclusive; max is Infinity at rank 10). */
  band: { min: number; max: number };
  /** Threat to remove (> 0) or add (< 0) to reach the chosen rank's band; 0 when it matches. */
  excess: number;
  /** What adds threat, largest first (parts worth 0 are left out). */
  parts: ThreatPart[];
  /** A sentence with the numbers, or '' when the ranks agree. */
  message: string;
  /** Setting the rank first, then single changes to the numbers, smallest first. */
  fixes: FixSuggestion[];
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');
const points = (n: number) => `${n} threat`;

/** The threat values that give rank r (GAME.md §5 table: ≤11 → 1, 12–17 → 2 … 60+ → 10). */
export function threatBand(rank: number): { min: number; max: number } {
  const r = Math.min(MAX_RANK, Math.max(MIN_RANK, Math.round(rank)));
  return { min: r === MIN_RANK ? -Infinity : 6 * r, max: r === MAX_RANK ? Infinity : 6 * r + 5 };
}

type Lookup = (id: string) => CreaturePropertyEntry | undefined;
const lookupIn = (catalogue: readonly CreaturePropertyEntry[]): Lookup => {
  const byId = new Map(catalogue.map((e) => [e.id, e]));
  return (id) => byId.get(id);
};

/** The potency the engine counts (1 without a potency field; clamped to 1..max). */
export function effectivePotency(entry: CreaturePropertyEntry, potency: number | undefined): number {
  if (!entry.potency) return 1;
  return Math.min(entry.potency.max, Math.max(1, potency ?? 1));
}

/** Threat value of a creature, computed exactly as the rules engine does. */
export function creatureThreat(c: Creature, lookup: Lookup): number {
  const attrSum = ATTRIBUTES.reduce((s, a) => s + c.attributes[a], 0);
  const skillSum = SKILL_NAMES.reduce((s, k) => s + (c.skills[k] ?? 0), 0);
  let propertyThreat = 0;
  for (const p of c.properties) {
    const e = lookup(p.id);
    if (e) propertyThreat += e.threat * effectivePotency(e, p.potency);
  }
  return threatValue(attrSum, skillSum, propertyThreat);
}

/** Applies one fix; the input is not changed. */
export function applyFix(c: Creature, fix: ThreatFix): Creature {
  switch (fix.type) {
    case 'rank':
      return { ...c, threatRank: fix.to };
    case 'attribute':
      return { ...c, attributes: { ...c.attributes, [fix.name]: fix.to } };
    case 'skill':
      return { ...c, skills: { ...c.skills, [fix.name]: fix.to } };
    case 'potency':
      return { ...c, properties: c.properties.map((p, i) => (i === fix.index ? { ...p, potency: fix.to } : p)) };
    case 'remove-property':
      return { ...c, properties: c.properties.filter((_, i) => i !== fix.index) };
  }
}

function describe(fix: ThreatFix, c: Creature, lookup: Lookup, delta: number): string {
  const d = ` (${signed(delta)} threat)`;
  switch (fix.type) {
    case 'rank':
      return `Set the threat rank to ${fix.to}`;
    case 'attribute':
      return `${fix.to < fix.from ? 'Lower' : 'Raise'} ${capitalized(fix.name)} from ${fix.from} to ${fix.to}${d}`;
    case 'skill':
      return `${fix.to < fix.from ? 'Lower' : 'Raise'} ${capitalized(fix.name)} from ${fix.from} to ${fix.to}${d}`;
    case 'potency': {
      const name = lookup(c.properties[fix.index]!.id)?.name ?? c.properties[fix.index]!.id;
      return `${fix.to < fix.from ? 'Lower' : 'Raise'} ${name}'s potency from ${fix.from} to ${fix.to}${d}`;
    }
    case 'remove-property': {
      const name = lookup(c.properties[fix.index]!.id)?.name ?? c.properties[fix.index]!.id;
      return `Remove ${name}${d}`;
    }
  }
}

function pathOf(fix: ThreatFix): string {
  switch (fix.type) {
    case 'rank':
      return 'threatRank';
    case 'attribute':
      return `attributes.${fix.name}`;
    case 'skill':
      return `skills.${fix.name}`;
    case 'potency':
      return `properties.${fix.index}.potency`;
    case 'remove-property':
      return `properties.${fix.index}`;
  }
}

/**
 * For each field, the smallest step in the needed direction that lands the
 * computed rank on the chosen one (none when no step of that field does).
 */
function numberFixes(c: Creature, lookup: Lookup, lower: boolean): ThreatFix[] {
  const fixes: ThreatFix[] = [];
  const lands = (f: ThreatFix) => computedThreatRank(creatureThreat(applyFix(c, f), lookup)) === c.threatRank;
  const firstLanding = (candidates: ThreatFix[]) => candidates.find(lands);

  for (const a of ATTRIBUTES) {
    const from = c.attributes[a];
    const tos = lower ? range(from - 1, MIN_ATTRIBUTE, -1) : range(from + 1, MAX_ATTRIBUTE, 1);
    const f = firstLanding(tos.map((to) => ({ type: 'attribute', name: a, from, to })));
    if (f) fixes.push(f);
  }
  // Skills count half (floored), so only skills the creature has can be lowered,
  // and raising is offered only for those it has (the form lists those).
  for (const s of SKILL_NAMES) {
    const from = c.skills[s] ?? 0;
    if (from === 0 && (lower || !(s in c.skills))) continue;
    const tos = lower ? range(from - 1, 0, -1) : range(from + 1, MAX_SKILL, 1);
    const f = firstLanding(tos.map((to) => ({ type: 'skill', name: s, from, to })));
    if (f) fixes.push(f);
  }
  c.properties.forEach((p, index) => {
    const e = lookup(p.id);
    if (!e || e.threat === 0) return;
    const from = effectivePotency(e, p.potency);
    const candidates: ThreatFix[] = [];
    if (e.potency) {
      const tos = lower ? range(from - 1, 1, -1) : range(from + 1, e.potency.max, 1);
      candidates.push(...tos.map((to): ThreatFix => ({ type: 'potency', index, from, to })));
    }
    if (lower) candidates.push({ type: 'remove-property', index });
    const f = firstLanding(candidates);
    if (f) fixes.push(f);
  });
  return fixes;
}

function range(from: number, to: number, step: 1 | -1): number[] {
  const out: number[] = [];
  for (let v = from; step > 0 ? v <= to : v >= to; v += step) out.push(v);
  return out;
}

/** What makes up the threat value, largest first. */
export function threatParts(c: Creature, lookup: Lookup): ThreatPart[] {
  const parts: ThreatPart[] = ATTRIBUTES.map((a) => ({ path: `attributes.${a}`, label: capitalized(a), threat: c.attributes[a] }));
  const skillSum = SKILL_NAMES.reduce((s, k) => s + (c.skills[k] ?? 0), 0);
  parts.push({ path: 'skills', label: `Skills (${skillSum} ranks ÷ 2, rounded down)`, threat: Math.floor(skillSum / 2) });
  c.properties.forEach((p, i) => {
    const e = lookup(p.id);
    if (!e) return;
    const potency = effectivePotency(e, p.potency);
    const label = e.potency ? `${e.name} (potency ${potency})` : e.name;
    parts.push({ path: `properties.${i}`, label, threat: e.threat * potency });
  });
  return parts.filter((p) => p.threat !== 0).sort((a, b) => b.threat - a.threat);
}

/**
 * The advice for a creature against the creature-properties catalogue.
 * `matches` mirrors the engine's `threat-mismatch` warning exactly.
 */
export function threatAdvice(c: Creature, catalogue: readonly CreaturePropertyEntry[]): ThreatAdvice {
  const lookup = lookupIn(catalogue);
  const value = creatureThreat(c, lookup);
  const computed = computedThreatRank(value);
  const chosen = c.threatRank;
  const band = threatBand(chosen);
  const matches = computed === chosen;
  const excess = matches ? 0 : value > band.max ? value - band.max : value - band.min;
  const parts = threatParts(c, lookup);
  if (matches) return { value, chosen, computed, matches, band, excess, parts, message: '', fixes: [] };

  const lower = excess > 0;
  const withDelta = (fix: ThreatFix): FixSuggestion => {
    const delta = fix.type === 'rank' ? 0 : creatureThreat(applyFix(c, fix), lookup) - value;
    return { fix, delta, label: describe(fix, c, lookup, delta), path: pathOf(fix) };
  };
  const numbers = numberFixes(c, lookup, lower)
    .map(withDelta)
    // The gentlest change first: fewest threat moved, then attributes before skills before properties.
    .sort((a, b) => Math.abs(a.delta) - Math.abs(b.delta));
  const inRange = chosen >= MIN_RANK && chosen <= MAX_RANK;
  const fixes = [withDelta({ type: 'rank', to: computed }), ...(inRange ? numbers : [])];

  const bandText = band.max === Infinity ? `${band.min} or more` : band.min === -Infinity ? `${band.max} or less` : `${band.min}–${band.max}`;
  const need = lower ? `remove ${points(excess)}` : `add ${points(-excess)}`;
  const message = inRange
    ? `Threat value ${value} gives threat rank ${computed}, but the chosen rank is ${chosen} (threat ${bandText}): set the rank to ${computed}, or ${need}.`
    : `Threat value ${value} gives threat rank ${computed}; the chosen rank ${chosen} is outside 1–10: set it to ${computed}.`;
  return { value, chosen, computed, matches, band, excess, parts, message, fixes };
}
