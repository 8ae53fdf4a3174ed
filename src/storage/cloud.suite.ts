/**
 * The cloud test suite, written once and run twice against the real
 * Firestore emulator: from Node (cloud.test.ts, vitest) and in Chromium
 * (tests/e2e/cloud.spec.ts bundles this file and runs it in a page, where
 * the browser SDK talks to the emulator directly). No test runner imports
 * here, so both can load it; a failed check throws.
 */
import { doc, getDoc, getDocs, collection, setDoc, type Firestore } from 'firebase/firestore';
import type { NucleusDocument } from '../rules';
import { unchecked } from '../rules/testing';
import { CloudRepository, MAX_CLOUD_JSON } from './cloud';
import type { ChangeEvent } from './types';

export interface SuiteContext {
  /** A Firestore acting as `uid` (null: signed out), fresh for each call. */
  open(uid: string | null): Promise<Firestore>;
}

export interface SuiteCase {
  name: string;
  run(ctx: SuiteContext): Promise<void>;
}

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** JSON with object keys sorted, so key order does not count. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b))) : v,
  );
}

function equal<T>(actual: T, expected: T, what: string): void {
  const a = canonical(actual);
  const e = canonical(expected);
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`);
}

/** Resolves with the Firestore error code of a refused promise, or throws if it was not refused. */
async function refused(p: Promise<unknown>, what: string): Promise<string> {
  try {
    await p;
  } catch (e) {
    return String((e as { code?: string }).code ?? (e as Error).message);
  }
  throw new Error(`${what} was allowed, but must be refused`);
}

const uid = (who: string) => `${who}-${Math.random().toString(36).slice(2, 10)}`;
const iso = (ms: number) => new Date(ms).toISOString();

export function weaponDoc(id: string, over: Record<string, unknown> = {}): NucleusDocument {
  return unchecked<NucleusDocument>({
    id,
    schemaVersion: 1,
    kind: 'blueprint',
    type: 'weapon',
    name: 'Arc pistol',
    rank: 1,
    properties: { damage: 2, range: 'close', rate: 1, bulk: 1 },
    features: [],
    tags: ['sidearm'],
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...over,
    // `over` may put any field here (tests write wrong ones on purpose), so the result is not checked as a document.
  });
}

/** A raw, well-formed Firestore record, for the rules tests that bypass the adapter. */
function rawRecord(id: string, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    id,
    kind: 'blueprint',
    name: 'Raw',
    tags: [],
    revision: 1,
    createdAt: iso(0),
    updatedAt: iso(0),
    valid: true,
    json: JSON.stringify(weaponDoc(id)),
    head: { id: 'r1-0', at: 0 },
    ...over,
  };
}

export const cloudSuite: SuiteCase[] = [
  {
    name: 'a saved document reads back whole, at revision 1, with one version',
    async run(ctx) {
      const me = uid('alice');
      const r = new CloudRepository(await ctx.open(me), me);
      const doc1 = weaponDoc('w1', { notes: 'keeps unknown fields', futureField: { a: [[1, 2]] } });
      const saved = await r.save(doc1, { basedOn: 0 });
      check(saved.ok, 'the first save must succeed');
      equal(saved.stored.revision, 1, 'revision after the first save');
      const back = await r.get('w1');
      check(back, 'the document must read back');
      equal(back.document, doc1, 'the document read back');
      equal(back.tags, ['sidearm'], 'tags');
      equal((await r.list()).map((d) => d.id), ['w1'], 'the list');
      equal((await r.versions('w1')).length, 1, 'versions after one save');
    },
  },
  {
    name: 'a save based on an older revision is a conflict and never overwrites',
    async run(ctx) {
      const me = uid('alice');
      const r = new CloudRepository(await ctx.open(me), me);
      await r.save(weaponDoc('w2'), { basedOn: 0 });
      const second = await r.save(weaponDoc('w2', { name: 'Arc pistol II' }), { basedOn: 1 });
      check(second.ok && second.stored.revision === 2, 'a save based on the stored revision goes to revision 2');
      const stale = await r.save(weaponDoc('w2', { name: 'Stale edit' }), { basedOn: 1 });
      check(!stale.ok, 'a save based on revision 1 over revision 2 must be a conflict');
      equal(stale.conflict.revision, 2, 'the conflict reports the stored revision');
      equal(stale.conflict.name, 'Arc pistol II', 'the conflict carries the stored document');
      equal((await r.get('w2'))?.name, 'Arc pistol II', 'the stored name after the refused save');
      const fresh = await r.save(weaponDoc('w2', { name: 'Again new' }), { basedOn: 0 });
      check(!fresh.ok, 'a "new document" save over an existing one must be a conflict');
    },
  },
  {
    name: 'two devices saving the same revision at once: one wins, the other gets a conflict',
    async run(ctx) {
      const me = uid('alice');
      const a = new CloudRepository(await ctx.open(me), me);
      const b = new CloudRepository(await ctx.open(me), me);
      await a.save(weaponDoc('w3'), { basedOn: 0 });
      const [ra, rb] = await Promise.all([a.save(weaponDoc('w3', { name: 'From A' }), { basedOn: 1 }), b.save(weaponDoc('w3', { name: 'From B' }), { basedOn: 1 })]);
      equal([ra.ok, rb.ok].filter(Boolean).length, 1, 'number of saves that went through');
      const winner = ra.ok ? 'From A' : 'From B';
      equal((await a.get('w3'))?.name, winner, 'the stored name is the winner’s');
      equal((await a.get('w3'))?.revision, 2, 'revision after one winning save');
    },
  },
  {
    name: 'delete moves to the trash, restore brings it back, purge removes it and its versions',
    async run(ctx) {
      const me = uid('alice');
      const db = await ctx.open(me);
      const r = new CloudRepository(db, me);
      await r.save(weaponDoc('w4'), { basedOn: 0 });
      await r.delete('w4');
      equal((await r.list()).length, 0, 'live documents after delete');
      equal((await r.list({ trash: true })).map((d) => d.id), ['w4'], 'the trash');
      check((await r.get('w4'))?.deletedAt, 'a trashed document carries deletedAt');
      await r.restore('w4');
      equal((await r.list()).map((d) => d.id), ['w4'], 'live documents after restore');
      await r.purge('w4');
      equal(await r.get('w4'), undefined, 'the purged document');
      equal((await getDocs(collection(db, 'users', me, 'documents', 'w4', 'versions'))).size, 0, 'versions left after purge');
    },
  },
  {
    name: 'versions coalesce within 30 s; restoring a version is a new save',
    async run(ctx) {
      const me = uid('alice');
      let clock = Date.parse('2026-03-01T10:00:00Z');
      const r = new CloudRepository(await ctx.open(me), me, { now: () => clock });
      await r.save(weaponDoc('w5', { name: 'One' }), { basedOn: 0 });
      clock += 40_000;
      await r.save(weaponDoc('w5', { name: 'Two' }), { basedOn: 1 });
      clock += 10_000;
      await r.save(weaponDoc('w5', { name: 'Three' }), { basedOn: 2 });
      const versions = await r.versions('w5');
      equal(
        versions.map((v) => v.document.name),
        ['Three', 'One'],
        'versions (the save 10 s after "Two" folds into it)',
      );
      equal(versions[0]!.summary, 'Changed name', 'the newest version’s summary');
      clock += 60_000;
      const restored = await r.restoreVersion('w5', versions[1]!.id);
      check(restored.ok, 'restoring a version must succeed');
      equal(restored.stored.revision, 4, 'restoring is a new save (revision 4)');
      equal((await r.get('w5'))?.name, 'One', 'the name after restoring the first version');
      equal((await r.versions('w5')).length, 3, 'versions after the restore');
    },
  },
  {
    name: 'rules: another user and a signed-out visitor can neither read nor write my documents',
    async run(ctx) {
      const me = uid('alice');
      const mine = new CloudRepository(await ctx.open(me), me);
      await mine.save(weaponDoc('w6'), { basedOn: 0 });
      const mallory = await ctx.open(uid('mallory'));
      const anon = await ctx.open(null);
      for (const [db, who] of [
        [mallory, 'another user'],
        [anon, 'a signed-out visitor'],
      ] as const) {
        const code = await refused(getDoc(doc(db, 'users', me, 'documents', 'w6')), `reading my document as ${who}`);
        equal(code, 'permission-denied', `error code for ${who} reading`);
        await refused(getDocs(collection(db, 'users', me, 'documents')), `listing my documents as ${who}`);
        await refused(getDocs(collection(db, 'users', me, 'documents', 'w6', 'versions')), `listing my versions as ${who}`);
        await refused(setDoc(doc(db, 'users', me, 'documents', 'w7'), rawRecord('w7')), `writing into my documents as ${who}`);
        await refused(new CloudRepository(db, me).save(weaponDoc('w6', { name: 'Hijack' }), { basedOn: 1 }), `saving over my document as ${who}`);
      }
      await refused(getDoc(doc(anon, 'elsewhere', 'x')), 'reading outside users/');
      equal((await mine.get('w6'))?.name, 'Arc pistol', 'my document after the attempts');
    },
  },
  {
    name: 'rules: the shape is checked (kind, id, revision, size)',
    async run(ctx) {
      const me = uid('alice');
      const db = await ctx.open(me);
      const at = (id: string) => doc(db, 'users', me, 'documents', id);
      await setDoc(at('ok1'), rawRecord('ok1'));
      await refused(setDoc(at('k1'), rawRecord('k1', { kind: 'spaceship' })), 'a kind outside the five');
      await refused(setDoc(at('i1'), rawRecord('other-id')), 'an id in the data that differs from the path');
      await refused(setDoc(at('r1'), rawRecord('r1', { revision: 1.5 })), 'a revision that is not a whole number');
      await refused(setDoc(at('r2'), rawRecord('r2', { revision: '1' })), 'a revision that is text');
      await refused(setDoc(at('x1'), rawRecord('x1', { extra: true })), 'an unknown field');
      await refused(setDoc(at('s1'), rawRecord('s1', { json: 'x'.repeat(MAX_CLOUD_JSON + 1) })), 'a document over the size limit');
      await refused(setDoc(at('ok1'), rawRecord('ok1', { revision: 5 })), 'skipping revisions');
      await refused(setDoc(at('ok1'), rawRecord('ok1', { revision: 1, name: 'Same revision, new content' })), 'changing content without a new revision');
      // Revision 2 folds into the newest version (the head stays r1-0).
      await setDoc(at('ok1'), rawRecord('ok1', { revision: 2, name: 'Next' }));
      await refused(setDoc(at('ok1'), rawRecord('ok1', { revision: 1 })), 'going back a revision');
      await refused(setDoc(doc(db, 'users', me, 'documents', 'ok1', 'versions', 'v1'), { id: 'v1', documentId: 'ok2', revision: 1, savedAt: iso(0), summary: '', json: '{}' }), 'a version naming another document');
      let tooBig = false;
      try {
        await new CloudRepository(db, me).save(weaponDoc('big', { notes: 'x'.repeat(MAX_CLOUD_JSON) }), { basedOn: 0 });
      } catch (e) {
        tooBig = /too large to keep in the cloud/.test((e as Error).message);
      }
      check(tooBig, 'the adapter refuses an oversize document with a sentence before sending it');
    },
  },
  {
    name: 'a save on another device is announced as a remote change',
    async run(ctx) {
      const me = uid('alice');
      const here = new CloudRepository(await ctx.open(me), me);
      const there = new CloudRepository(await ctx.open(me), me);
      const events: ChangeEvent[] = [];
      const seen = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('no change event within 10 s')), 10_000);
        here.subscribe((e) => {
          events.push(e);
          if (e.id === 'w8' && e.remote) {
            clearTimeout(timer);
            resolve();
          }
        });
      });
      // The watcher's first snapshot (the existing documents) is not a change: save after it.
      await here.watching();
      await there.save(weaponDoc('w8'), { basedOn: 0 });
      await seen;
      const e = events.find((x) => x.id === 'w8' && x.remote)!;
      equal([e.type, e.kind, e.revision], ['saved', 'blueprint', 1], 'the remote change');
      here.close();
    },
  },
  {
    name: 'usage counts my documents; delete-all empties my cloud and nobody else’s',
    async run(ctx) {
      const me = uid('alice');
      const other = uid('bob');
      const r = new CloudRepository(await ctx.open(me), me);
      const b = new CloudRepository(await ctx.open(other), other);
      await r.save(weaponDoc('u1'), { basedOn: 0 });
      await r.save(weaponDoc('u2'), { basedOn: 0 });
      await b.save(weaponDoc('u1'), { basedOn: 0 });
      const usage = await r.usage();
      equal(usage.documents, 2, 'documents in usage');
      check(usage.bytes > 200, `usage bytes must count the documents (got ${usage.bytes})`);
      equal(await r.deleteAll(), 2, 'documents deleted');
      equal((await r.usage()).documents, 0, 'documents after delete-all');
      equal((await b.list()).length, 1, 'the other user’s documents after my delete-all');
    },
  },
];
