import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { applyImport, exportDocument, exportFileName, exportLibrary, ImportError, importCollisions, parseImport, LIBRARY_FORMAT } from './transfer';
import { openLocalRepository, type LocalRepository } from './local';
import { referencesTo } from './references';
import { duplicateDocument } from './copies';
import { character, core, weapon, ones } from '../rules/testing';
import type { NucleusDocument } from '../rules';

let n = 0;
const repos: LocalRepository[] = [];
async function repo() {
  const r = await openLocalRepository({ dbName: `transfer-${++n}`, channel: null });
  repos.push(r);
  return r;
}
afterEach(() => {
  for (const r of repos.splice(0)) r.close();
});

const library = (documents: unknown[]) => JSON.stringify({ format: LIBRARY_FORMAT, version: 1, exportedAt: '2026-11-01T00:00:00Z', documents });
const problems = (fn: () => unknown): ImportError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof ImportError) return e;
    throw e;
  }
  throw new Error('expected an ImportError');
};

describe('export', () => {
  it('T1 names files after the document, and wraps several in a library file', () => {
    expect(exportFileName('Longarm Mk II')).toBe('longarm-mk-ii.nucleus.json');
    expect(exportFileName('Ænima / ☢')).toBe('nima.nucleus.json');
    expect(exportFileName('☢☢')).toBe('document.nucleus.json');
    const one = exportDocument(weapon({ name: 'Longarm' }));
    expect(JSON.parse(one.text)).toMatchObject({ kind: 'blueprint', name: 'Longarm' });
    const lib = exportLibrary([weapon(), core()], new Date('2026-11-02T10:00:00Z'));
    expect(lib.fileName).toBe('nucleus-library.nucleus.json');
    expect(JSON.parse(lib.text)).toMatchObject({ format: 'nucleus-library', version: 1, exportedAt: '2026-11-02T10:00:00.000Z' });
    expect(JSON.parse(lib.text).documents).toHaveLength(2);
  });
});

describe('import', () => {
  it('T2 reads one document, or every document of a library file', () => {
    expect(parseImport('a.nucleus.json', JSON.stringify(weapon({ id: 'w' })))[0]).toMatchObject({ id: 'w', kind: 'blueprint' });
    const docs = parseImport('lib.nucleus.json', library([weapon({ id: 'a' }), core({ id: 'b' })]));
    expect(docs.map((d) => d.id)).toEqual(['a', 'b']);
  });

  it('T2 migrates older documents and keeps every field', () => {
    const old = { ...character({ id: 'c' }), houseRules: { pet: 'drone' } } as Record<string, unknown>;
    delete old.schemaVersion;
    delete old.tags;
    const [doc] = parseImport('old.nucleus.json', JSON.stringify(old));
    expect(doc).toMatchObject({ schemaVersion: 1, tags: [], houseRules: { pet: 'drone' } });
  });

  it('T2 a bad document refuses the whole file, naming file, document and field', () => {
    const bad = { ...character({ id: 'c3', name: 'Vex' }), attributes: { ...ones, frame: 'strong' } };
    const err = problems(() => parseImport('party.nucleus.json', library([weapon({ id: 'a' }), core({ id: 'b' }), bad])));
    expect(err.file).toBe('party.nucleus.json');
    expect(err.problems).toEqual([{ index: 2, document: 'character "Vex"', path: 'attributes.frame', message: 'expected a whole number' }]);
    expect(err.message).toBe('party.nucleus.json was not imported, nothing was changed: documents[2] (character "Vex"): attributes.frame: expected a whole number.');
  });

  it('T2 names fields inside embedded documents with their index', () => {
    const bad = character({ id: 'c', name: 'Vex', cores: [core({ id: 'k', tier: 'high' as never })] });
    const err = problems(() => parseImport('vex.nucleus.json', JSON.stringify(bad)));
    expect(err.message).toBe('vex.nucleus.json was not imported, nothing was changed: cores[0].tier: expected a whole number.');
  });

  it('T2 refuses what is not a Nucleus file, and newer versions, with a sentence', () => {
    expect(problems(() => parseImport('x.json', 'not json')).message).toMatch(/x\.json was not imported.*not JSON/);
    expect(problems(() => parseImport('x.json', '{"format":"other"}')).message).toMatch(/format: expected "nucleus-library", found "other"/);
    expect(problems(() => parseImport('x.json', JSON.stringify({ format: LIBRARY_FORMAT, version: 9, documents: [] }))).message).toMatch(/version: .*newer Nucleus/);
    expect(problems(() => parseImport('x.json', JSON.stringify({ ...weapon(), schemaVersion: 7 }))).message).toMatch(/saved by a newer version of Nucleus/);
    expect(problems(() => parseImport('x.json', JSON.stringify({ kind: 'spaceship', name: 'S' }))).message).toMatch(/kind: expected one of blueprint, core, character, creature, encounter/);
    expect(problems(() => parseImport('x.json', library([weapon({ id: 'a' }), core({ id: 'a' })]))).message).toMatch(/documents\[1\] \(core "Doc"\): id: the same id as documents\[0\]/);
  });

  it('T2 a problem that is a whole sentence ends the message with one full stop, not two', () => {
    const message = problems(() => parseImport('x.json', JSON.stringify({ ...weapon(), schemaVersion: 7 }))).message;
    expect(message).toMatch(/saved by a newer version of Nucleus/);
    expect(message).toMatch(/[^.]\.$/);
  });

  it('T2 a document nested too deep or holding too many values is refused with a sentence, never a stack overflow', () => {
    const deep = `{"kind":"core","name":"Deep","notes":${'['.repeat(200_000)}${']'.repeat(200_000)}}`;
    expect(problems(() => parseImport('deep.nucleus.json', deep)).message).toBe(
      'deep.nucleus.json was not imported, nothing was changed: it nests more than 64 levels deep, and a document may nest at most 64.',
    );
    const wide = library([weapon({ id: 'a' }), { ...core({ id: 'b', name: 'Wide' }), notes: new Array(200_000).fill(1) }]);
    expect(problems(() => parseImport('wide.nucleus.json', wide)).message).toBe(
      'wide.nucleus.json was not imported, nothing was changed: documents[1] (core "Wide"): it holds more than 100,000 values, and a document may hold at most that many.',
    );
  });

  it('T2 counts further problems', () => {
    const err = problems(() => parseImport('x.json', library([{ kind: 'core', id: 'a' }])));
    expect(err.problems.length).toBeGreaterThan(2);
    expect(err.message).toMatch(/\(and \d+ more problems\)\.$/);
  });

  it('T3 asks about stored ids; replace keeps the old content in history, keep-both gets a new id', async () => {
    const r = await repo();
    await r.save(weapon({ id: 'w', name: 'Old' }), { basedOn: 0 });
    const incoming = parseImport('w.nucleus.json', JSON.stringify(weapon({ id: 'w', name: 'New' })));
    expect((await importCollisions(r, incoming)).map((s) => s.name)).toEqual(['Old']);

    const [kept] = await applyImport(r, incoming, 'keep-both');
    expect(kept!.id).not.toBe('w');
    expect((await r.get('w'))?.name).toBe('Old');

    await applyImport(r, incoming, 'replace');
    expect((await r.get('w'))?.name).toBe('New');
    expect((await r.versions('w')).map((v) => v.document.name)).toEqual(['New', 'Old']);
  });

  it('T3 replacing a document in the trash brings it back', async () => {
    const r = await repo();
    await r.save(weapon({ id: 'w' }), { basedOn: 0 });
    await r.delete('w');
    await applyImport(r, [weapon({ id: 'w', name: 'Back' })], 'replace');
    expect((await r.list()).map((d) => d.name)).toEqual(['Back']);
  });
});

describe('duplicate and references', () => {
  it('duplicate makes a new id named "Copy of …" with its own history', async () => {
    const r = await repo();
    await r.save(weapon({ id: 'w', name: 'Longarm' }), { basedOn: 0 });
    const copy = await duplicateDocument('w', r);
    expect(copy.id).not.toBe('w');
    expect(copy.name).toBe('Copy of Longarm');
    expect((await r.versions(copy.id)).map((v) => v.summary)).toEqual(['Created']);
    expect(await r.versions('w')).toHaveLength(1);
  });

  it('finds live characters carrying a copy of a blueprint or core', async () => {
    const r = await repo();
    const save = (d: NucleusDocument) => r.save(d, { basedOn: 0 });
    await save(weapon({ id: 'w', name: 'Longarm' }));
    await save(core({ id: 'k', name: 'Shove' }));
    await save(character({ id: 'c1', name: 'Vex', gear: [weapon({ id: 'g1', name: 'Vex’s longarm', originId: 'w' })], cores: [core({ id: 'k1', originId: 'k' })] }));
    await save(character({ id: 'c2', name: 'Ash', gear: [weapon({ id: 'g2', originId: 'other' })] }));
    await save(character({ id: 'c3', name: 'Gone', gear: [weapon({ id: 'g3', originId: 'w' })] }));
    await r.delete('c3');
    const all = [...(await r.list()), ...(await r.list({ trash: true }))];
    expect(referencesTo(all, 'w').map((x) => [x.character.name, x.slot, x.name])).toEqual([['Vex', 'gear', 'Vex’s longarm']]);
    expect(referencesTo(all, 'k').map((x) => x.character.name)).toEqual(['Vex']);
  });
});

describe('round trip', () => {
  it('T1/T2 an exported library imported into an empty place comes back identical', async () => {
    const a = await repo();
    await a.save(weapon({ id: 'w', name: 'Longarm', tags: ['gun'], houseRules: true } as never), { basedOn: 0 });
    await a.save(character({ id: 'c', name: 'Vex', gear: [weapon({ id: 'g', originId: 'w' })] }), { basedOn: 0 });
    const exported = exportLibrary((await a.list({ sort: 'name' })).map((d) => d.document));
    const b = await repo();
    await applyImport(b, parseImport('lib.nucleus.json', exported.text));
    const again = exportLibrary((await b.list({ sort: 'name' })).map((d) => d.document), new Date(JSON.parse(exported.text).exportedAt));
    expect(again.text).toBe(exported.text);
    expect((await b.list()).map((d) => [d.id, d.updatedAt])).toEqual((await a.list()).map((d) => [d.id, d.updatedAt]));
  });
});
