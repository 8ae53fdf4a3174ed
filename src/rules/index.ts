/**
 * The Nucleus rules engine (GAME.md): schemas, `evaluate`, dice maths.
 * Pure: no DOM, no Node, nothing else of the project. Re-exports only.
 */
export { RulesError } from './errors';
export * from './constants';
export * from './schemas';
export { parseDocument, migrateDocument, loadDocument, documentProblems } from './documents';
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
