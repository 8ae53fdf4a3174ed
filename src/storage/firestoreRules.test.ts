/**
 * firestore.rules on the real Firestore emulator, field by field: in the
 * owner's own space, every field of a document record and of a version has
 * a write that is refused, next to the well-formed write that is accepted
 * (so the refusal is the field's). Raw writes bypass the adapter, as a
 * broken or hostile client would; the last tests save through the adapter
 * to show that what the app really writes keeps passing.
 */
import { describe, expect, it } from 'vitest';
import { doc, getDoc, getDocs, collection, setDoc, writeBatch } from 'firebase/firestore';
import type { NucleusDocument } from '../rules';
import { character, core } from '../rules/testing';
import { CloudRepository, MAX_CLOUD_JSON } from './cloud';
import { weaponDoc } from './cloud.suite';
import { refused, useFirestoreEmulator } from './testing/firestore';

const emulator = useFirestoreEmulator();

type Data = Record<string, unknown>;
const ISO = '2026-03-01T10:00:00.000Z';

/** `data` without `key` (the SDK refuses a field set to undefined before the rules see it). */
function without(data: Data, key: string): Data {
  const { [key]: _gone, ...rest } = data;
  return rest;
}

/** A well-formed record as cloud.ts writes it: revision 1, its first version as head. */
function record(id: string, over: Data = {}): Data {
  return {
    id,
    kind: 'blueprint',
    name: 'Arc pistol',
    tags: ['sidearm'],
    revision: 1,
    createdAt: ISO,
    updatedAt: ISO,
    valid: true,
    json: JSON.stringify(weaponDoc(id)),
    head: { id: 'r1-m7abc', at: 1_000 },
    ...over,
  };
}

/** The version a save of `rec` writes beside it (its head). */
function version(rec: Data, over: Data = {}): Data {
  const head = rec.head as { id: string };
  return { id: head.id, documentId: rec.id, revision: rec.revision, savedAt: ISO, summary: 'Created', json: rec.json, ...over };
}

/** One user's own space, as that user. */
async function space() {
  emulator.ready();
  const uid = `owner-${Math.random().toString(36).slice(2, 10)}`;
  const db = await emulator.open(uid);
  const docRef = (id: string) => doc(db, 'users', uid, 'documents', id);
  const versionRef = (id: string, vid: string) => doc(db, 'users', uid, 'documents', id, 'versions', vid);
  /** A save as cloud.ts commits it: the record and its head version together. */
  const save = (rec: Data, ver: Data = version(rec)) => {
    const batch = writeBatch(db);
    batch.set(docRef(rec.id as string), rec);
    batch.set(versionRef(rec.id as string, ver.id as string), ver);
    return batch.commit();
  };
  return { uid, db, docRef, versionRef, save };
}

/** The record one save after `rec`, keeping its head (a save folding into the newest version). */
const next = (rec: Data, over: Data = {}): Data => ({
  ...rec,
  revision: (rec.revision as number) + 1,
  updatedAt: '2026-03-01T10:00:10.000Z',
  name: `Arc pistol ${(rec.revision as number) + 1}`,
  json: JSON.stringify(weaponDoc(rec.id as string, { name: `Arc pistol ${(rec.revision as number) + 1}` })),
  ...over,
});

describe('firestore.rules in the Firestore emulator: every field of a document and a version', () => {
  it('a well-formed record and its version, written together, are accepted; the owner deletes both', async () => {
    const { db, docRef, versionRef, save } = await space();
    await save(record('ok'));
    await save(next(record('ok'), { head: { id: 'r2-m7abd', at: 40_000 } }));
    expect((await getDoc(docRef('ok'))).data()?.revision).toBe(2);
    const batch = writeBatch(db);
    batch.delete(versionRef('ok', 'r1-m7abc'));
    batch.delete(versionRef('ok', 'r2-m7abd'));
    batch.delete(docRef('ok'));
    await batch.commit();
    expect((await getDoc(docRef('ok'))).exists()).toBe(false);
  });

  it('id: the record names its own path, on create and on update', async () => {
    const { docRef, save } = await space();
    await refused(setDoc(docRef('i1'), record('other')), 'an id that differs from the path');
    await refused(setDoc(docRef('i1'), record('i1', { id: 7 })), 'an id that is a number');
    await save(record('i2'));
    await refused(setDoc(docRef('i2'), next(record('i2'), { id: 'i3' })), 'changing the id on a save');
  });

  it('kind: one of the five, and never changed by a save', async () => {
    const { docRef, save } = await space();
    await refused(setDoc(docRef('k1'), record('k1', { kind: 'spaceship' })), 'a kind outside the five');
    const encounter = { kind: 'encounter', id: 'k3', schemaVersion: 1, name: 'Lobby', createdAt: ISO, updatedAt: ISO, tags: [], creatures: [], party: [] };
    await save(record('k3', { kind: 'encounter', name: 'Lobby', json: JSON.stringify(encounter) }));
    await refused(setDoc(docRef('k1'), record('k1', { kind: ['blueprint'] })), 'a kind that is a list');
    await save(record('k2'));
    const asCore = JSON.stringify(core({ id: 'k2' }));
    await refused(setDoc(docRef('k2'), next(record('k2'), { kind: 'core', json: asCore })), 'a save that turns a blueprint into a core');
  });

  it('name: text of at most 300 characters', async () => {
    const { docRef } = await space();
    await refused(setDoc(docRef('n1'), record('n1', { name: 'x'.repeat(301) })), 'a 301-character name');
    await refused(setDoc(docRef('n1'), record('n1', { name: 42 })), 'a name that is a number');
    await setDoc(docRef('n1'), record('n1', { name: 'x'.repeat(300) }));
  });

  it('tags: at most 100, each text of 1 to 100 characters without a line break', async () => {
    const { docRef } = await space();
    const bad: [unknown, string][] = [
      [[1], 'a tag that is a number'],
      [['ok', { a: 1 }], 'a tag that is a map'],
      [['ok', true], 'a tag that is true'],
      [['ok', null], 'a tag that is null'],
      [['x'.repeat(101)], 'a 101-character tag'],
      [['ok', '😀'.repeat(101)], 'a tag of 101 emoji'],
      [Array.from({ length: 101 }, (_, i) => `t${i}`), '101 tags'],
      [[''], 'an empty tag'],
      [['a', '', 'b'], 'an empty tag between two'],
      [['two\nlines'], 'a tag with a line break'],
      ['sidearm', 'tags that are one text, not a list'],
    ];
    for (const [tags, what] of bad) await refused(setDoc(docRef('t1'), record('t1', { tags })), what);
    await setDoc(docRef('t1'), record('t1', { tags: ['x'.repeat(100), '😀'.repeat(100), 'two words', ...Array.from({ length: 97 }, (_, i) => `t${i}`)] }));
  });

  it('revision: a whole number from 1, up by exactly one a save', async () => {
    const { docRef, save } = await space();
    await refused(setDoc(docRef('r1'), record('r1', { revision: 0 })), 'a new document at revision 0');
    await refused(setDoc(docRef('r1'), record('r1', { revision: 1.5 })), 'a revision that is not a whole number');
    await refused(setDoc(docRef('r1'), record('r1', { revision: '1' })), 'a revision that is text');
    await save(record('r2'));
    await refused(setDoc(docRef('r2'), next(record('r2'), { revision: 3 })), 'skipping a revision');
    await refused(setDoc(docRef('r2'), record('r2', { name: 'Same revision, new content' })), 'new content at the same revision');
  });

  it('createdAt: text of at most 40 characters, never changed by a save', async () => {
    const { docRef, save } = await space();
    await refused(setDoc(docRef('c1'), record('c1', { createdAt: 1_700_000_000_000 })), 'a createdAt that is a number');
    await refused(setDoc(docRef('c1'), record('c1', { createdAt: 'x'.repeat(41) })), 'a 41-character createdAt');
    await save(record('c2'));
    await refused(setDoc(docRef('c2'), next(record('c2'), { createdAt: '2020-01-01T00:00:00.000Z' })), 'a save that changes createdAt');
  });

  it('updatedAt: text of at most 40 characters', async () => {
    const { docRef } = await space();
    await refused(setDoc(docRef('u1'), record('u1', { updatedAt: 1_700_000_000_000 })), 'an updatedAt that is a number');
    await refused(setDoc(docRef('u1'), record('u1', { updatedAt: 'x'.repeat(41) })), 'a 41-character updatedAt');
    await refused(setDoc(docRef('u1'), without(record('u1'), 'updatedAt')), 'a record without updatedAt');
  });

  it('deletedAt: absent or a time as toISOString writes it; a trash move changes nothing else', async () => {
    const { docRef, save } = await space();
    await refused(setDoc(docRef('d1'), record('d1', { deletedAt: null })), 'a deletedAt that is null');
    await refused(setDoc(docRef('d1'), record('d1', { deletedAt: 'yesterday' })), 'a deletedAt that is not a time');
    await refused(setDoc(docRef('d1'), record('d1', { deletedAt: 1_700_000_000_000 })), 'a deletedAt that is a number');
    await save(record('d2'));
    await refused(setDoc(docRef('d2'), record('d2', { deletedAt: ISO, name: 'Renamed on the way to the trash' })), 'a trash move that also renames');
    await setDoc(docRef('d2'), record('d2', { deletedAt: ISO }));
  });

  it('valid: true or false', async () => {
    const { docRef } = await space();
    await refused(setDoc(docRef('v1'), record('v1', { valid: 'yes' })), 'a valid that is text');
    await refused(setDoc(docRef('v1'), record('v1', { valid: 1 })), 'a valid that is a number');
  });

  it('json: one JSON object of the record’s kind and id, under the size limit', async () => {
    const { docRef } = await space();
    const weapon = JSON.stringify(weaponDoc('j1'));
    const bad: [unknown, string][] = [
      ['x'.repeat(MAX_CLOUD_JSON + 1), 'a json over the size limit'],
      [`{"pad":"${'x'.repeat(MAX_CLOUD_JSON)}","kind":"blueprint","id":"j1"}`, 'a json object over the size limit'],
      ['hello', 'a json that is not an object'],
      [`[${weapon}]`, 'a json that is a list'],
      [weapon.slice(0, -1), 'a json cut short'],
      [JSON.stringify(core({ id: 'j1' })), 'the json of a core in a blueprint record'],
      [JSON.stringify(weaponDoc('j2')), 'the json of another document'],
      [JSON.stringify(weaponDoc('j10')), 'the json of a document whose id only starts the same'],
      [JSON.stringify({ id: 'j1', notes: '"kind":"blueprint"' }), 'a kind only quoted inside a text'],
      [JSON.stringify(weaponDoc('j1')).replace('"kind":"blueprint"', '"kind": "blueprint"'), 'a kind not as JSON.stringify writes it'],
      [{ kind: 'blueprint', id: 'j1' }, 'a json that is a map, not text'],
    ];
    for (const [json, what] of bad) await refused(setDoc(docRef('j1'), record('j1', { json })), what);
    await setDoc(docRef('j1'), record('j1', { json: weapon }));
  });

  it('head: { id: r<revision>-<base 36>, at: whole ms }, required on every save; a fold keeps it whole', async () => {
    const { docRef, save } = await space();
    const bad: [unknown, string][] = [
      ['x'.repeat(1_000_000), 'a head that is a 1 MB text'],
      [{ id: 'r1-m7abc', at: 1_000, note: 'x'.repeat(1_000) }, 'a head with another field'],
      [{ id: 'r1-m7abc' }, 'a head without at'],
      [{ at: 1_000 }, 'a head without id'],
      [{ id: 'r1-m7abc', at: '1000' }, 'a head whose at is text'],
      [{ id: 'r1-m7abc', at: -1 }, 'a head whose at is negative'],
      [{ id: 'anything', at: 1_000 }, 'a head whose id is not r<revision>-<time>'],
      [{ id: 'r1-M7ABC', at: 1_000 }, 'a head whose time is not lower-case base 36'],
      [{ id: 'r2-m7abc', at: 1_000 }, 'a new document whose head names revision 2'],
    ];
    for (const [head, what] of bad) await refused(setDoc(docRef('h1'), record('h1', { head })), what);
    await refused(setDoc(docRef('h1'), without(record('h1'), 'head')), 'a new document without a head');
    await save(record('h2'));
    await refused(setDoc(docRef('h2'), next(record('h2'), { head: { id: 'r5-m7abd', at: 40_000 } })), 'a save whose new head names another revision');
    await refused(setDoc(docRef('h2'), next(record('h2'), { head: { id: 'r1-m7abc', at: 2_000 } })), 'a fold that moves the head’s time');
    await refused(setDoc(docRef('h2'), without(next(record('h2')), 'head')), 'a save without a head');
    await setDoc(docRef('h2'), next(record('h2')));
  });

  it('a version needs its document, is the head the document names, and only one is written per save', async () => {
    const { db, uid, versionRef, save } = await space();
    const rec = record('w1');
    await refused(setDoc(versionRef('w1', 'r1-m7abc'), version(rec)), 'a version of a document that does not exist');
    await save(rec);
    await refused(setDoc(versionRef('w1', 'r1-zzzzz'), version(rec, { id: 'r1-zzzzz' })), 'a version the document does not name as its head');
    // Many versions in one commit: only the head may be among them.
    const batch = writeBatch(db);
    batch.set(versionRef('w1', 'r1-m7abc'), version(rec));
    for (let i = 0; i < 399; i++) batch.set(versionRef('w1', `r1-${i.toString(36)}`), version(rec, { id: `r1-${i.toString(36)}` }));
    await refused(batch.commit(), '400 versions written at once');
    expect((await getDocs(collection(db, 'users', uid, 'documents', 'w1', 'versions'))).docs.map((v) => v.id)).toEqual(['r1-m7abc']);
  });

  it('a version is never rewritten, except the head by the save that folds into it, never without a save', async () => {
    const { db, uid, versionRef, save } = await space();
    const first = record('w2');
    await save(first);
    const second = next(first, { head: { id: 'r2-m7abd', at: 40_000 } });
    await save(second);
    await refused(setDoc(versionRef('w2', 'r1-m7abc'), version(first, { summary: 'Forged' })), 'rewriting an older version');
    await refused(setDoc(versionRef('w2', 'r2-m7abd'), version(second, { json: first.json })), 'rewriting the head with other JSON');
    // The head rewritten without a save: its summary and time alone, in a commit of its own.
    await refused(setDoc(versionRef('w2', 'r2-m7abd'), version(second, { summary: 'Forged', savedAt: '2026-03-01T11:00:00.000Z' })), 'rewriting the head without a save');
    // Folding a save into the head (within 30 s) rewrites it with that save.
    const third = next(second);
    await save(third, version(third, { summary: 'Changed name' }));
    const versions = await getDocs(collection(db, 'users', uid, 'documents', 'w2', 'versions'));
    expect(versions.docs.map((v) => [v.id, v.data().revision])).toEqual([
      ['r1-m7abc', 1],
      ['r2-m7abd', 3],
    ]);
  });

  it('version fields: id, documentId, revision, savedAt, summary, json', async () => {
    const { db, uid, save } = await space();
    const rec = record('w3');
    const bad: [Data, string][] = [
      [{ id: 'r1-other' }, 'a version whose id differs from its path'],
      [{ documentId: 'w4' }, 'a version naming another document'],
      [{ revision: 2 }, 'a version with a revision above the document’s'],
      [{ revision: 0 }, 'a version with a revision below the document’s'],
      [{ revision: '1' }, 'a version whose revision is text'],
      [{ savedAt: 'now' }, 'a version whose savedAt is not a time'],
      [{ savedAt: 1_700_000_000_000 }, 'a version whose savedAt is a number'],
      [{ summary: 'x'.repeat(501) }, 'a 501-character summary'],
      [{ summary: ['Created'] }, 'a summary that is a list'],
      [{ json: JSON.stringify(weaponDoc('w3', { name: 'Other' })) }, 'a version whose json is not the document’s'],
      [{ extra: true }, 'a version with another field'],
    ];
    // Each with its record in one commit, as a save writes them; nothing of a refused commit is kept.
    for (const [over, what] of bad) await refused(save(rec, version(rec, over)), what);
    await refused(save(rec, without(version(rec), 'summary')), 'a version without summary');
    expect((await getDoc(doc(db, 'users', uid, 'documents', 'w3'))).exists()).toBe(false);
    await save(rec);
  });

  it('what the app writes keeps passing: odd ids, nested documents, folds, trash, restore and purge', async () => {
    const { db, uid } = await space();
    let clock = Date.parse('2026-03-01T10:00:00Z');
    const repo = new CloudRepository(db, uid, { now: () => clock });
    const ids = ['gun (1).v2+[a]{b}^$|?*', 'say "hi" \\ back', 'naïve-😀'];
    for (const id of ids) {
      const saved = await repo.save(weaponDoc(id, { tags: ['x'.repeat(100), 'two words'] }), { basedOn: 0 });
      expect(saved.ok, `saving ${id}`).toBe(true);
    }
    const pilot: NucleusDocument = character({ id: 'pilot', cores: [core({ id: 'core-1' })] } as never);
    expect((await repo.save(pilot, { basedOn: 0 })).ok).toBe(true);
    clock += 10_000;
    expect((await repo.save({ ...pilot, name: 'Pilot' } as NucleusDocument, { basedOn: 1 })).ok).toBe(true);
    clock += 40_000;
    expect((await repo.save({ ...pilot, name: 'Pilot II' } as NucleusDocument, { basedOn: 2 })).ok).toBe(true);
    expect((await repo.versions('pilot')).map((v) => v.revision)).toEqual([3, 2]);
    await repo.delete(ids[0]!);
    await repo.restore(ids[0]!);
    expect((await repo.list()).map((d) => d.id).sort()).toEqual([...ids, 'pilot'].sort());
    expect(await repo.deleteAll()).toBe(4);
    expect(await repo.list({ trash: true })).toEqual([]);
  });

  it('the adapter names a field the cloud would refuse, before sending it', async () => {
    const { db, uid } = await space();
    const repo = new CloudRepository(db, uid);
    const cases: [Data, RegExp][] = [
      [{ tags: ['ok', 'y'.repeat(101)] }, /cannot be kept in the cloud: tag 2 \("y+…"\) is longer than 100 characters/],
      [{ tags: Array.from({ length: 101 }, (_, i) => `t${i}`) }, /it has 101 tags \(at most 100\)/],
      [{ tags: ['ok', ''] }, /tag 2 is empty/],
      [{ tags: ['two\nlines'] }, /tag 1 \("two\\nlines"\) holds a line break/],
      [{ name: 'n'.repeat(301) }, /its name has 301 characters \(at most 300\)/],
      [{ updatedAt: 'u'.repeat(41) }, /its updatedAt \("u+…"\) is longer than 40 characters/],
      [{ id: 'tab\there' }, /its id "tab\\there" holds a control character/],
    ];
    for (const [over, sentence] of cases) {
      await expect(repo.save(weaponDoc('a1', over), { basedOn: 0 })).rejects.toThrow(sentence);
    }
    expect(await repo.list()).toEqual([]);
  });
});
