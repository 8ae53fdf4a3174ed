/**
 * The Nucleus rules engine (GAME.md): schemas, `evaluate`, dice maths.
 * Pure: no DOM, no Node, nothing else of the project.
 */
export { RulesError } from './errors';
export * from './constants';
export {
  SCHEMA_VERSION,
  DOCUMENT_KINDS,
  documentSchema,
  blueprintSchema,
  coreSchema,
  characterSchema,
  creatureSchema,
  catalogueSchemas,
  emptyCatalogues,
  type Blueprint,
  type Core,
  type Character,
  type Creature,
  type NucleusDocument,
  type DocumentKind,
  type Catalogues,
  type FeatureEntry,
  type BlueprintFeatureEntry,
  type CoreEffectEntry,
  type CoreSideEffectEntry,
  type CreaturePropertyEntry,
} from './schemas';
export { parseDocument, migrateDocument, loadDocument, documentProblems } from './documents';
export { evaluate, type Evaluation } from './evaluate';
export { type Issue } from './issues';
export { PROPERTY_SPECS, rangeCost, blueprintCapacity, basePrice, availability, propertyCost, type BlueprintDerived } from './blueprint';
export { coreBudget, coreStrain, corePropertyCost, effectCost, renderEffectText, type CoreDerived } from './core';
export {
  rankForXp,
  xpForRank,
  skillCapForRank,
  attributeCapForRank,
  attributePointsForRank,
  skillPointsForRank,
  featureSlotsForRank,
  skillPool,
  type CharacterDerived,
} from './character';
export { computedThreatRank, type CreatureDerived } from './creature';
export { dieHits, hitDistribution, probabilityAtLeast, expectedHits, MAX_POOL, MAX_DIFFICULTY } from './dice';
