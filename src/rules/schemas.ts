/**
 * zod schemas of the four document kinds and of every catalogue entry; the
 * types come from them. Schemas check shapes (whole numbers, known names);
 * the game's ranges and budgets are checked by `evaluate`, so a document that
 * breaks a rule still loads, saves and shows its issues.
 */
import { z } from 'zod';
import {
  ATTRIBUTES,
  SKILL_NAMES,
  BLUEPRINT_TYPES,
  RANGES,
  SLOTS,
  DISCIPLINES,
  ACTIVATIONS,
  CORE_RANGES,
  DURATIONS,
  TREES,
  CREATURE_KINDS,
} from './constants';

export const SCHEMA_VERSION = 1;

const int = z.number().int({ error: 'must be a whole number' });
const id = z.string().min(1, 'must not be empty');
const kebab = z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'must be kebab-case (lower-case words joined by hyphens)');
const names = <T extends readonly [string, ...string[]]>(values: T) => z.enum(values, { error: `must be one of ${values.join(', ')}` });
const keysOf = (o: object) => Object.keys(o) as [string, ...string[]];

/** Fields every saved document carries (GAME.md §6). Unknown fields are kept. */
const documentBase = {
  id,
  schemaVersion: int,
  name: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Counter raised by every save (storage); absent on catalogue entries. */
  revision: int.optional(),
  tags: z.array(z.string()).optional(),
  notes: z.string().optional(),
};

export const attributesSchema = z.object(Object.fromEntries(ATTRIBUTES.map((a) => [a, int])) as Record<(typeof ATTRIBUTES)[number], typeof int>);
export const skillsSchema = z.object(Object.fromEntries(SKILL_NAMES.map((s) => [s, int])) as Record<(typeof SKILL_NAMES)[number], typeof int>);
const partialSkills = skillsSchema.partial();

const weaponProps = z.looseObject({ damage: int, range: names(RANGES), rate: int, bulk: int });
const armourProps = z.looseObject({ protection: int, guard: int, bulk: int });
const equipmentProps = z.looseObject({ uses: int, bulk: int });
const cyberwareProps = z.looseObject({ slot: names(SLOTS), strain: int, bulk: int.default(0) });
const droneProps = z.looseObject({ frame: int, speed: int, bulk: int });

export const blueprintFeatureChoice = z.object({ id, ranks: int.optional(), subFeatures: z.array(id).optional() });

const blueprintCommon = {
  kind: z.literal('blueprint'),
  ...documentBase,
  rank: int,
  features: z.array(blueprintFeatureChoice).default([]),
  /** Where a copy came from (a player's blueprint embedded in a character). */
  originId: z.string().optional(),
  originRevision: int.optional(),
};

export const blueprintSchema = z.discriminatedUnion('type', [
  z.looseObject({ ...blueprintCommon, type: z.literal('weapon'), properties: weaponProps }),
  z.looseObject({ ...blueprintCommon, type: z.literal('armour'), properties: armourProps }),
  z.looseObject({ ...blueprintCommon, type: z.literal('equipment'), properties: equipmentProps }),
  z.looseObject({ ...blueprintCommon, type: z.literal('cyberware'), properties: cyberwareProps }),
  z.looseObject({ ...blueprintCommon, type: z.literal('drone'), properties: droneProps }),
]);

export const coreSchema = z.looseObject({
  kind: z.literal('core'),
  ...documentBase,
  tier: int,
  discipline: names(DISCIPLINES),
  activation: names(keysOf(ACTIVATIONS)),
  range: names(keysOf(CORE_RANGES)),
  duration: names(keysOf(DURATIONS)),
  effects: z.array(z.object({ id, potency: int })).default([]),
  sideEffects: z.array(id).default([]),
  originId: z.string().optional(),
  originRevision: int.optional(),
});

export const characterSchema = z.looseObject({
  kind: z.literal('character'),
  ...documentBase,
  concept: z.string().optional(),
  origin: z.string().optional(),
  xp: int,
  attributes: attributesSchema,
  skills: skillsSchema,
  features: z.array(z.object({ id, times: int.optional() })).default([]),
  cores: z.array(coreSchema).default([]),
  gear: z.array(blueprintSchema).default([]),
  /** Id of the worn armour among `gear`. */
  armour: z.string().optional(),
  /** One entry per rank reached after the first (the advancement log). */
  advancement: z.array(z.looseObject({ rank: int, at: z.string(), spent: z.boolean().optional() })).optional(),
});

export const creatureSchema = z.looseObject({
  kind: z.literal('creature'),
  ...documentBase,
  creatureKind: names(CREATURE_KINDS),
  threatRank: int,
  attributes: attributesSchema,
  skills: partialSkills.default({}),
  properties: z.array(z.object({ id, potency: int.optional() })).default([]),
  attacks: z.array(z.object({ name: z.string(), damage: int, range: names(RANGES) })).default([]),
});

export const documentSchema = z.discriminatedUnion('kind', [
  // A blueprint is itself a union on type; wrap it so the outer union sees `kind`.
  z.looseObject({ kind: z.literal('blueprint') }).pipe(blueprintSchema),
  coreSchema,
  characterSchema,
  creatureSchema,
]);

export type Blueprint = z.output<typeof blueprintSchema>;
export type Core = z.output<typeof coreSchema>;
export type Character = z.output<typeof characterSchema>;
export type Creature = z.output<typeof creatureSchema>;
export type NucleusDocument = Blueprint | Core | Character | Creature;
export type DocumentKind = NucleusDocument['kind'];
export const DOCUMENT_KINDS: DocumentKind[] = ['blueprint', 'character', 'core', 'creature'];

// ---------------------------------------------------------------- catalogues

const entryBase = { id: kebab, name: z.string().min(1) };

export const featureEntrySchema = z.object({
  ...entryBase,
  tree: names(TREES),
  tier: z.union([z.literal(1), z.literal(2), z.literal(3)], { error: 'must be 1, 2 or 3' }),
  prerequisites: z.array(kebab).default([]),
  /** How many times a character may take it. Default 1. */
  maxTimes: int.min(1).default(1),
  text: z.string(),
});

const requirement = z.object({
  property: z.string(),
  min: int.optional(),
  max: int.optional(),
  oneOf: z.array(z.string()).optional(),
});

export const blueprintFeatureEntrySchema = z.object({
  ...entryBase,
  type: names(BLUEPRINT_TYPES),
  /** Build points; per rank when `maxRanks` is set. */
  cost: int.min(0),
  maxRanks: int.min(1).optional(),
  requires: z.array(requirement).default([]),
  excludes: z.array(kebab).default([]),
  subFeatures: z
    .object({
      choose: z.union([z.object({ exactly: int.min(0) }), z.object({ upTo: int.min(1) })]),
      options: z.array(z.object({ id: kebab, name: z.string(), cost: int.min(0), text: z.string() })).min(1),
    })
    .optional(),
  text: z.string(),
});

export const coreEffectEntrySchema = z.object({
  ...entryBase,
  discipline: names(DISCIPLINES),
  baseCost: int.min(0),
  maxPotency: int.min(1),
  costPerPotency: int.min(0),
  /** Rules text naming the potency as {potency} or {potency*N}. */
  template: z.string(),
});

export const coreSideEffectEntrySchema = z.object({ ...entryBase, refund: int.min(1), text: z.string() });

export const creaturePropertyEntrySchema = z.object({
  ...entryBase,
  threat: int.min(0),
  /** With potency p, threat and every modifier are multiplied by p. */
  potency: z.object({ max: int.min(1) }).optional(),
  modifiers: z.object({ protection: int.optional(), guard: int.optional(), health: int.optional() }).default({}),
  tags: z.array(z.string()).default([]),
  text: z.string(),
});

export const gearEntrySchema = blueprintSchema;
export const creatureEntrySchema = creatureSchema;

export type FeatureEntry = z.output<typeof featureEntrySchema>;
export type BlueprintFeatureEntry = z.output<typeof blueprintFeatureEntrySchema>;
export type CoreEffectEntry = z.output<typeof coreEffectEntrySchema>;
export type CoreSideEffectEntry = z.output<typeof coreSideEffectEntrySchema>;
export type CreaturePropertyEntry = z.output<typeof creaturePropertyEntrySchema>;

export interface Catalogues {
  features: FeatureEntry[];
  blueprintFeatures: BlueprintFeatureEntry[];
  coreEffects: CoreEffectEntry[];
  coreSideEffects: CoreSideEffectEntry[];
  creatureProperties: CreaturePropertyEntry[];
  gear: (Blueprint & { description?: string })[];
  creatures: (Creature & { description?: string })[];
}

/** The schema of one entry of each catalogue. */
export const catalogueSchemas = {
  features: featureEntrySchema,
  blueprintFeatures: blueprintFeatureEntrySchema,
  coreEffects: coreEffectEntrySchema,
  coreSideEffects: coreSideEffectEntrySchema,
  creatureProperties: creaturePropertyEntrySchema,
  gear: gearEntrySchema,
  creatures: creatureEntrySchema,
} satisfies Record<keyof Catalogues, z.ZodType>;

export function emptyCatalogues(): Catalogues {
  return { features: [], blueprintFeatures: [], coreEffects: [], coreSideEffects: [], creatureProperties: [], gear: [], creatures: [] };
}
