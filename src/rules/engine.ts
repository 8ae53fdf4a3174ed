/**
 * The rules engine without its schemas: `evaluate`, the maths of each kind,
 * dice, constants and every type, but no zod. The browser's editors import
 * this instead of `index.ts`, whose schemas build zod objects as soon as
 * they load (about 25 KB gzipped); parsing a document (`loadDocument`…)
 * stays in `index.ts` and is loaded when a document is saved or imported.
 * Re-exports only; `engine.test.ts` pins that it is the same functions.
 */
export type * from './schemas';
export { SCHEMA_VERSION, DOCUMENT_KINDS, emptyCatalogues, renderEffectText, newDocumentFields } from './basics';
export { RulesError } from './errors';
export * from './constants';
export { evaluate, type Evaluation, type Derived } from './evaluate';
export { type Issue, type Severity } from './issues';
export {
  PROPERTY_SPECS,
  rangeCost,
  propertyCost,
  blueprintCapacity,
  basePrice,
  blueprintPrice,
  availability,
  type BlueprintDerived,
} from './blueprint';
export { coreBudget, coreStrain, corePropertyCost, effectCost, refundLimit, type CoreDerived } from './core';
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
export { computedThreatRank, threatValue, type CreatureDerived } from './creature';
export { dieHits, hitDistribution, probabilityAtLeast, expectedHits, MAX_POOL, MAX_DIFFICULTY, TAIL_EPSILON } from './dice';
