import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openDB } from 'idb';
import { openLocalRepository, BatchConflictError, type LocalRepository } from './local';
import { COALESCE_MS, KEEP_RECENT } from './versions';
import { TRASH_DAYS, type ChangeEvent } from './types';
import { weapon, character, core, unchecked } from '../rules/testing';
import type { NucleusDocument } from '../rules';

const DAY = 86_400_000;
let n = 0;
const open: LocalRepository[] = [];

/** A repository on its own database with a clock the test moves. */
async function repo(options: { channel?: string | null; dbName?: string; persist?: () => Promise<boolean> } = {}) {
  const clock = { t: Date.UTC(2026, 10, 1, 12) };
  const r = await openLocalRepository({ dbName: options.dbName ?? `test-${++n}`, channel: options.channel ?? null, now: () => clock.t, persist: options.persist });
  open.push(r);
  return { r, clock };
}

afterEach(() => {
  for (const r of open.splice(0)) r.close();
});

const doc = (over: Record<string, unknown> = {}) => weapon({ id: 'w1', name: 'Longarm', ...over } as never) as NucleusDocument;

describe('local repository', () => {
  it('R1 saves, reads back and counts revisions', async () => {
    const { r } = await repo();
    const first = await r.save(doc(), { basedOn: 0 });
    expect(first.ok && first.stored.revision).toBe(1);
    const second = await r.save(doc({ name: 'Longarm II' }), { basedOn: 1 });
    expect(second.ok && second.stored.revision).toBe(2);
    const got = await r.get('w1');
    expect(got?.name).toBe('Longarm II');
    expect(got?.kind).toBe('blueprint');
    expect(got?.document.name).toBe('Longarm II');
  });

  it('R2 a save based on an older revision is a conflict and writes nothing', async () => {
    const { r } = await repo();
    await r.save(doc(), { basedOn: 0 });
    await r.save(doc({ name: 'Tab A' }), { basedOn: 1 });
    const stale = await r.save(doc({ name: 'Tab B' }), { basedOn: 1 });
    expect(stale.ok).toBe(false);
    if (!stale.ok) expect(stale.conflict.name).toBe('Tab A');
    expect((await r.get('w1'))?.name).toBe('Tab A');
    expect((await r.get('w1'))?.revision).toBe(2);
  });

  it('M1 migrates an old schema version on save and keeps unknown fields', async () => {
    const { r } = await repo();
    // An old document (no schema version, no tags) with a field no schema knows: not a NucleusDocument, on purpose.
    const old = unchecked<NucleusDocument>({ ...doc(), schemaVersion: undefined, tags: undefined, houseRules: { colour: 'teal' } });
    delete (old as Record<string, unknown>).schemaVersion;
    const saved = await r.save(old, { basedOn: 0 });
    expect(saved.ok).toBe(true);
    const got = (await r.get('w1'))!;
    expect(got.document.schemaVersion).toBe(1);
    expect(got.tags).toEqual([]);
    expect((got.document as Record<string, unknown>).houseRules).toEqual({ colour: 'teal' });
  });

  it('refuses a document whose shape is wrong, naming the field', async () => {
    const { r } = await repo();
    // A frame that is not a number, on purpose: the repository must refuse it.
    const bad = unchecked<NucleusDocument>({ ...character({ id: 'c1' }), attributes: { frame: 'lots', reflex: 1, logic: 1, nerve: 1, sync: 1 } });
    await expect(r.save(bad, { basedOn: 0 })).rejects.toThrow(/attributes\.frame: expected a whole number/);
    expect(await r.get('c1')).toBeUndefined();
  });

  it('marks validity from the rules, and takes the editor’s word when given', async () => {
    const { r } = await repo();
    const over = character({ id: 'c1', attributes: { frame: 9, reflex: 1, logic: 1, nerve: 1, sync: 1 } } as never) as NucleusDocument;
    const a = await r.save(over, { basedOn: 0 });
    expect(a.ok && a.stored.valid).toBe(false);
    const b = await r.save(over, { basedOn: 1, valid: true });
    expect(b.ok && b.stored.valid).toBe(true);
  });

  it('lists by kind, text and tags, sorted by name or last change', async () => {
    const { r, clock } = await repo();
    await r.save(doc({ id: 'a', name: 'Zephyr rifle', tags: ['gun', 'heavy'] }), { basedOn: 0 });
    clock.t += 1000;
    await r.save(doc({ id: 'b', name: 'alpha pistol', tags: ['gun'] }), { basedOn: 0 });
    clock.t += 1000;
    await r.save(core({ id: 'c', name: 'Shove core' }) as NucleusDocument, { basedOn: 0 });
    expect((await r.list()).map((d) => d.id)).toEqual(['c', 'b', 'a']);
    expect((await r.list({ sort: 'name' })).map((d) => d.id)).toEqual(['b', 'c', 'a']);
    expect((await r.list({ kind: 'blueprint' })).map((d) => d.id)).toEqual(['b', 'a']);
    expect((await r.list({ text: 'RIFLE' })).map((d) => d.id)).toEqual(['a']);
    expect((await r.list({ tags: ['gun', 'heavy'] })).map((d) => d.id)).toEqual(['a']);
    expect((await r.list({ kind: 'core', tags: ['gun'] })).map((d) => d.id)).toEqual([]);
  });

  it('V1 coalesces saves within 30 s into one version, and starts a new one after', async () => {
    const { r, clock } = await repo();
    await r.save(doc(), { basedOn: 0 });
    clock.t += 5000;
    await r.save(doc({ name: 'B' }), { basedOn: 1 });
    clock.t += 5000;
    await r.save(doc({ name: 'C' }), { basedOn: 2 });
    let versions = await r.versions('w1');
    expect(versions).toHaveLength(1);
    expect(versions[0]!.document.name).toBe('C');
    expect(versions[0]!.revision).toBe(3);
    expect(versions[0]!.summary).toBe('Created');
    clock.t += COALESCE_MS;
    await r.save(doc({ name: 'D', rank: 2 }), { basedOn: 3 });
    versions = await r.versions('w1');
    expect(versions.map((v) => v.document.name)).toEqual(['D', 'C']);
    expect(versions[0]!.summary).toBe('Changed name, rank');
  });

  it('V2 prunes to the newest 50 and one per day before them', async () => {
    const { r, clock } = await repo();
    let rev = 0;
    for (let day = 0; day < 3; day++) {
      for (let i = 0; i < 3; i++) {
        await r.save(doc({ name: `d${day}-${i}` }), { basedOn: rev++ });
        clock.t += 60_000;
      }
      clock.t += DAY;
    }
    for (let i = 0; i < KEEP_RECENT; i++) {
      await r.save(doc({ name: `recent ${i}` }), { basedOn: rev++ });
      clock.t += 60_000;
    }
    const versions = await r.versions('w1');
    expect(versions).toHaveLength(KEEP_RECENT + 3);
    expect(versions.slice(KEEP_RECENT).map((v) => v.document.name)).toEqual(['d2-2', 'd1-2', 'd0-2']);
  });

  it('restoring a version is a new save, so it can be undone', async () => {
    const { r, clock } = await repo();
    await r.save(doc({ name: 'First' }), { basedOn: 0 });
    clock.t += COALESCE_MS;
    await r.save(doc({ name: 'Second' }), { basedOn: 1 });
    const [, first] = await r.versions('w1');
    const restored = await r.restoreVersion('w1', first!.id);
    expect(restored.ok && restored.stored.revision).toBe(3);
    expect((await r.get('w1'))?.name).toBe('First');
    // Within the coalescing window, and still the replaced content is in the history.
    expect((await r.versions('w1')).map((v) => v.document.name)).toEqual(['First', 'Second', 'First']);
  });

  it('trash: delete hides, restore brings back, purge removes with versions', async () => {
    const { r } = await repo();
    await r.save(doc(), { basedOn: 0 });
    await r.delete('w1');
    expect(await r.list()).toEqual([]);
    expect((await r.list({ trash: true })).map((d) => d.id)).toEqual(['w1']);
    await r.restore('w1');
    expect((await r.list()).map((d) => d.id)).toEqual(['w1']);
    await r.purge('w1');
    expect(await r.get('w1')).toBeUndefined();
    expect(await r.versions('w1')).toEqual([]);
  });

  it(`purges documents in the trash for more than ${TRASH_DAYS} days when it opens`, async () => {
    const { r, clock } = await repo({ dbName: 'trash-expiry' });
    await r.save(doc({ id: 'old' }), { basedOn: 0 });
    await r.save(doc({ id: 'recent' }), { basedOn: 0 });
    await r.delete('old');
    clock.t += 10 * DAY;
    await r.delete('recent');
    r.close();
    const later = await openLocalRepository({ dbName: 'trash-expiry', channel: null, now: () => clock.t + (TRASH_DAYS - 5) * DAY });
    open.push(later);
    expect((await later.list({ trash: true })).map((d) => d.id)).toEqual(['recent']);
    expect(await later.versions('old')).toEqual([]);
  });

  it('asks for persistent storage once, on the first save', async () => {
    let asked = 0;
    let heard!: () => void;
    const firstAsk = new Promise<void>((res) => (heard = res));
    const { r } = await repo({ persist: async () => (asked++, heard(), true) });
    await r.save(doc(), { basedOn: 0 });
    await r.save(doc(), { basedOn: 1 });
    // The request runs behind the save (the save does not wait for it): await it, then one more save's round trip.
    await firstAsk;
    await r.save(doc(), { basedOn: 2 });
    expect(asked).toBe(1);
  });

  it('saveMany writes all or nothing', async () => {
    const { r } = await repo();
    await r.save(doc({ id: 'x' }), { basedOn: 0 });
    await r.save(doc({ id: 'x', name: 'moved on' }), { basedOn: 1 });
    await expect(
      r.saveMany([
        { document: doc({ id: 'y' }), options: { basedOn: 0 } },
        { document: doc({ id: 'x' }), options: { basedOn: 1 } },
      ]),
    ).rejects.toBeInstanceOf(BatchConflictError);
    expect(await r.get('y')).toBeUndefined();
  });

  it('reports usage', async () => {
    const { r } = await repo();
    expect(await r.usage()).toMatchObject({ documents: 0, bytes: 0 });
    await r.save(doc(), { basedOn: 0 });
    const u = await r.usage();
    expect(u.documents).toBe(1);
    expect(u.bytes).toBeGreaterThan(200);
  });

  it('announces changes here, and to other tabs as remote', async () => {
    const channel = `tabs-${++n}`;
    const { r: a } = await repo({ channel, dbName: 'shared-tabs' });
    const { r: b } = await repo({ channel, dbName: 'shared-tabs' });
    const seenA: ChangeEvent[] = [];
    const seenB: ChangeEvent[] = [];
    a.subscribe((e) => seenA.push(e));
    b.subscribe((e) => seenB.push(e));
    await a.save(doc(), { basedOn: 0 });
    await a.delete('w1');
    await vi.waitFor(() => expect(seenB).toHaveLength(2), { timeout: 5000 });
    expect(seenA).toEqual([
      { type: 'saved', id: 'w1', kind: 'blueprint', revision: 1, remote: false },
      { type: 'deleted', id: 'w1', kind: 'blueprint', revision: 1, remote: false },
    ]);
    expect(seenB.map((e) => [e.type, e.remote])).toEqual([
      ['saved', true],
      ['deleted', true],
    ]);
    expect((await b.get('w1'))?.deletedAt).toBeTruthy();
  });

  it('a tab’s list sees other tabs’ saves, deletes and purges', async () => {
    const channel = `tabs-${++n}`;
    const { r: a } = await repo({ channel, dbName: 'shared-list' });
    const { r: b } = await repo({ channel, dbName: 'shared-list' });
    expect(await b.list()).toEqual([]);
    const heard: string[] = [];
    b.subscribe((e) => heard.push(e.type));
    await a.save(doc({ id: 'x', name: 'From A' }), { basedOn: 0 });
    await vi.waitFor(() => expect(heard).toEqual(['saved']), { timeout: 5000 });
    expect((await b.list()).map((d) => d.name)).toEqual(['From A']);
    await a.delete('x');
    await vi.waitFor(() => expect(heard).toHaveLength(2), { timeout: 5000 });
    expect(await b.list()).toEqual([]);
    expect((await b.list({ trash: true })).map((d) => d.id)).toEqual(['x']);
    await a.purge('x');
    await vi.waitFor(() => expect(heard).toHaveLength(3), { timeout: 5000 });
    expect(await b.list({ trash: true })).toEqual([]);
  });

  it('summaries list what list lists, without the content, through save, delete, restore and purge', async () => {
    const channel = `sum-${++n}`;
    const { r: a } = await repo({ channel, dbName: 'summaries-tabs' });
    const { r: b } = await repo({ channel, dbName: 'summaries-tabs' });
    const strip = ({ document: _d, ...rest }: { document: unknown }) => rest;
    const same = async (r: LocalRepository, trash = false) => {
      const full = await r.list({ trash, sort: 'name' });
      const light = await r.summaries({ trash, sort: 'name' });
      expect(light.map(({ bytes: _b, carries: _c, ...rest }) => rest)).toEqual(full.map(strip));
      expect(light.every((s) => !('document' in s))).toBe(true);
    };
    expect(await b.summaries()).toEqual([]);
    await a.save(weapon({ id: 'w-1', name: 'Longarm', tags: ['gun'] } as never) as NucleusDocument, { basedOn: 0 });
    const vex = character({ id: 'c-1', name: 'Vex', gear: [{ ...weapon({ id: 'g-1', name: 'Vex’s longarm' } as never), originId: 'w-1' }] } as never) as NucleusDocument;
    await a.save(vex, { basedOn: 0 });
    await a.save(core({ id: 'k-1', name: 'Shove' } as never) as NucleusDocument, { basedOn: 0 });
    await same(a);
    const vexSummary = (await a.summaries({ kind: 'character' }))[0]!;
    expect(vexSummary.carries).toEqual([{ originId: 'w-1', slot: 'gear', name: 'Vex’s longarm' }]);
    expect((await a.summaries({ tags: ['gun'] })).map((d) => d.id)).toEqual(['w-1']);
    await a.delete('k-1');
    await vi.waitFor(async () => expect((await b.summaries({ trash: true })).map((d) => d.id)).toEqual(['k-1']), { timeout: 5000 });
    await same(a);
    await same(a, true);
    await same(b);
    await a.restore('k-1');
    await a.purge('w-1');
    await vi.waitFor(async () => expect((await b.summaries()).map((d) => d.id).sort()).toEqual(['c-1', 'k-1']), { timeout: 5000 });
    await same(b);
    // Usage adds up the summaries: the documents and their versions.
    const usage = await a.usage();
    expect(usage.documents).toBe(2);
    expect(usage.bytes).toBe((await a.summaries()).reduce((n, s) => n + s.bytes!, 0));
    expect(usage.bytes).toBeGreaterThan(JSON.stringify(await a.list()).length);
  });

  it('opening a database of the first version builds the summaries and keeps every document and version', async () => {
    const dbName = `v1-${++n}`;
    const old = await openDB(dbName, 1, {
      upgrade(db) {
        db.createObjectStore('documents', { keyPath: 'id' });
        db.createObjectStore('versions', { keyPath: ['documentId', 'id'] }).createIndex('documentId', 'documentId');
        db.createObjectStore('meta');
      },
    });
    const at = '2026-10-01T10:00:00.000Z';
    const records = [
      { id: 'w-1', kind: 'blueprint', name: 'Longarm', tags: ['gun'], revision: 3, createdAt: at, updatedAt: at, valid: true, document: weapon({ id: 'w-1', name: 'Longarm', tags: ['gun'] } as never) },
      { id: 'k-1', kind: 'core', name: 'Shove', tags: [], revision: 1, createdAt: at, updatedAt: at, deletedAt: new Date().toISOString(), valid: false, document: core({ id: 'k-1', name: 'Shove' } as never) },
    ];
    for (const r of records) await old.put('documents', r);
    await old.put('versions', { id: 'r3', documentId: 'w-1', revision: 3, savedAt: at, startedAt: Date.parse(at), summary: 'Changed name', document: records[0]!.document });
    old.close();

    const { r } = await repo({ dbName });
    expect((await r.summaries()).map((s) => [s.id, s.name, s.revision, s.valid, s.tags])).toEqual([['w-1', 'Longarm', 3, true, ['gun']]]);
    expect((await r.summaries({ trash: true })).map((s) => s.id)).toEqual(['k-1']);
    expect((await r.get('w-1'))?.document).toEqual(records[0]!.document);
    expect((await r.versions('w-1')).map((v) => v.id)).toEqual(['r3']);
    const u = await r.usage();
    expect(u.documents).toBe(2);
    expect(u.bytes).toBeGreaterThan(JSON.stringify(records).length);
  });

  it('lists asked for together share one read; a list asked for after a write sees it', async () => {
    const { r } = await repo({ channel: `shared-read-${++n}` });
    await r.save(doc(), { basedOn: 0 });
    const [live, trash] = await Promise.all([r.summaries(), r.summaries({ trash: true })]);
    expect([live.length, trash.length]).toEqual([1, 0]);
    const { r: fresh } = await repo({ channel: `shared-read-${++n}` });
    const before = fresh.summaries();
    const writing = fresh.save(doc({ id: 'w2', name: 'Second' }), { basedOn: 0 });
    await writing;
    const after = await fresh.summaries();
    expect(after.map((d) => d.id).sort()).toEqual(['w2']);
    expect((await before).length).toBeLessThanOrEqual(1);
    expect((await fresh.summaries()).map((d) => d.id)).toEqual(['w2']);
  });
});
