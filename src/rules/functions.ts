/**
 * The engine's functions, constants and their types, without the zod
 * schemas: the one list both entries re-export (`engine.ts` for the
 * browser's editors, `index.ts` with the schemas and parsers).
 */
export { SCHEMA_VERSION, DOCUMENT_KINDS, emptyCatalogues, renderEffectText, newDocumentFields } from './basics';
export { RulesError } from './errors';
export * from './constants';
export { evaluate, type Evaluation, type Derived, type DerivedOf } from './evaluate';
export { capitalized, type Issue, type Severity } from './issues';
export {
  PROPERTY_SPECS,
  rangeCost,
  propertyCost,
  blueprintCapacity,
  basePrice,
  blueprintPrice,
  availability,
  type BlueprintDerived,
  type PropertyPrice,
  type PropertySpec,
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
export {
  BANDS,
  BAND_NAMES,
  partyRank,
  encounterThreat,
  band,
  averageRank,
  isBoss,
  effectiveGuard,
  protectionAgainst,
  attackOdds,
  roundsToDown,
  oddsCell,
  oddsMatrix,
  creatureSnapshot,
  crewText,
  type Band,
  type Defender,
  type AttackOdds,
  type OddsCell,
  type EncounterDerived,
} from './encounter';
export {
  MAX_OVERCHARGE,
  MAX_TYPED_HITS,
  rollPool,
  typedInitiative,
  compareInitiative,
  inOrder,
  current,
  newFight,
  setInitiative,
  orderByInitiative,
  placeLateJoiner,
  nextTurn,
  previousTurn,
  delayTurn,
  applyDamage,
  applyHealing,
  applyStrain,
  atStrainCapacity,
  setNote,
  condition,
  type Random,
  type NewCombatant,
  type Condition,
} from './fight';
export {
  ENCOUNTER_EDITOR_PATH,
  MAX_COUNT,
  MAX_CREW,
  checkTableEncounter,
  encodeEncounterLink,
  decodeEncounterLink,
  encounterLinkHref,
  addToEncounterHref,
  parseCreatureList,
  parseCrew,
  type TableEncounter,
} from './encounterLink';
export { PACK_LIMITS, PACK_ENTRY_KINDS, emptyPackEntries, packLimitProblems, utf8Bytes, type PackEntryKind } from './packLimits';
export { PACK_ID_SEPARATOR, qualifiedId, packEntryRef, resolvePackReference, qualifyPackEntries, withHomebrew, homebrewPack } from './homebrew';
export { evaluatePack, canPublish, publishedPack, PACK_KIND_WORDS, type PackDerived } from './pack';
export { packChanges, takePackEntry, takeNewerVersion, type PackChange, type PackSource } from './packCopies';
export { packNameProblem, packTextProblem, packLinkProblem, entryTextProblems } from './packText';
