/**
 * The in-browser half of `bench:documents`: bundled by esbuild and run in
 * Chromium on the built site's origin, so the repository works on real
 * IndexedDB (the same database the /nucleus library reads).
 */
import { applyListQuery, exportLibrary, openLocalRepository } from '../../src/storage';
import type { NucleusDocument } from '../../src/rules';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
};
const p95 = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))]!;
};

async function run(saves: number, rounds: number) {
  const repo = await openLocalRepository();
  const out: Record<string, number> = {};

  // The library's first list after opening: the summaries store (no content), then the same filter.
  let t = performance.now();
  const firstSummaries = await repo.summaries();
  out.summariesColdMs = performance.now() - t;
  t = performance.now();
  applyListQuery(firstSummaries, { kind: 'blueprint', tags: ['heavy'], text: '1', sort: 'name' });
  out.summariesColdAndFilterMs = performance.now() - t + out.summariesColdMs;
  const warm: number[] = [];
  for (let i = 0; i < rounds; i++) {
    t = performance.now();
    applyListQuery(await repo.summaries(), { kind: 'blueprint', tags: ['heavy'], text: '1', sort: 'name' });
    warm.push(performance.now() - t);
  }
  out.summariesAndFilterMedianMs = median(warm);
  t = performance.now();
  await repo.usage();
  out.usageMs = performance.now() - t;

  // List (the whole library from IndexedDB) and filter (kind + tag + text), as the library does.
  const list: number[] = [];
  const filter: number[] = [];
  let count = 0;
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    const all = await repo.list();
    const t1 = performance.now();
    count = applyListQuery(all, { kind: 'blueprint', tags: ['heavy'], text: '1', sort: 'name' }).length;
    const t2 = performance.now();
    list.push(t1 - t0);
    filter.push(t2 - t1);
  }
  out.documents = (await repo.list()).length;
  out.filtered = count;
  // The first list reads every record from IndexedDB; later ones are served from the repository's memory.
  out.listColdMs = list[0]!;
  out.listMedianMs = median(list);
  out.listP95Ms = p95(list);
  out.filterMedianMs = median(filter);
  out.listAndFilterMedianMs = median(list.map((l, i) => l + filter[i]!));

  // Saves of one document, each based on the last (autosave's pattern), with 1,000 others stored.
  const first = (await repo.list({ kind: 'character' }))[0]!;
  let revision = first.revision;
  const times: number[] = [];
  for (let i = 0; i < saves; i++) {
    const doc = { ...first.document, notes: `edit ${i}` } as NucleusDocument;
    const t = performance.now();
    const r = await repo.save(doc, { basedOn: revision });
    times.push(performance.now() - t);
    if (!r.ok) throw new Error('bench: unexpected conflict');
    revision = r.stored.revision;
  }
  out.saveMedianMs = median(times);
  out.saveP95Ms = p95(times);

  // Library export: read everything and write the file's text.
  const exports: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    const text = exportLibrary((await repo.list()).map((d) => d.document)).text;
    exports.push(performance.now() - t);
    out.exportBytes = text.length;
  }
  out.exportMedianMs = median(exports);
  repo.close();
  return out;
}

(globalThis as unknown as { __benchDocuments: typeof run }).__benchDocuments = run;
