/**
 * The incremental build gives exactly what a clean build gives, and two full
 * builds of the same content are identical. Real builds (`npm run build`, as
 * CI runs it: scripts/build.ts) run on a small generated corpus, each with
 * its own output folder and cache folder, under the sub-path /guide/ (the
 * issue's "done when": a writer's change is checked by check:content,
 * rebuilt from the cache, and the new build tells a reader of that page that
 * it changed). A one-page text change takes the content-only path (no
 * `astro build`); a title change, which every sidebar shows, and a saved
 * bundle that no longer renders like the full build fall back to
 * `astro build`, and still give what a clean build gives.
 *
 * Four full builds (each about half a minute of two cores): the first, the
 * two fallbacks, and one clean build without a cache as the reference that
 * the fallback and a content-only rebuild of the same content must equal
 * byte for byte; the content-only rebuilds (a few seconds each) take the
 * content from one to the next.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { holdSiteBuildTests } from './lib/buildTestLock';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { writeCorpus } from './corpus';
import { scratchDir } from '../src/content/testing';
import { readResult } from '../src/build/result';

const work = scratchDir('nucleus-incremental-');
const content = join(work, 'content');
const PAGE = '1.section-1/1.folder-1/2.page-2.md';
const OTHER = '1.section-1/1.folder-1/3.page-3.md';
/** The files that carry the build time (everything else is reproducible). */
const TIMED = ['builds/latest.json', `builds/meta/`];
const BASE = '/guide/';

function build(name: string, cache: string, env: Record<string, string> = {}): { out: string; log: string } {
  const out = join(work, name);
  // vitest sets NODE_ENV=test; a build runs as production.
  // vitest also puts Vite's import.meta.env into process.env, and Astro would
  // take BASE_URL=/ from there over the configured base.
  const { NODE_ENV: _, VITEST: __, BASE_URL: ___, MODE: ____, DEV: _____, PROD: ______, SSR: _______, ...inherited } = process.env;
  const r = spawnSync('npm', ['run', '--silent', 'build', '--', '--outDir', out], {
    env: { ...inherited, ASTRO_TELEMETRY_DISABLED: '1', NUCLEUS_BASE: BASE, NUCLEUS_CONTENT_DIR: content, NUCLEUS_CACHE_DIR: join(work, cache), ...env },
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.status !== 0) throw new Error(`build ${name} failed:\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`);
  return { out, log: r.stdout };
}

function files(dir: string, root = dir, list: string[] = []): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) files(p, root, list);
    else list.push(relative(root, p));
  }
  return list;
}

/** Files that differ (or exist on one side only) between two output folders. */
function differences(a: string, b: string): string[] {
  const fa = files(a);
  const fb = files(b);
  const out = [...fa.filter((f) => !fb.includes(f)), ...fb.filter((f) => !fa.includes(f))];
  for (const f of fa) if (fb.includes(f) && !readFileSync(join(a, f)).equals(readFileSync(join(b, f)))) out.push(f);
  return out.sort();
}

/** The build printed its result as JSON lines (src/build/result.ts). */
const contentOnly = (log: string) => readResult(log).build === 'content-only' && readResult(log).rendered === 1;
const fellBack = (log: string) => readResult(log).fallback;
/** Changes the text of a page the way a writer would. */
const edit = (page: string, from: string, to: string) => {
  const file = join(content, page);
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${page} has no ${JSON.stringify(from)}`);
  writeFileSync(file, text.replace(from, to));
};
/** The snapshot the last full build saved in a cache folder (src/build/snapshot.ts). */
const snapshotOf = (cache: string) => {
  const root = join(work, cache);
  const version = readdirSync(root).find((d) => d.startsWith('v-'))!;
  return join(root, version, 'patch');
};
const reusedOf = (log: string) => [readResult(log).reused, readResult(log).pages];
const renamedOf = (log: string) => readResult(log).answersRenamed;
const copiedOf = (log: string) => readResult(log).copied;
const latest = (out: string) => JSON.parse(readFileSync(join(out, 'builds/latest.json'), 'utf8')) as { id: string; timestamp: number };
const meta = (out: string) => JSON.parse(readFileSync(join(out, `builds/meta/${latest(out).id}.json`), 'utf8')) as { pages: Record<string, string> };

describe('incremental and reproducible builds', () => {
  let clean1: { out: string; log: string };
  let retitled: { out: string; log: string };
  let incremental: { out: string; log: string };
  let check: { status: number | null; stdout: string; stderr: string };
  let again: { out: string; log: string };
  let guarded: { out: string; log: string };
  let reference: { out: string; log: string };
  let afterFull: { out: string; log: string };
  let back: { out: string; log: string };

  let release: (() => Promise<void>) | undefined;
  afterAll(() => release?.());

  beforeAll(async () => {
    release = await holdSiteBuildTests();
    writeCorpus(content, 24);
    clean1 = build('clean1', 'cache-a');
    // A new title shows in every page's sidebar: no content-only rebuild.
    edit(PAGE, 'title: ', 'title: Revised ');
    retitled = build('retitled', 'cache-a');
    // A writer changes the text of one page.
    edit(PAGE, '## Overview\n\n', '## Overview\n\nThe reactor hums a new note today.\n\n');
    // The workflow's first step on a push (npm run check:content).
    const { NODE_ENV: _, VITEST: __, ...inherited } = process.env;
    check = spawnSync('npm', ['run', '--silent', 'check:content'], { env: { ...inherited, NUCLEUS_CONTENT_DIR: content }, encoding: 'utf8' });
    // Rebuilt over the last build's output, as a writer's dist/ would be (a
    // stray file there must go, in the answers' folders, which the answer
    // writer empties, and among the search files too).
    cpSync(retitled.out, join(work, 'incremental'), { recursive: true });
    writeFileSync(join(work, 'incremental', 'stray.html'), 'left over');
    writeFileSync(join(work, 'incremental', 'api/content/query/stray.json'), 'left over');
    mkdirSync(join(work, 'incremental', 'search/stray'), { recursive: true });
    writeFileSync(join(work, 'incremental', 'search/stray/pages-99.json'), 'left over');
    incremental = build('incremental', 'cache-a');
    // A second change, rebuilt in the same folder: the pages already there
    // stay, but one that was changed by hand since is put back.
    // (The first rebuild's output is kept aside for the checks below.)
    const kept = join(work, 'incremental-first');
    cpSync(incremental.out, kept, { recursive: true });
    writeFileSync(join(incremental.out, 'section-1/folder-1/page-5/index.html'), 'changed by hand');
    edit(PAGE, 'hums a new note', 'sings a new note');
    again = build('incremental', 'cache-a');
    incremental = { ...incremental, out: kept };
    // The saved bundle no longer renders pages as the full build did (here:
    // its stylesheets are lost): the unchanged page it is checked on differs.
    const route = join(snapshotOf('cache-a'), 'route.json');
    writeFileSync(route, JSON.stringify({ ...JSON.parse(readFileSync(route, 'utf8')), styles: [] }));
    edit(OTHER, '## Overview\n\n', '## Overview\n\nThe airlock sticks on cold mornings.\n\n');
    guarded = build('guarded', 'cache-a');
    // A clean build without any cache of the same content: the reference for
    // the fallback and for the content-only rebuild back to this content, and
    // the second of two full builds that must be identical.
    reference = build('reference', 'cache-d', { NUCLEUS_BUILD_CACHE: '0' });
    // Right after that full build, another change rebuilt in its folder…
    // (each output kept aside for the checks below)
    cpSync(guarded.out, join(work, 'guarded-kept'), { recursive: true });
    guarded = { ...guarded, out: join(work, 'guarded-kept') };
    edit(OTHER, 'The airlock sticks on cold mornings.', 'The hatch seal was replaced.');
    afterFull = build('guarded', 'cache-a');
    cpSync(afterFull.out, join(work, 'after-full'), { recursive: true });
    afterFull = { ...afterFull, out: join(work, 'after-full') };
    // …and changed back, rebuilt in the same folder again: the content the reference was built from.
    edit(OTHER, 'The hatch seal was replaced.', 'The airlock sticks on cold mornings.');
    back = build('guarded', 'cache-a');
  }, 2_400_000); // four full builds and four content-only ones; on a crowded 2-core machine each full one can take minutes

  it('renders only the changed page again, without astro build', () => {
    expect(reusedOf(clean1.log)).toEqual([0, 24]);
    expect(contentOnly(incremental.log)).toBe(true);
    expect(fellBack(incremental.log)).toBeUndefined();
    expect(reusedOf(incremental.log)).toEqual([23, 24]);
    const html = readFileSync(join(incremental.out, 'section-1/folder-1/page-2/index.html'), 'utf8');
    expect(html).toContain('The reactor hums a new note today.');
    // What a full build would not write is gone (the stray files put in before).
    expect(differences(retitled.out, incremental.out).filter((f) => f.includes('stray'))).toEqual([]);
  });

  it('leaves the HTML of every other page as it was, so hosts and caches keep it', () => {
    const html = differences(retitled.out, incremental.out).filter((f) => f.endsWith('.html'));
    expect(html).toEqual(['section-1/folder-1/page-2/index.html']);
    // The build id and integrity are in one file every page loads.
    const current = readFileSync(join(incremental.out, 'builds/current.js'), 'utf8');
    expect(current).toContain(latest(incremental.out).id);
    expect(readFileSync(join(incremental.out, 'section-1/folder-1/page-3/index.html'), 'utf8')).toContain('src="/guide/builds/current.js"');
  });

  it('writes only what changed when it rebuilds in the same folder, and puts back a page changed by hand', () => {
    expect(contentOnly(again.log)).toBe(true);
    // page-5 was changed by hand; the other 22 unchanged pages were already there.
    expect(copiedOf(again.log)).toBe(1);
    // The API answers that say what they said are renamed to the new integrity, not written again.
    expect(renamedOf(again.log)).toBeGreaterThan(40);
    expect(readFileSync(join(again.out, 'section-1/folder-1/page-2/index.html'), 'utf8')).toContain('sings a new note');
    for (const page of ['page-4', 'page-5']) {
      const file = `section-1/folder-1/${page}/index.html`;
      expect(readFileSync(join(again.out, file), 'utf8')).toBe(readFileSync(join(incremental.out, file), 'utf8'));
    }
  });

  it('after a full build, a content-only rebuild in the same folder finds every unchanged page in place', () => {
    expect(contentOnly(afterFull.log)).toBe(true);
    expect(copiedOf(afterFull.log)).toBe(0);
    expect(readFileSync(join(afterFull.out, 'section-1/folder-1/page-3/index.html'), 'utf8')).toContain('The hatch seal was replaced.');
  });

  it('checks the changed content before building', () => {
    expect(check.status, check.stderr).toBe(0);
  });

  it('tells a reader of the changed page, and only of it, that the page changed', () => {
    const before = meta(retitled.out).pages;
    const after = meta(incremental.out).pages;
    expect(Object.keys(after).filter((p) => after[p] !== before[p])).toEqual(['/section-1/folder-1/page-2']);
    expect(latest(incremental.out).id).not.toBe(latest(retitled.out).id);
  });

  it('serves the rebuilt site under the sub-path', () => {
    const html = readFileSync(join(incremental.out, 'section-1/folder-1/page-2/index.html'), 'utf8');
    expect(html).toMatch(/(src|href)="\/guide\/_astro\//);
    expect(html).toContain('href="/guide/section-1/folder-1/page-1"');
    expect(readFileSync(join(incremental.out, '_headers'), 'utf8')).toContain('/guide/_astro/*');
    expect(readFileSync(join(incremental.out, 'sw.js'), 'utf8')).toMatch(/"url":"_astro\/[^"]+\.js"/);
  });

  it('gives the same files as a clean build, byte for byte (build time aside)', () => {
    expect(contentOnly(back.log)).toBe(true);
    expect(differences(back.out, reference.out).filter((f) => !TIMED.some((t) => f.startsWith(t)))).toEqual([]);
    expect(files(back.out).length).toBe(files(reference.out).length);
  });

  it('gives identical full builds of the same content (one with a cache, one without), except the files that carry the build time', () => {
    expect(differences(guarded.out, reference.out)).toEqual(['builds/latest.json', `builds/meta/${latest(reference.out).id}.json`]);
    const strip = (out: string, f: string) => ({ ...JSON.parse(readFileSync(join(out, f), 'utf8')), timestamp: 0 });
    for (const f of differences(guarded.out, reference.out)) expect(strip(guarded.out, f)).toEqual(strip(reference.out, f));
  });

  it('keeps the build id when content and code are unchanged, and changes it with content', () => {
    expect(latest(guarded.out).id).toBe(latest(reference.out).id);
    expect(latest(back.out).id).toBe(latest(reference.out).id);
    expect(latest(clean1.out).id).not.toBe(latest(retitled.out).id);
    expect(latest(retitled.out).id).not.toBe(latest(incremental.out).id);
  });

  it('falls back to astro build when the saved bundle renders an unchanged page differently, and still gives what a clean build gives', () => {
    expect(fellBack(guarded.log)).toMatch(/^the saved prerender bundle renders \/section-1\/folder-1\/page-\d+ differently from the full build$/);
    expect(readResult(guarded.log).build).toBe('astro');
    const html = readFileSync(join(guarded.out, 'section-1/folder-1/page-3/index.html'), 'utf8');
    expect(html).toContain('The airlock sticks on cold mornings.');
    expect(html).toMatch(/<link rel="stylesheet" href="\/guide\/_astro\//);
    // The reference was built without any cache from the same content.
    expect(differences(guarded.out, reference.out).filter((f) => !TIMED.some((t) => f.startsWith(t)))).toEqual([]);
  });

  it('falls back to astro build when a title changes', () => {
    expect(fellBack(retitled.log)).toMatch(/navigation/);
    expect(reusedOf(retitled.log)).toEqual([0, 24]);
    for (const page of ['page-2', 'page-5']) expect(readFileSync(join(retitled.out, `section-1/folder-1/${page}/index.html`), 'utf8')).toContain('Revised ');
  });
});
