import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { addImportedEntries, PACK_FILE_LIMITS, PackFileError, readPackFile } from './packFile';
import { applyImport, exportDocument, exportLibrary, parseImport } from './transfer';
import { openLocalRepository, type LocalRepository } from './local';
import { shareLink } from './share';
import { ShareLinkError } from './sharelink';
import { packSchema, type Pack } from '../rules';
import { base, creature } from '../rules/testing';

const refusal = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof PackFileError) return e.message;
    throw e;
  }
  throw new Error('expected a PackFileError');
};
const neon = (entries: Record<string, unknown[]> = {}): Pack => packSchema.parse({ ...base, kind: 'pack', id: 'neon', name: 'Neon Nights', entries });
const quickHands = { id: 'quick-hands', name: 'Quick Hands', tree: 'gunslinger', tier: 1, text: 'Draw in a blink.' };

describe('pack files in the catalogue format (docs/packs.md)', () => {
  it('PF2 the official features.yml and gear/weapons.yml, read as they are, become pack entries of their kind', () => {
    const features = readPackFile('features.yml', readFileSync('content/data/features.yml', 'utf8'));
    expect('kind' in features && features.kind).toBe('features');
    const list = 'entries' in features ? features.entries.features : [];
    expect(list.length).toBeGreaterThan(20);
    expect(list[0]).toMatchObject({ id: 'quick-draw', name: 'Quick Draw', tree: 'gunslinger', tier: 1, prerequisites: [], maxTimes: 1, gmOnly: false });
    const weapons = readPackFile('gear/weapons.yml', readFileSync('content/data/gear/weapons.yml', 'utf8'));
    expect('kind' in weapons && weapons.kind).toBe('gear');
    expect('entries' in weapons && weapons.entries.gear.every((g) => g.kind === 'blueprint' && g.type === 'weapon')).toBe(true);
  });

  it('PF2 a hand-written YAML list and a JSON list take their kind from the name asked, the file name or the first entry', () => {
    const yaml = `# My talents\n- id: quick-hands\n  name: Quick Hands\n  tree: gunslinger\n  tier: 1\n  text: >-\n    Draw in a blink; see [the combat rules](/rules/combat).\n`;
    expect(readPackFile('my-stuff.yml', yaml)).toMatchObject({ kind: 'features', entries: { features: [{ id: 'quick-hands', prerequisites: [] }] } });
    const json = JSON.stringify([{ id: 'plating', name: 'Plating', threat: 2, modifiers: { protection: 2 }, tags: ['armoured'], text: '' }]);
    expect(readPackFile('props.json', json)).toMatchObject({ kind: 'creatureProperties', entries: { creatureProperties: [{ id: 'plating', gmOnly: false }] } });
    const creatures = JSON.stringify([{ ...creature(), id: 'rat', name: 'Rat', description: 'Small.' }]);
    expect(readPackFile('creatures.json', creatures)).toMatchObject({ kind: 'creatures', entries: { creatures: [{ id: 'rat', gmOnly: true }] } });
    // Asked for features, a list of side effects fails as features do, at the entry and field.
    expect(refusal(() => readPackFile('x.yml', '- {id: glare, name: Glare, refund: 1, text: ""}', 'features'))).toBe(
      "x.yml was not imported, nothing was changed: entry 1 ('glare'): tree: is required (and 1 more problem).",
    );
  });

  it('PF1 an exported pack reads back whole, and its export imports into the library like any document', async () => {
    const pack = neon({ features: [quickHands] });
    const { text } = exportDocument(pack);
    expect(readPackFile('neon-nights.nucleus.json', text)).toEqual({ pack });
    expect(parseImport('lib.json', exportLibrary([pack]).text)).toEqual([pack]);
    const repo: LocalRepository = await openLocalRepository({ dbName: 'pack-file-1', channel: null });
    try {
      await applyImport(repo, [pack]);
      const listed = await repo.list({});
      expect(listed.map((d) => [d.kind, d.name, d.valid])).toEqual([['pack', 'Neon Nights', true]]);
    } finally {
      repo.close();
    }
  });

  it('PF1 a pack has no share link yet: a sentence says to export it instead', async () => {
    await expect(shareLink(neon(), 'https://example.com')).rejects.toThrow(new ShareLinkError('A pack has no share link yet, as no editor opens one: export it as a file to share it.'));
  });

  it('PF1 hostile files are refused whole with a sentence: alias bomb, deep, huge, not YAML', () => {
    const bomb = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]', ...'bcdefghi'.split('').map((k, i) => `${k}: &${k} [${Array(9).fill(`*${'abcdefghi'[i]}`).join(',')}]`)].join('\n');
    expect(refusal(() => readPackFile('bomb.yml', bomb))).toBe(
      'bomb.yml was not imported, nothing was changed: the file uses YAML aliases (*name) more than 50 times, which is how a file swells to fill the memory; write the entries out.',
    );
    const deep = `${'['.repeat(20)}1${']'.repeat(20)}`;
    expect(refusal(() => readPackFile('deep.json', deep))).toBe('deep.json was not imported, nothing was changed: the file nests more than 16 levels deep.');
    const blocks = Array.from({ length: 20 }, (_, i) => `${' '.repeat(2 * i)}- `).join('\n') + 'x';
    expect(refusal(() => readPackFile('blocks.yml', blocks))).toBe('blocks.yml was not imported, nothing was changed: the file nests more than 16 levels deep.');
    // 200,000 brackets: refused before the parser spends seconds on them.
    const abyss = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(refusal(() => readPackFile('abyss.json', abyss))).toBe('abyss.json was not imported, nothing was changed: the file nests more than 16 levels deep.');
    const huge = `# ${'x'.repeat(PACK_FILE_LIMITS.chars)}\n[]`;
    expect(refusal(() => readPackFile('huge.yml', huge))).toBe('huge.yml was not imported, nothing was changed: the file is 1,000,005 characters long, and a pack file may be at most 1,000,000.');
    expect(refusal(() => readPackFile('broken.yml', 'a: [1, 2\nb: }'))).toMatch(/^broken\.yml was not imported, nothing was changed: the file is neither YAML nor JSON \(/);
  });

  it('PF1 unknown kinds, schema errors, repeated ids and script in names and links are refused with the entry and field', () => {
    expect(refusal(() => readPackFile('stuff.yml', '- {colour: teal}'))).toMatch(/^stuff\.yml was not imported, nothing was changed: its entries are of no kind a pack holds \(gear items, creatures, features,/);
    expect(refusal(() => readPackFile('ship.json', '{"kind": "spaceship"}'))).toBe(
      'ship.json was not imported, nothing was changed: it holds a spaceship; a pack file is a list of catalogue entries (as in content/data) or an exported pack.',
    );
    expect(refusal(() => readPackFile('features.yml', `- ${JSON.stringify({ ...quickHands, tier: 4 })}`))).toBe("features.yml was not imported, nothing was changed: entry 1 ('quick-hands'): tier: expected 1, 2 or 3.");
    expect(refusal(() => readPackFile('features.yml', JSON.stringify([quickHands, quickHands])))).toBe("features.yml was not imported, nothing was changed: entry 2 ('quick-hands'): id: the same id as entry 1.");
    const script = JSON.stringify([
      { ...quickHands, name: '<svg onload=alert(1)>' },
      { ...quickHands, id: 'b', text: '[click](javascript:alert(1))' },
    ]);
    expect(refusal(() => readPackFile('features.json', script))).toBe(
      "features.json was not imported, nothing was changed: entry 1 ('quick-hands'): name: holds markup (<…>); a name is plain text (and 1 more problem).",
    );
    const packWithScript = { ...neon(), entries: { features: [{ ...quickHands, text: 'Hi <iframe src=x>' }] } };
    expect(refusal(() => readPackFile('neon.json', JSON.stringify(packWithScript)))).toBe(
      'neon.json was not imported, nothing was changed: entries.features[0].text: holds raw HTML (<…>); write the rules text in Markdown.',
    );
    const tooMany = JSON.stringify(Array.from({ length: 301 }, (_, i) => ({ ...quickHands, id: `f-${i}` })));
    expect(refusal(() => readPackFile('features.json', tooMany))).toBe('features.json was not imported, nothing was changed: the file has 301 entries; a pack holds at most 300: split it into two packs.');
  });

  it('PF3 imported entries join a pack after its own; an id it already has is refused and the pack is unchanged', () => {
    const pack = neon({ features: [quickHands] });
    const before = structuredClone(pack);
    const imported = readPackFile('features.yml', JSON.stringify([{ ...quickHands, id: 'steady' }]));
    if (!('entries' in imported)) throw new Error('expected entries');
    expect(addImportedEntries('features.yml', pack, imported.entries).entries.features.map((f) => f.id)).toEqual(['quick-hands', 'steady']);
    const again = readPackFile('features.yml', JSON.stringify([quickHands]));
    if (!('entries' in again)) throw new Error('expected entries');
    expect(refusal(() => addImportedEntries('features.yml', pack, again.entries))).toBe(
      "features.yml was not imported, nothing was changed: the pack already has a feature with the id 'quick-hands': rename one of them.",
    );
    expect(pack).toEqual(before);
  });
});
