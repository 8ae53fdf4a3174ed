import { describe, it, expect } from 'vitest';
import * as rules from './index';

describe('public api', () => {
  it('A1 index.ts exposes exactly this surface (a change here is a change for the build, the editors and storage)', () => {
    expect(Object.keys(rules).sort()).toEqual([
      'ACTIVATIONS', 'ATTRIBUTES', 'BANDS', 'BAND_NAMES', 'BLUEPRINT_TYPES', 'CATALOGUE_NAMES', 'CORE_RANGES', 'CREATURE_KINDS',
      'DIFFICULTIES', 'DISCIPLINES', 'DOCUMENT_KINDS', 'DURATIONS', 'ENCOUNTER_EDITOR_PATH', 'MAX_COUNT', 'MAX_CREW', 'MAX_DIFFICULTY',
      'MAX_OVERCHARGE', 'MAX_POOL', 'MAX_TYPED_HITS', 'PACK_ENTRY_KINDS', 'PACK_ID_SEPARATOR', 'PACK_KIND_WORDS', 'PACK_LIMITS',
      'PROPERTY_SPECS', 'RANGES', 'RulesError', 'SCHEMA_VERSION', 'SKILLS', 'SKILL_NAMES', 'SLOTS', 'TAIL_EPSILON', 'TIER_MIN_RANK',
      'TREES', 'addToEncounterHref', 'advancementSchema', 'applyDamage', 'applyHealing', 'applyStrain', 'armourPropertiesSchema',
      'atStrainCapacity', 'attackEffectSchema', 'attackOdds', 'attackSchema', 'attributeCapForRank', 'attributePointsForRank', 'attributesSchema', 'availability',
      'averageRank', 'band', 'basePrice', 'bestiaryEntrySchema', 'blueprintCapacity', 'blueprintFeatureChoiceSchema',
      'blueprintFeatureEntrySchema', 'blueprintPrice', 'blueprintSchema', 'canPublish', 'capitalized', 'catalogueSchemas',
      'changelogLineSchema', 'characterFeatureSchema', 'characterSchema', 'checkTableEncounter', 'combatantSchema', 'compareInitiative',
      'computedThreatRank', 'condition', 'coreBudget', 'coreEffectChoiceSchema', 'coreEffectEntrySchema', 'corePropertyCost', 'coreSchema',
      'coreSideEffectEntrySchema', 'coreStrain', 'creaturePropertyChoiceSchema', 'creaturePropertyEntrySchema', 'creatureSchema',
      'creatureSnapshot', 'creatureSnapshotSchema', 'crewText', 'current', 'cyberwarePropertiesSchema', 'decodeEncounterLink', 'delayTurn',
      'dieHits', 'documentProblems', 'documentSchema', 'dronePropertiesSchema', 'effectCost', 'effectiveGuard', 'emptyCatalogues',
      'emptyPackEntries', 'encodeEncounterLink', 'encounterAttackSchema', 'encounterCreatureSchema', 'encounterHeroSchema',
      'encounterLinkHref', 'encounterSchema', 'encounterThreat', 'entryTextProblems', 'equipmentPropertiesSchema', 'evaluate',
      'evaluatePack', 'expectedHits', 'featureEntrySchema', 'featureSlotsForRank', 'fightSchema', 'gearEntrySchema', 'heroSnapshotSchema',
      'hitDistribution', 'homebrewPack', 'homebrewPackSchema', 'homebrewSchema', 'ignoresProtectionSchema', 'inOrder', 'initiativeSchema',
      'isBoss', 'loadDocument', 'migrateDocument', 'newDocumentFields', 'newFight', 'nextTurn', 'oddsCell', 'oddsMatrix',
      'orderByInitiative', 'packChanges', 'packEntriesSchema', 'packEntryRef', 'packLimitProblems', 'packLinkProblem', 'packNameProblem',
      'packOriginSchema', 'packSchema', 'packTextProblem', 'parseCreatureList', 'parseCrew', 'parseDocument', 'partyRank',
      'placeLateJoiner', 'previousTurn', 'probabilityAtLeast', 'propertyCost', 'protectionAgainst', 'publishedPack', 'qualifiedId',
      'qualifyPackEntries', 'rangeCost', 'rankForXp', 'refundLimit', 'renderEffectText', 'requirementSchema', 'resolvePackReference',
      'rollPool', 'rolledDieSchema', 'roundsToDown', 'setInitiative', 'setNote', 'skillCapForRank', 'skillPointsForRank', 'skillPool',
      'skillsSchema', 'subFeatureOptionSchema', 'takeNewerVersion', 'takePackEntry', 'threatValue', 'typedInitiative', 'utf8Bytes',
      'weaponPropertiesSchema', 'withHomebrew', 'xpForRank',
    ]);
  });

  it('A2 the engine is pure: no Node, DOM or other project imports', async () => {
    const files = import.meta.glob(['./**/*.ts', '!./**/*.test.ts'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
    expect(Object.keys(files).length).toBeGreaterThan(10);
    for (const [file, source] of Object.entries(files)) {
      for (const [, from] of source.matchAll(/from\s+'([^']+)'/g)) {
        expect(from === 'zod' || from.startsWith('./') || from.startsWith('../'), `${file} imports ${from}`).toBe(true);
        if (from.startsWith('../')) expect(file.includes('/schemas/'), `${file} imports ${from}`).toBe(true);
      }
      expect(source, file).not.toMatch(/\b(window|document\.|localStorage|process\.)/);
    }
  });

  it('A3 every rule id of SPEC.md is proved by a test whose name starts with it', () => {
    const spec = import.meta.glob('./SPEC.md', { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
    const tests = import.meta.glob(['./*.test.ts', '../../scripts/rules.test.ts'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
    const ids = [...Object.values(spec)[0]!.matchAll(/^- \*\*([A-Z]+\d+)\*\*/gm)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(50);
    const named = new Set(Object.values(tests).flatMap((src) => [...src.matchAll(/\bit\('([A-Z]+\d+) /g)].map((m) => m[1]!)));
    // A glob never returns the file that holds it: this file's own rules.
    for (const id of ['A1', 'A2', 'A3']) named.add(id);
    expect(ids.filter((id) => !named.has(id))).toEqual([]);
    expect([...named].filter((id) => !ids.includes(id))).toEqual([]);
  });
});
