import { describe, it, expect } from 'vitest';
import {
  parseDocument,
  migrateDocument,
  loadDocument,
  documentProblems,
  documentSchema,
  catalogueSchemas,
  RulesError,
  SCHEMA_VERSION,
  newDocumentFields,
  type Core,
} from './index';
import { base, character, core, creature, weapon } from './testing';

describe('documents (GAME.md §6)', () => {
  it('M1 migrates a version-0 document: tags [] added, version 1, every field kept', () => {
    const old = { kind: 'core', id: 'c', name: 'Old', createdAt: 'x', updatedAt: 'x', tier: 1, discipline: 'bio', activation: 'action', range: 'self', duration: 'instant', effects: [], sideEffects: [], houseRules: { note: 'kept' } };
    const doc = loadDocument(old) as Core & { houseRules: unknown };
    expect(doc).toMatchObject({ schemaVersion: SCHEMA_VERSION, tags: [], houseRules: { note: 'kept' } });
    expect(old).not.toHaveProperty('schemaVersion');
  });

  it('M1 embedded cores and gear migrate with their character; existing tags stay', () => {
    const { schemaVersion: _drop, ...oldCore } = core();
    const migrated = migrateDocument({ ...character(), schemaVersion: undefined, tags: ['npc'], cores: [oldCore], gear: [weapon()] }) as Record<string, never>;
    expect(migrated).toMatchObject({ schemaVersion: 1, tags: ['npc'], cores: [{ schemaVersion: 1, tags: [] }], gear: [{ schemaVersion: 1 }] });
  });

  it('M2 refuses a newer or unknown version with a plain sentence', () => {
    expect(() => migrateDocument({ ...base, schemaVersion: 9 })).toThrow(
      'This document was saved by a newer version of Nucleus (schema 9; this one reads up to 1): reload the page to update Nucleus, then open it again.',
    );
    expect(() => migrateDocument({ ...base, schemaVersion: 'two' })).toThrow(/^This document has an unknown schema version \("two"\)/);
    expect(() => migrateDocument([1])).toThrow('A document must be a JSON object.');
  });

  it('M3 parseDocument names the field path of the first problem', () => {
    const bad = { ...character(), attributes: { ...character().attributes, frame: 'strong' } };
    expect(() => parseDocument(bad)).toThrow(RulesError);
    expect(() => parseDocument(bad)).toThrow(/^attributes\.frame: expected a whole number$/);
    expect(() => parseDocument({ ...character(), attributes: { ...character().attributes, frame: 2.5 } })).toThrow('attributes.frame: expected a whole number');
    expect(() => parseDocument({ ...base, kind: 'spaceship' })).toThrow('kind: expected one of blueprint, core, character, creature');
    expect(() => parseDocument({ ...weapon(), properties: { damage: 2, range: 'orbit', rate: 1, bulk: 1 } })).toThrow(
      'properties.range: expected one of melee, close, medium, long, extreme',
    );
    expect(() => parseDocument({ ...weapon(), type: 'tank' })).toThrow(/^type: expected one of weapon, armour/);
    const { name: _n, ...nameless } = creature();
    expect(() => parseDocument(nameless)).toThrow('name: is required');
    try {
      parseDocument(bad);
    } catch (e) {
      expect((e as RulesError).path).toBe('attributes.frame');
    }
  });

  it('M3 documentProblems lists every problem with its path', () => {
    expect(documentProblems(weapon())).toEqual([]);
    expect(documentProblems({ ...core(), tier: 'x', discipline: 'fire' }).map((p) => p.path)).toEqual(['tier', 'discipline']);
  });

  it('M4 the schemas check shapes, not ranges: an out-of-range document still loads', () => {
    expect(parseDocument(weapon({ rank: 9, properties: { damage: 99, range: 'close', rate: 0, bulk: 1 } })).kind).toBe('blueprint');
    expect(parseDocument(character({ xp: -3 })).kind).toBe('character');
  });

  it('M5 unknown fields are kept at every level; defaults fill missing lists', () => {
    const doc = parseDocument({ ...weapon(), extra: 1, properties: { damage: 2, range: 'close', rate: 1, bulk: 1, colour: 'red' }, features: [{ id: 'scope', note: 'x' }] });
    expect(doc).toMatchObject({ extra: 1, properties: { colour: 'red' }, features: [{ id: 'scope', note: 'x' }] });
    const { features: _f, ...featureless } = weapon();
    expect((parseDocument(featureless) as { features: unknown[] }).features).toEqual([]);
    const cyber = parseDocument({ ...base, kind: 'blueprint', type: 'cyberware', rank: 1, properties: { slot: 'arm', strain: 1 } });
    expect(cyber).toMatchObject({ properties: { bulk: 0 } });
    expect(documentSchema.parse(creature({ notes: 'n', tags: ['t'] }))).toMatchObject({ notes: 'n', tags: ['t'] });
  });

  it('M6 a character carries full core and gear documents, origin fields and an advancement log', () => {
    const c = parseDocument(
      character({
        concept: 'Fixer',
        origin: 'Undercity',
        cores: [core()],
        gear: [{ ...weapon(), originId: 'w1', originRevision: 3 } as never],
        armour: 'doc',
        advancement: [{ rank: 2, at: '2026-02-01T00:00:00Z', spent: false }],
      }),
    );
    expect(c).toMatchObject({ concept: 'Fixer', gear: [{ originId: 'w1', originRevision: 3 }], advancement: [{ rank: 2, spent: false }] });
    expect(() => parseDocument(character({ gear: [{ ...weapon(), rank: 'x' } as never] }))).toThrow(/^gear\.0\.rank: expected a whole number$/);
  });

  it('M7 newDocumentFields is the header of a new document, a fresh object each call', () => {
    const now = '2026-03-01T10:00:00.000Z';
    const head = newDocumentFields('n1', 'Spark', now);
    expect(head).toEqual({ id: 'n1', schemaVersion: SCHEMA_VERSION, name: 'Spark', createdAt: now, updatedAt: now, tags: [] });
    const { kind: _k, id: _i, schemaVersion: _v, name: _n, createdAt: _c, updatedAt: _u, tags: _t, ...body } = core();
    expect(parseDocument({ kind: 'core', ...head, ...body })).toMatchObject(head);
    head.tags.push('mutated');
    expect(newDocumentFields('n2', 'Spark', now).tags).toEqual([]);
  });
});

describe('catalogue entries', () => {
  it('E1 a feature: tree, tier 1–3, prerequisites default [], maxTimes default 1', () => {
    expect(catalogueSchemas.features.parse({ id: 'quick-draw', name: 'Quick Draw', tree: 'gunslinger', tier: 1, text: 'x' })).toEqual({
      id: 'quick-draw',
      name: 'Quick Draw',
      tree: 'gunslinger',
      tier: 1,
      prerequisites: [],
      maxTimes: 1,
      text: 'x',
    });
    expect(catalogueSchemas.features.safeParse({ id: 'Quick Draw', name: 'Q', tree: 'gunslinger', tier: 1, text: '' }).error?.issues[0]!.message).toMatch(/kebab-case/);
    expect(catalogueSchemas.features.safeParse({ id: 'q', name: 'Q', tree: 'gunslinger', tier: 4, text: '' }).error?.issues[0]!.message).toBe('expected 1, 2 or 3');
  });

  it('E2 a blueprint feature: type, cost, optional maxRanks, requires, excludes and sub-features', () => {
    const entry = {
      id: 'ammo',
      name: 'Ammo',
      type: 'weapon',
      cost: 1,
      maxRanks: 2,
      requires: [{ property: 'rate', min: 2 }],
      excludes: ['scope'],
      subFeatures: { choose: { upTo: 1 }, options: [{ id: 'slug', name: 'Slug', cost: 1, text: '' }] },
      text: '',
    };
    expect(catalogueSchemas.blueprintFeatures.parse(entry)).toEqual(entry);
    expect(catalogueSchemas.blueprintFeatures.safeParse({ ...entry, subFeatures: { choose: { some: 1 }, options: entry.subFeatures.options } }).success).toBe(false);
    expect(catalogueSchemas.blueprintFeatures.safeParse({ ...entry, type: 'boat' }).success).toBe(false);
  });

  it('E3 core effects, side effects and creature properties', () => {
    expect(catalogueSchemas.coreEffects.safeParse({ id: 'shove', name: 'Shove', discipline: 'kinetic', baseCost: 2, maxPotency: 3, costPerPotency: 1, template: '{potency}' }).success).toBe(true);
    expect(catalogueSchemas.coreEffects.safeParse({ id: 'shove', name: 'Shove', discipline: 'fire', baseCost: 2, maxPotency: 3, costPerPotency: 1, template: '' }).success).toBe(false);
    expect(catalogueSchemas.coreSideEffects.safeParse({ id: 'glow', name: 'Glow', refund: 0, text: '' }).success).toBe(false);
    expect(catalogueSchemas.creatureProperties.parse({ id: 'hide', name: 'Hide', threat: 1, potency: { max: 3 }, modifiers: { protection: 1 }, tags: ['armoured'], text: '' })).toMatchObject({
      potency: { max: 3 },
    });
    expect(catalogueSchemas.creatureProperties.safeParse({ id: 'hide', name: 'Hide', threat: 1, text: '' }).error?.issues[0]!.path).toEqual(['tags']);
  });

  it('E4 standard gear and bestiary creatures are documents with a description', () => {
    expect(catalogueSchemas.gear.safeParse({ ...weapon(), description: 'A gun.' }).success).toBe(true);
    expect(catalogueSchemas.gear.safeParse(weapon()).error?.issues[0]!.path).toEqual(['description']);
    expect(catalogueSchemas.creatures.safeParse({ ...creature(), description: 'A beast.' }).success).toBe(true);
    expect(catalogueSchemas.creatures.safeParse(creature()).success).toBe(false);
  });
});
