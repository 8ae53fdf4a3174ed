import { describe, expect, it } from 'vitest';
import {
  PACK_LIMITS,
  documentProblems,
  evaluate,
  evaluatePack,
  loadDocument,
  packChanges,
  packSchema,
  publishedPack,
  qualifiedId,
  takeNewerVersion,
  takePackEntry,
  withHomebrew,
  type Catalogues,
  type Character,
  type Pack,
} from './index';
import { base, catalogues, character, codes, core, creature, weapon } from './testing';

/** A pack as its schema reads it, from entries written as in a file. */
const pack = (id: string, entries: Record<string, unknown[]>, over: Partial<Pack> = {}): Pack => packSchema.parse({ ...base, kind: 'pack', id, name: `Pack ${id}`, version: 1, entries, ...over });

const quickHands = { id: 'quick-hands', name: 'Quick Hands', tree: 'gunslinger', tier: 1, text: 'Draw in a blink.' };
const lance = { ...weapon(), id: 'plasma-lance', name: 'Plasma lance', description: 'Hot.', properties: { damage: 4, range: 'close', rate: 1, bulk: 1 } };
const issueAt = (p: Pack, path: string) => evaluate(p, catalogues).issues.filter((i) => i.path === path);

describe('packs (GAME.md §6)', () => {
  it('P1 a pack past its limits is refused by the schema with a sentence at the field, and evaluate says the same', () => {
    const many = Array.from({ length: PACK_LIMITS.entries + 1 }, (_, i) => ({ ...quickHands, id: `f-${i}` }));
    const problems = documentProblems({ ...base, kind: 'pack', name: 'Big', entries: { features: many } });
    expect(problems).toContainEqual({ path: 'entries', message: `has 301 entries; a pack holds at most 300: split it into two packs` });
    const long = documentProblems({ ...base, kind: 'pack', name: 'Long', entries: { features: [{ ...quickHands, name: 'N'.repeat(81), text: 'x'.repeat(2_001) }] } });
    expect(long).toEqual([
      { path: 'entries.features.0.name', message: 'is 81 characters long; a pack allows at most 80 here' },
      { path: 'entries.features.0.text', message: 'is 2,001 characters long; a pack allows at most 2,000 here' },
    ]);
    // 299 entries of 2,000 characters of 3-byte letters: under every per-field limit, over the bytes of one cloud document.
    const heavy = Array.from({ length: 299 }, (_, i) => ({ ...quickHands, id: `f-${i}`, prerequisites: [], maxTimes: 1, gmOnly: false, text: '語'.repeat(2_000) }));
    expect(documentProblems({ ...base, kind: 'pack', name: 'Heavy', entries: { features: heavy } })[0]?.message).toMatch(/^is 1,8\d\d,\d{3} bytes; a pack may be at most 600,000 bytes/);
    const over = { ...pack('p', {}), entries: { ...pack('p', {}).entries, features: heavy } } as Pack;
    expect(codes(evaluate(over, catalogues))).toContain('pack-limit');
  });

  it('P2 the same entry id in two packs names two entries, and neither is the official entry of that id', () => {
    const a = pack('pack-a', { features: [{ ...quickHands, id: 'quick', name: 'Quick A', tier: 2 }] });
    const b = pack('pack-b', { features: [{ ...quickHands, id: 'quick', name: 'Quick B' }] });
    const hero = character({ features: [{ id: 'pack-a/quick' }, { id: 'pack-b/quick' }, { id: 'quick' }] });
    const homebrew = takePackEntry(takePackEntry(undefined, a, 'features', 'quick'), b, 'features', 'quick');
    const merged = withHomebrew(catalogues, homebrew);
    expect(['pack-a/quick', 'pack-b/quick', 'quick'].map((id) => merged.features.find((f) => f.id === id)?.name)).toEqual(['Quick A', 'Quick B', 'Quick']);
    // Pack A's is tier 2 (rank 4): only that one breaks the rank rule.
    const r = evaluate({ ...hero, homebrew }, catalogues);
    expect(r.issues.map((i) => [i.path, i.code])).toEqual([['features.0', 'tier-rank']]);
    expect(r.issues[0]!.message).toBe('Quick A is a tier 2 feature: it needs rank 4 (this character is rank 1).');
  });

  it('P2 an official entry added later with a pack entry\'s id changes nothing for the documents that use the pack entry', () => {
    const p = pack('neon', { gear: [{ ...lance, id: 'lance' }], blueprintFeatures: [{ id: 'scope', name: 'Neon scope', type: 'weapon', cost: 3, text: '' }] });
    const homebrew = takePackEntry(undefined, p, 'blueprintFeatures', 'scope');
    const bp = { ...weapon({ rank: 1, features: [{ id: 'neon/scope' }] }), homebrew };
    const before = evaluate(bp, catalogues);
    // The official catalogue gains its own 'scope' (testing.ts has one: cost 1, needs a medium range or more); a later 'lance' too.
    const later: Catalogues = { ...catalogues, gear: [{ ...lance, id: 'lance', name: 'Official lance' } as never] };
    expect(evaluate(bp, later)).toEqual(before);
    expect(before.derived.spent).toBe(3);
    expect(before.valid).toBe(true);
  });

  it('P3 a pack entry\'s references name its own pack first, then official entries, never another pack\'s', () => {
    const p = pack('neon', {
      features: [
        { ...quickHands, id: 'quick' },
        { ...quickHands, id: 'deadeye', name: 'Neon Deadeye', prerequisites: ['quick'] },
        { ...quickHands, id: 'legend', name: 'Neon Legend', prerequisites: ['deadeye', 'tough'] },
      ],
      gear: [{ ...lance, features: [{ id: 'heavy' }, { id: 'scope' }, { id: 'other/heavy' }] }],
      blueprintFeatures: [{ id: 'heavy', name: 'Heavy', type: 'weapon', cost: 1, text: '' }],
    });
    const merged = withHomebrew(catalogues, { packs: [{ ...p, entries: p.entries }] });
    const prereqs = (id: string) => merged.features.find((f) => f.id === qualifiedId('neon', id))!.prerequisites;
    expect(prereqs('deadeye')).toEqual(['neon/quick']);
    expect(prereqs('legend')).toEqual(['neon/deadeye', 'tough']);
    // A prerequisite is kebab-case, so a feature cannot even name another pack's entry.
    expect(documentProblems({ ...p, entries: { features: [{ ...quickHands, prerequisites: ['other/quick'] }] } })[0]?.path).toBe('entries.features.0.prerequisites.0');
    // A gear item's feature may be any id: another pack's becomes an id nothing holds, even with that pack's copy beside it.
    expect(merged.gear[0]!.features.map((f) => f.id)).toEqual(['neon/heavy', 'scope', 'neon/other/heavy']);
    const other = pack('other', { blueprintFeatures: [{ id: 'heavy', name: 'Other heavy', type: 'weapon', cost: 1, text: '' }] });
    const held = { ...merged.gear[0]!, homebrew: { packs: [p, other] } } as never;
    expect(evaluate(held, catalogues).issues.map((i) => i.message)).toContain("The feature 'neon/other/heavy' is not in the catalogue; remove it.");
  });

  it('P4 evaluate judges homebrew entries by the same code as official ones, in embedded cores and gear too', () => {
    const p = pack('neon', {
      coreEffects: [{ id: 'shove', name: 'Neon shove', discipline: 'void', baseCost: 9, maxPotency: 1, costPerPotency: 0, template: '' }],
      coreSideEffects: [{ id: 'glare', name: 'Glare', refund: 1, text: '' }],
      creatureProperties: [{ id: 'plating', name: 'Plating', threat: 2, modifiers: { protection: 2 }, tags: [], text: '' }],
    });
    const k = { ...core({ effects: [{ id: 'neon/shove', potency: 1 }], sideEffects: ['neon/glare'] }), homebrew: takePackEntry(takePackEntry(undefined, p, 'coreEffects', 'shove'), p, 'coreSideEffects', 'glare') };
    // 9 + 1 off-discipline − 1 refund = 9 > budget 8 at tier 2: the official budget rule speaks.
    expect(evaluate(k, catalogues).issues.map((i) => i.code)).toEqual(['over-budget']);
    const hero: Character = character({ attributes: { frame: 1, reflex: 1, logic: 1, nerve: 1, sync: 2 }, cores: [k] });
    expect(evaluate(hero, catalogues).issues.map((i) => [i.path, i.message])).toEqual([['cores.0.tier', 'Doc: Costs 9 points of a budget of 8: lower a potency, remove an effect or raise the tier.']]);
    const c = { ...creature({ properties: [{ id: 'neon/plating' }] }), homebrew: takePackEntry(undefined, p, 'creatureProperties', 'plating') };
    expect(evaluate(c, catalogues).derived.protection).toBe(2);
    // Without copies the catalogues come back as they were: a document without homebrew costs nothing.
    expect(withHomebrew(catalogues, undefined)).toBe(catalogues);
    expect(withHomebrew(catalogues, { packs: [] })).toBe(catalogues);
  });

  it('P5 two entries of one kind with the same id: an error at the second', () => {
    const p = pack('p', { features: [quickHands, { ...quickHands, name: 'Other' }], coreSideEffects: [{ id: 'quick-hands', name: 'Fine', refund: 1, text: '' }] });
    expect(issueAt(p, 'entries.features.1.id')).toEqual([
      { path: 'entries.features.1.id', code: 'duplicate-id', severity: 'error', message: "Two features have the id 'quick-hands' (the 1. and the 2.): give each its own id." },
    ]);
    expect(evaluatePack(p, catalogues).canPublish).toBe(false);
  });

  it('P6 a feature with a missing prerequisite, or another pack\'s: an error at that prerequisite', () => {
    const p = pack('p', {
      features: [{ ...quickHands, prerequisites: ['quick', 'ghost-step'] }],
      blueprintFeatures: [{ id: 'spike', name: 'Spike', type: 'weapon', cost: 1, excludes: ['bayonet', 'nothing'], text: '' }],
    });
    const r = evaluate(p, catalogues);
    expect(r.issues.map((i) => [i.path, i.message])).toEqual([
      ['entries.features.0.prerequisites.1', "Quick Hands needs 'ghost-step' is neither a feature of this pack nor an official one."],
      ['entries.blueprintFeatures.0.excludes.1', "Spike excludes 'nothing' is neither a blueprint feature of this pack nor an official one."],
    ]);
    expect(r.derived.canPublish).toBe(false);
  });

  it('P7 names with markup, raw HTML and script links in rules text are errors in place', () => {
    const p = pack('p', {
      features: [
        { ...quickHands, id: 'a', name: 'Quick <img src=x onerror=alert(1)>' },
        { ...quickHands, id: 'b', text: 'Hi <script>alert(1)</script>' },
        { ...quickHands, id: 'c', text: 'See [the rules](javascript:alert(1)) and [more](/rules/combat) and [web](https://example.com/a).' },
        { ...quickHands, id: 'd', text: 'A [trick](%2F%2Fevil.example) and <https://example.com> and <me@example.com>' },
        { ...quickHands, id: 'e', text: '[x]: //evil.example/steal' },
        { ...quickHands, id: 'f', text: 'Mail <data:text/html,x>' },
      ],
    });
    expect(evaluate(p, catalogues).issues.map((i) => [i.path, i.code, i.message])).toEqual([
      ['entries.features.0.name', 'unsafe-text', 'Quick <img src=x onerror=alert(1)>: name holds markup (<…>); a name is plain text.'],
      ['entries.features.1.text', 'unsafe-text', 'Quick Hands: text holds raw HTML (<…>); write the rules text in Markdown.'],
      ['entries.features.2.text', 'unsafe-text', "Quick Hands: text the link 'javascript:alert(1' uses 'javascript:'; a pack links only to http(s) addresses and paths of this site."],
      ['entries.features.3.text', 'unsafe-text', "Quick Hands: text the link '%2F%2Fevil.example' hides a scheme or a host in percent-encoding; a pack links only to http(s) addresses and paths of this site."],
      ['entries.features.4.text', 'unsafe-text', "Quick Hands: text the link '//evil.example/steal' starts with '//', which leads to another host; a pack links only to http(s) addresses and paths of this site."],
      ['entries.features.5.text', 'unsafe-text', "Quick Hands: text the link 'data:text/html,x' uses 'data:'; a pack links only to http(s) addresses and paths of this site."],
    ]);
  });

  it('P8 an invalid blueprint and a creature break their own kind\'s rules, in place, with the pack\'s own features', () => {
    const p = pack('p', {
      gear: [{ ...lance, rank: 1, properties: { damage: 9, range: 'close', rate: 1, bulk: 1 }, features: [{ id: 'heavy' }, { id: 'scope' }] }],
      blueprintFeatures: [{ id: 'heavy', name: 'Heavy', type: 'weapon', cost: 1, text: '' }],
      creatures: [{ ...creature({ threatRank: 4, properties: [{ id: 'ghost' }] }), id: 'drone', name: 'Drone', description: '' }],
    });
    const r = evaluate(p, catalogues);
    expect(r.issues.map((i) => [i.path, i.code, i.severity, i.message])).toEqual([
      ['entries.gear.0.properties.damage', 'out-of-range', 'error', 'Plasma lance: Damage must be between 1 and 8 (it is 9).'],
      ['entries.gear.0.features.1', 'requirement', 'error', 'Plasma lance: Scope needs Range medium, long or extreme.'],
      ['entries.gear.0.rank', 'over-capacity', 'error', 'Plasma lance: Spent 9 points of a capacity of 6: remove a feature, lower a property or raise the rank.'],
      ['entries.creatures.0.properties.0', 'unknown-property', 'error', "Drone: The property 'ghost' is not in the catalogue; remove it."],
      ['entries.creatures.0.threatRank', 'threat-mismatch', 'warning', expect.stringMatching(/^Drone: Threat value 5 makes threat rank 1, not 4/)],
    ]);
    expect(r.derived).toEqual({ entries: 3, canPublish: false });
  });

  it('P9 a pack without errors and with an entry may be published: the version rises by 1 and the changelog gains its line', () => {
    const empty = pack('p', {}, { version: 0 });
    expect(evaluate(empty, catalogues)).toMatchObject({ valid: true, derived: { entries: 0, canPublish: false }, issues: [{ code: 'no-entries', severity: 'warning' }] });
    const p = pack('p', { features: [quickHands], creatures: [{ ...creature(), id: 'rat', name: 'Rat', description: '' }] }, { version: 0 });
    expect(evaluatePack(p, catalogues).canPublish).toBe(true);
    // Creatures are game-master-only unless said otherwise; other entries are not.
    expect([p.entries.creatures[0]!.gmOnly, p.entries.features[0]!.gmOnly]).toEqual([true, false]);
    const once = publishedPack(p, 'First cut.', '2026-02-01T00:00:00Z');
    const twice = publishedPack(once, 'Lance hits harder.', '2026-03-01T00:00:00Z');
    expect([twice.version, twice.changelog, twice.updatedAt]).toEqual([2, [{ version: 1, text: 'First cut.' }, { version: 2, text: 'Lance hits harder.' }], '2026-03-01T00:00:00Z']);
    expect(p.version).toBe(0);
  });

  it('P10 taking an entry copies it with the pack\'s own entries it needs, and the document names it by qualified id', () => {
    const p = pack('neon', {
      gear: [{ ...lance, features: [{ id: 'heavy' }, { id: 'scope' }] }],
      blueprintFeatures: [{ id: 'heavy', name: 'Heavy', type: 'weapon', cost: 1, text: '' }, { id: 'unused', name: 'Unused', type: 'weapon', cost: 1, text: '' }],
      features: [{ ...quickHands, id: 'a', prerequisites: ['b'] }, { ...quickHands, id: 'b', prerequisites: ['a'] }, { ...quickHands, id: 'c' }],
    });
    const h = takePackEntry(takePackEntry(undefined, p, 'gear', 'plasma-lance'), p, 'features', 'a');
    expect(h.packs).toHaveLength(1);
    const held = h.packs[0]!;
    expect([held.id, held.name, held.version]).toEqual(['neon', 'Pack neon', 1]);
    expect(held.entries.gear.map((e) => e.id)).toEqual(['plasma-lance']);
    // 'scope' is official: only the pack's own 'heavy' is copied; prerequisites follow even in a circle.
    expect(held.entries.blueprintFeatures.map((e) => e.id)).toEqual(['heavy']);
    expect(held.entries.features.map((e) => e.id)).toEqual(['a', 'b']);
    expect(takePackEntry(h, p, 'features', 'a')).toBe(h);
  });

  it('P11 what changed, in the game\'s words, per entry the document holds', () => {
    const v1 = pack('neon', { gear: [lance], features: [quickHands, { ...quickHands, id: 'steady', name: 'Steady', tier: 1 }] });
    const held = takePackEntry(takePackEntry(takePackEntry(undefined, v1, 'gear', 'plasma-lance'), v1, 'features', 'quick-hands'), v1, 'features', 'steady').packs[0]!;
    const v2 = pack('neon', {
      gear: [{ ...lance, properties: { ...lance.properties, damage: 5, rate: 2 }, description: 'Hotter.' }],
      features: [{ ...quickHands, id: 'steady', name: 'Steady', tier: 2, prerequisites: ['quick-draw', 'aim'] }],
    });
    expect(packChanges(held, v2.entries).map((c) => c.sentence)).toEqual([
      'Plasma lance: damage 4 → 5, rate 1 → 2, description changed',
      'Quick Hands: removed from the pack',
      'Steady: tier 1 → 2, prerequisites none → quick-draw, aim',
    ]);
    expect(packChanges(held, v1.entries)).toEqual([]);
  });

  it('P12 taking the newer version replaces the copies, and an entry the pack dropped stays valid with its copy', () => {
    const v1 = pack('neon', { features: [quickHands, { ...quickHands, id: 'steady', name: 'Steady' }] });
    const hero = { ...character({ features: [{ id: 'neon/quick-hands' }, { id: 'neon/steady' }] }), homebrew: takePackEntry(takePackEntry(undefined, v1, 'features', 'quick-hands'), v1, 'features', 'steady') };
    expect(evaluate(hero, catalogues).valid).toBe(true);
    const v2 = pack('neon', { features: [{ ...quickHands, id: 'steady', name: 'Steady', tier: 3 }] }, { version: 2, name: 'Neon Nights' });
    const updated = { ...hero, homebrew: takeNewerVersion(hero.homebrew, v2) };
    const held = updated.homebrew.packs[0]!;
    expect([held.version, held.name, held.entries.features.map((f) => [f.id, f.tier])]).toEqual([2, 'Neon Nights', [['quick-hands', 1], ['steady', 3]]]);
    // Quick Hands left the pack but the copy keeps the sheet valid; Steady is now tier 3 and says so.
    expect(evaluate(updated, catalogues).issues.map((i) => [i.path, i.code])).toEqual([['features.1', 'tier-rank']]);
    // A document keeps its copies across a save: they load back as written.
    expect(loadDocument(JSON.parse(JSON.stringify(updated)))).toEqual(updated);
  });
});
