/**
 * The blueprint editor's pure model: new documents, changing type while
 * keeping what applies, property hints, and why a feature cannot be added.
 * No React; tested in Node.
 */
import {
  BLUEPRINT_TYPES,
  PROPERTY_SPECS,
  RANGES,
  SLOTS,
  availability,
  basePrice,
  blueprintCapacity,
  rangeCost,
  type Blueprint,
  type BlueprintFeatureEntry,
  type BlueprintType,
  type GearEntry,
  capitalized,
} from '../../rules/engine';

export type { BlueprintType };
export { BLUEPRINT_TYPES, RANGES, SLOTS };

export const TYPE_INFO: Record<BlueprintType, { label: string; blurb: string }> = {
  weapon: { label: 'Weapon', blurb: 'Guns, blades and launchers: damage, range and rate of fire.' },
  armour: { label: 'Armour', blurb: 'Worn protection: soaks damage per hit and makes you harder to hit.' },
  equipment: { label: 'Equipment', blurb: 'Tools, kits and gadgets with a number of uses.' },
  cyberware: { label: 'Cyberware', blurb: 'Implants in a body slot; more strain buys more capacity.' },
  drone: { label: 'Drone', blurb: 'Remote machines with a frame and a speed of their own.' },
};

/** "1 pt", "2 pts". */
const points = (n: number) => `${n} ${n === 1 ? 'pt' : 'pts'}`;

/** A property's price in words, from its spec (GAME.md §3), so the hint cannot drift from the cost. */
export function priceInWords(type: BlueprintType, key: string): string {
  const spec = PROPERTY_SPECS[type][key]!;
  const price = spec.price;
  const capacity = blueprintCapacity(1, type, spec.def + 1) - blueprintCapacity(1, type, spec.def);
  if (key === 'strain' && capacity > 0) return `Each step above ${spec.def} adds ${capacity} capacity`;
  if (!price) return spec.min === spec.max ? `Always ${spec.min}` : 'No cost';
  const per = price.per && price.per > 1 ? `${price.per} ${spec.label.toLowerCase()}` : 'step';
  return `${points(price.points)} per ${per} ${price.below ? 'below' : 'above'} ${price.from}`;
}

/** Weapon range in words, from rangeCost: the ranges that cost nothing, then the price of each step. */
function rangeInWords(): string {
  const free = RANGES.filter((r) => rangeCost(r) === 0);
  const last = free[free.length - 1]!;
  const step = rangeCost(RANGES[free.length]!);
  const others = free.slice(0, -1);
  return `${points(step)} per step beyond ${last}${others.length ? `; ${others.join(', ')} ${others.length === 1 ? 'is' : 'are'} free` : ''}`;
}

/** How each property is priced, in words: type.property → hint under its field. */
export const PROPERTY_HINTS: Record<string, string> = Object.fromEntries([
  ...BLUEPRINT_TYPES.flatMap((type) => Object.keys(PROPERTY_SPECS[type]).map((key) => [`${type}.${key}`, priceInWords(type, key)])),
  ['weapon.range', rangeInWords()],
  // The body slot is a choice, not a number: it never costs points.
  ['cyberware.slot', 'No cost'],
]);

export const MARKS = ['Mk I', 'Mk II', 'Mk III', 'Mk IV', 'Mk V'] as const;
export const markOf = (rank: number) => MARKS[rank - 1] ?? `Rank ${rank}`;
export const credits = (n: number) => `${n.toLocaleString('en')} cr`;

/** Default properties of a type. */
export function defaultProperties(type: BlueprintType): Record<string, number | string> {
  const props: Record<string, number | string> = {};
  for (const [key, spec] of Object.entries(PROPERTY_SPECS[type])) props[key] = spec.def;
  if (type === 'weapon') props.range = 'close';
  if (type === 'cyberware') props.slot = 'arm';
  return props;
}

/**
 * A blueprint of `type` holding `properties` built from PROPERTY_SPECS[type]:
 * exactly that type's keys. Blueprint ties each type to its own properties,
 * and `type` is only known when this runs, which the compiler cannot follow.
 */
function ofType(fields: Omit<Blueprint, 'type' | 'properties'>, type: BlueprintType, properties: Record<string, number | string>): Blueprint {
  return { ...fields, type, properties } as unknown as Blueprint;
}

export function newBlueprint(base: { id: string; schemaVersion: number; name: string; createdAt: string; updatedAt: string; tags: string[] }, type: BlueprintType = 'weapon'): Blueprint {
  return ofType({ kind: 'blueprint', ...base, rank: 1, features: [] }, type, defaultProperties(type));
}

/** Properties the player changed from the type's defaults. */
function chosenProperties(bp: Blueprint): string[] {
  const def = defaultProperties(bp.type);
  return Object.keys(def).filter((k) => (bp.properties as Record<string, unknown>)[k] !== def[k]);
}

/** Whether the document holds choices a type change could lose (so the editor asks first). */
export function hasChoices(bp: Blueprint): boolean {
  return bp.features.length > 0 || chosenProperties(bp).length > 0;
}

/**
 * The blueprint as another type: name, rank, notes and tags stay; a property
 * the player set stays when the new type has it and its value fits the new
 * range (an untouched one takes the new type's default); features (each made
 * for one type) go.
 */
export function changeType(bp: Blueprint, type: BlueprintType): { next: Blueprint; dropped: string[]; kept: string[] } {
  if (bp.type === type) return { next: bp, dropped: [], kept: [] };
  const props = defaultProperties(type);
  const chosen = new Set(chosenProperties(bp));
  const kept: string[] = [];
  for (const [key, spec] of Object.entries(PROPERTY_SPECS[type])) {
    const old = (bp.properties as Record<string, unknown>)[key];
    if (chosen.has(key) && typeof old === 'number' && old >= spec.min && old <= spec.max) {
      props[key] = old;
      kept.push(spec.label);
    }
  }
  const dropped = bp.features.map((f) => f.id);
  return { next: ofType({ ...bp, features: [] }, type, props), dropped, kept };
}

const orList = (xs: readonly string[]) => (xs.length <= 1 ? xs.join('') : `${xs.slice(0, -1).join(', ')} or ${xs[xs.length - 1]}`);

/** Why the blueprint's properties do not meet a feature's requirements, in words ("Needs rate 2 or more"), or []. */
export function unmetRequirements(entry: BlueprintFeatureEntry, bp: Blueprint): string[] {
  const props = bp.properties as Record<string, unknown>;
  const out: string[] = [];
  for (const req of entry.requires ?? []) {
    const v = props[req.property];
    if (req.min !== undefined && !(Number(v) >= req.min)) out.push(`Needs ${req.property} ${req.min} or more`);
    if (req.max !== undefined && !(Number(v) <= req.max)) out.push(`Needs ${req.property} ${req.max} or less`);
    if (req.oneOf && !req.oneOf.includes(String(v))) out.push(`Needs ${req.property} ${orList(req.oneOf)}`);
  }
  return out;
}

/** Requirements in words, whether met or not ("Requires rate 2 or more"). */
export function requirementText(entry: BlueprintFeatureEntry): string[] {
  return (entry.requires ?? []).map((req) => {
    const parts = [req.min !== undefined ? `${req.min} or more` : '', req.max !== undefined ? `${req.max} or less` : '', req.oneOf ? orList(req.oneOf) : ''].filter(Boolean);
    return `Requires ${req.property} ${parts.join(' and ')}`;
  });
}

/** Why a feature cannot be added now, or undefined. Over-capacity does not block: it shows as an issue. */
export function whyUnavailable(entry: BlueprintFeatureEntry, bp: Blueprint): string | undefined {
  if (bp.features.some((f) => f.id === entry.id)) return entry.maxRanks ? 'Already on this blueprint: raise its ranks instead' : 'Already on this blueprint';
  return undefined;
}

/**
 * Which rule adding the feature now would break, said as the fix ("Needs
 * rate 2 or more"). Rule issues warn, never block: it can still be added,
 * and the summary then lists the same issue.
 */
export function ruleWarning(entry: BlueprintFeatureEntry, bp: Blueprint, all: readonly BlueprintFeatureEntry[]): string | undefined {
  const unmet = unmetRequirements(entry, bp);
  if (unmet.length) return unmet.join('; ');
  const clash = bp.features.find((f) => entry.excludes?.includes(f.id) || all.find((e) => e.id === f.id)?.excludes?.includes(entry.id));
  if (clash) return `Cannot be combined with ${all.find((e) => e.id === clash.id)?.name ?? clash.id}: remove one`;
  return undefined;
}

/** A feature's cost as the player reads it. */
export function costText(entry: BlueprintFeatureEntry): string {
  const pts = (n: number) => `${n} pt${n === 1 ? '' : 's'}`;
  return entry.maxRanks ? `${pts(entry.cost)} per rank (1–${entry.maxRanks})` : pts(entry.cost);
}

export function chooseRuleText(rule: { exactly: number } | { upTo: number }): string {
  const n = 'exactly' in rule ? rule.exactly : rule.upTo;
  return `${'exactly' in rule ? 'Choose exactly' : 'Choose up to'} ${n} option${n === 1 ? '' : 's'}`;
}

/** Rank facts for the rank field's hint. */
export function rankFacts(bp: Blueprint) {
  const rank = Math.min(5, Math.max(1, bp.rank));
  const strain = bp.type === 'cyberware' ? Number((bp.properties as Record<string, unknown>).strain ?? 1) : 1;
  return { capacity: blueprintCapacity(rank, bp.type, strain), basePrice: basePrice(rank), availability: availability(rank) };
}

export function rangeOptionDetail(range: string): string {
  const c = rangeCost(range);
  return c === 0 ? 'free' : `+${c} pt${c === 1 ? '' : 's'}`;
}

/** A new blueprint copied from a standard gear item (its description dropped). */
export function fromGear(item: GearEntry, base: { id: string; createdAt: string; updatedAt: string }): Blueprint {
  const { description: _d, ...rest } = item as GearEntry & { description?: string };
  return { ...structuredClone(rest), ...base, tags: (rest as { tags?: string[] }).tags ?? [] } as Blueprint;
}

/** The plain name of the field an issue path points at. */
export function labelFor(path: string, bp: Blueprint, features: readonly BlueprintFeatureEntry[]): string | undefined {
  if (path === 'rank') return 'Rank';
  if (path === 'name') return 'Name';
  const prop = /^properties\.(\w+)/.exec(path);
  if (prop) return PROPERTY_SPECS[bp.type]?.[prop[1]!]?.label ?? capitalized(prop[1]!);
  const feat = /^features\.(\d+)(?:\.(\w+))?/.exec(path);
  if (feat) {
    const id = bp.features[Number(feat[1])]?.id;
    const name = features.find((f) => f.id === id)?.name ?? id ?? 'Feature';
    return feat[2] === 'ranks' ? `${name} ranks` : feat[2] === 'subFeatures' ? `${name} options` : name;
  }
  return undefined;
}
