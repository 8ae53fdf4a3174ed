import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { openDB } from 'idb';
import { openLocalRepository, summaryOf, type LocalRepository } from '../../storage/local';
import { createJournal, replayJournals } from '../../storage/journal';
import { webStorage } from '../../storage/testing/webStorage';
import { base, character, core, creature, unchecked, weapon } from '../../rules/testing';
import { loadDocument, type DocumentKind, type NucleusDocument } from '../../rules';
import { editorListing, isUnreadable, unreadableSentence } from './listing';

let n = 0;
const repos: LocalRepository[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.close();
});

const hero = { name: 'Mara', rank: 2, reflex: 3, logic: 2, guard: 2, health: 14, protection: 1, strainCapacity: 6, initiative: 5, attacks: [] };
const encounter = (over: Record<string, unknown> = {}) => unchecked<NucleusDocument>({ ...base, kind: 'encounter', tags: [], creatures: [], party: [], ...over });

/**
 * Per kind: a good document maker, and a record of that kind an older Nucleus
 * could have stored (no schemaVersion) that fails the schema at `field`.
 */
const kinds: { kind: DocumentKind; noun: string; make: (over: Record<string, unknown>) => NucleusDocument; bad: Record<string, unknown>; field: string }[] = [
  { kind: 'blueprint', noun: 'blueprint', make: (o) => weapon(o as never), bad: { rank: 1.5 }, field: 'rank' },
  { kind: 'character', noun: 'character', make: (o) => character(o as never), bad: { xp: 'lots' }, field: 'xp' },
  { kind: 'core', noun: 'core', make: (o) => core(o as never), bad: { tier: 2.5 }, field: 'tier' },
  { kind: 'creature', noun: 'creature', make: (o) => creature(o as never), bad: { threatRank: 'high' }, field: 'threatRank' },
  {
    kind: 'encounter',
    noun: 'encounter',
    make: encounter,
    // The reviewers' case: a quick entry's 20-digit health.
    bad: { party: [{ id: 'h0', source: { kind: 'quick' }, snapshot: { ...hero, health: 99999999999999999999 } }] },
    field: 'party.0.snapshot.health',
  },
];

/** The schema's sentence for a document (what the list must show of it). */
function schemaSentence(doc: unknown): string {
  try {
    loadDocument(doc);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('the planted document is readable');
}

/** A record written straight into IndexedDB, as an older Nucleus or a damaged store leaves one. */
async function plant(dbName: string, document: Record<string, unknown>) {
  const at = '2026-10-01T10:00:00.000Z';
  const record = unchecked<Parameters<typeof summaryOf>[0]>({ id: document.id, kind: document.kind, name: document.name, tags: [], revision: 1, createdAt: at, updatedAt: at, valid: true, document });
  const db = await openDB(dbName);
  await db.put('documents', record);
  await db.put('summaries', summaryOf(record));
  db.close();
}

describe('one bad document never hides the others (editor lists, journal J7)', () => {
  for (const { kind, noun, make, bad, field } of kinds) {
    it(`${kind}: a stored record and a journal entry that fail the schema are listed with their sentences beside every other ${noun}`, async () => {
      const dbName = `listing-${kind}-${++n}`;
      const first = await openLocalRepository({ dbName, channel: null });
      for (const [id, name] of [['good-1', 'First'], ['good-2', 'Second'], ['edited', 'Before the reload']]) {
        const saved = await first.save(make({ id, name }), { basedOn: 0 });
        expect(saved.ok).toBe(true);
      }
      first.close();
      // An older Nucleus's record (no schemaVersion) that fails the schema.
      const { schemaVersion: _v, ...old } = { ...make({ id: 'old', name: 'Old one' }), ...bad } as Record<string, unknown>;
      await plant(dbName, old);
      const r = await openLocalRepository({ dbName, channel: null });
      repos.push(r);

      // Two closed pages' journal entries: good edits to one document, and edits that fail the schema.
      const storage = webStorage();
      const good = { documentId: 'edited', basedOn: 1, editedAt: 1, document: make({ id: 'edited', name: 'Typed before the reload' }) };
      const broken = { documentId: 'good-1', basedOn: 1, editedAt: 2, document: { ...make({ id: 'good-1', name: 'First' }), ...bad } as NucleusDocument };
      expect(createJournal(storage, 'closed-a').write(good)).toBe(true);
      expect(createJournal(storage, 'closed-b').write(broken)).toBe(true);
      const journal = createJournal(storage, 'list');

      // The replay goes on past the bad entry (before: it threw, and the list was an error).
      const outcomes = await replayJournals(r, { journal, isGone: async () => true });
      expect(outcomes.map((o) => o.kind).sort()).toEqual(['kept', 'restored']);

      const { documents, keptEdits } = await editorListing(r, kind, journal);
      expect(documents.map((d) => d.name).sort()).toEqual(['First', 'Old one', 'Second', 'Typed before the reload']);
      const unreadable = documents.filter(isUnreadable);
      expect(unreadable.map((d) => d.id)).toEqual(['old']);
      expect(unreadable[0]!.problem).toBe(schemaSentence(old));
      expect(unreadable[0]!.problem).toContain(`${field}:`);
      expect(unreadableSentence(unreadable[0]!.problem, noun)).toBe(`Nucleus cannot read this ${noun} as it is stored: ${schemaSentence(old)}. Export it to keep a copy.`);
      // The good document the bad entry was meant for is as it was stored; the bad edits are kept apart, with their sentence.
      expect((await r.get('good-1'))?.revision).toBe(1);
      expect(keptEdits).toHaveLength(1);
      expect(keptEdits[0]).toMatchObject({ documentId: 'good-1', pageId: 'closed-b' });
      expect(keptEdits[0]!.problem).toBe(`These edits could not be saved: ${schemaSentence(broken.document)}.`);
      expect(keptEdits[0]!.problem).toContain(`${field}:`);
      // Nothing of the bad entry was dropped: it is still in the journal, whole, for Export.
      expect(journal.others().find((e) => e.pageId === 'closed-b')?.document).toEqual(JSON.parse(JSON.stringify(broken.document)));
      // Another kind's list does not show this kind's bad edits.
      expect((await editorListing(r, kind === 'core' ? 'blueprint' : 'core', journal)).keptEdits).toEqual([]);
    });
  }
});
