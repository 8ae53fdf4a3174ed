/** The game's catalogues, as the build reads them from `content/data/`. */
import '../../config/zod';
import { z } from 'zod';
import { featureEntrySchema, type FeatureEntry } from './feature';
import { blueprintFeatureEntrySchema, type BlueprintFeatureEntry } from './blueprint-feature';
import { coreEffectEntrySchema, type CoreEffectEntry } from './core-effect';
import { coreSideEffectEntrySchema, type CoreSideEffectEntry } from './core-side-effect';
import { creaturePropertyEntrySchema, type CreaturePropertyEntry } from './creature-property';
import { gearEntrySchema, type GearEntry } from './gear';
import { bestiaryEntrySchema, type BestiaryEntry } from './bestiary';

export interface Catalogues {
  features: FeatureEntry[];
  blueprintFeatures: BlueprintFeatureEntry[];
  coreEffects: CoreEffectEntry[];
  coreSideEffects: CoreSideEffectEntry[];
  creatureProperties: CreaturePropertyEntry[];
  gear: GearEntry[];
  creatures: BestiaryEntry[];
}

/** The schema of one entry of each catalogue (the build validates every file entry with it). */
export const catalogueSchemas = {
  features: featureEntrySchema,
  blueprintFeatures: blueprintFeatureEntrySchema,
  coreEffects: coreEffectEntrySchema,
  coreSideEffects: coreSideEffectEntrySchema,
  creatureProperties: creaturePropertyEntrySchema,
  gear: gearEntrySchema,
  creatures: bestiaryEntrySchema,
} satisfies { [K in keyof Catalogues]: z.ZodType<Catalogues[K][number]> };

export const CATALOGUE_NAMES = Object.keys(catalogueSchemas) as (keyof Catalogues)[];

export { emptyCatalogues } from '../basics';
