import { describe, it, expect } from 'vitest';
import * as rules from './index';

describe('public api', () => {
  it('A1 index.ts exposes exactly this surface (a change here is a change for the build, the editors and storage)', () => {
    expect(Object.keys(rules).sort()).toEqual([
      'ACTIVATIONS', 'ATTRIBUTES', 'BLUEPRINT_TYPES', 'CATALOGUE_NAMES', 'CORE_RANGES', 'CREATURE_KINDS', 'DIFFICULTIES', 'DISCIPLINES',
      'DOCUMENT_KINDS', 'DURATIONS', 'MAX_DIFFICULTY', 'MAX_POOL', 'PROPERTY_SPECS', 'RANGES', 'RulesError', 'SCHEMA_VERSION', 'SKILLS',
      'SKILL_NAMES', 'SLOTS', 'TAIL_EPSILON', 'TIER_MIN_RANK', 'TREES', 'advancementSchema', 'armourPropertiesSchema', 'attackSchema',
      'attributeCapForRank', 'attributePointsForRank', 'attributesSchema', 'availability', 'basePrice', 'bestiaryEntrySchema',
      'blueprintCapacity', 'blueprintFeatureChoiceSchema', 'blueprintFeatureEntrySchema', 'blueprintPrice', 'blueprintSchema',
      'catalogueSchemas', 'characterFeatureSchema', 'characterSchema', 'computedThreatRank', 'coreBudget', 'coreEffectChoiceSchema',
      'coreEffectEntrySchema', 'corePropertyCost', 'coreSchema', 'coreSideEffectEntrySchema', 'coreStrain', 'creaturePropertyChoiceSchema',
      'creaturePropertyEntrySchema', 'creatureSchema', 'cyberwarePropertiesSchema', 'dieHits', 'documentProblems', 'documentSchema',
      'dronePropertiesSchema', 'effectCost', 'emptyCatalogues', 'equipmentPropertiesSchema', 'evaluate', 'expectedHits', 'featureEntrySchema',
      'featureSlotsForRank', 'gearEntrySchema', 'hitDistribution', 'loadDocument', 'migrateDocument', 'newDocumentFields', 'parseDocument', 'probabilityAtLeast',
      'propertyCost', 'rangeCost', 'rankForXp', 'refundLimit', 'renderEffectText', 'requirementSchema', 'skillCapForRank',
      'skillPointsForRank', 'skillPool', 'skillsSchema', 'subFeatureOptionSchema', 'threatValue', 'weaponPropertiesSchema', 'xpForRank',
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
