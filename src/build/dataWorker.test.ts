import { describe, it, expect, beforeAll } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSite, getCatalogues, ContentError } from '../content';
import { writeCorpus, page, scratchDir } from '../content/testing';
import { buildDatabase } from './database';
import { buildContext } from './context';
import { flushWrites, openParseCache } from './cache';
import { startDataWorker, startDataWorkerAfterLoad, workerFitsInMemory } from './dataWorker';

const corpus = {
  'index.md': page({ title: 'Home', layout: 'full' }, 'Welcome.\n'),
  '2.rules/_dir.yml': 'title: Rules\n',
  '2.rules/index.md': page({ title: 'Rules', description: 'How to play.' }, '## Start\n\nIntro.\n\n<!-- more -->\n\nRest.\n'),
  '2.rules/2.combat.md': page({ title: 'Combat' }, '## Attacks\n\n| roll | result |\n|---|---|\n| 6 | hit |\n\nSee [the start](/rules#start).\n'),
  '2.rules/4.draft.md': page({ title: 'Draft', draft: true }, 'Soon.\n'),
  '1.guide/index.md': page({ title: 'Guide' }, '# Ignored h1\n\nText with `code`.\n'),
};

/** Loads `dir` as a build's main thread does: through the parse cache, saved to disk. */
async function loadAsBuild(dir: string) {
  const site = loadSite(dir, { cache: openParseCache() });
  await flushWrites();
  return site;
}

describe('the data files made on a worker thread (src/build/dataWorker.ts)', () => {
  beforeAll(() => {
    process.env.NUCLEUS_CACHE_DIR = scratchDir('nucleus-data-worker-');
    buildContext().building = true;
  });

  it('are the bytes the main thread makes: database file, search files and static answers', async () => {
    const dir = writeCorpus(corpus);
    const site = await loadAsBuild(dir);
    const worker = startDataWorker(dir, false)!;
    const [made, here] = await Promise.all([worker.built, buildDatabase(site, getCatalogues(dir) ?? {})]);
    const fromWorker = made!;
    expect(fromWorker.integrity).toBe(site.integrity);
    expect(Buffer.from(fromWorker.file).equals(Buffer.from(await here.file))).toBe(true);
    expect([...fromWorker.search.files]).toEqual([...here.search.files]);
    expect([...fromWorker.answers]).toEqual([...here.answers]);
    expect(fromWorker.answers.size).toBeGreaterThan(5);
  });

  it('fails with the sentence the load gives, naming the file and line', async () => {
    const dir = writeCorpus(corpus);
    await loadAsBuild(dir);
    writeFileSync(join(dir, '2.rules/2.combat.md'), '---\ntitle: [unclosed\n---\nText.\n');
    let sentence = '';
    try {
      loadSite(dir);
    } catch (e) {
      expect(e).toBeInstanceOf(ContentError);
      sentence = (e as Error).message;
    }
    expect(sentence).toMatch(/combat\.md/);
    await expect(startDataWorker(dir, false)!.built).rejects.toThrow(sentence);
  });

  it('start only when a second copy of the site keeps the build within its memory', async () => {
    const MB = 1024 * 1024;
    // 20,000 deep pages: 1.6 GB after the load and a 304 MB parse cache went to 4.6 GB with the worker.
    expect(workerFitsInMemory(1600 * MB, 304 * MB, 4096 * MB)).toBe(false);
    // 5,000 flat pages: a 37 MB cache, 1.3 GB at peak with the worker.
    expect(workerFitsInMemory(900 * MB, 37 * MB, 4096 * MB)).toBe(true);

    const dir = writeCorpus(corpus);
    process.env.NUCLEUS_CONTENT_DIR = dir;
    const h = buildContext();
    try {
      process.env.NUCLEUS_BUILD_MEMORY_MB = '1'; // no room: the main thread makes the data files
      await startDataWorkerAfterLoad(h);
      expect(h.site?.contentDir).toBe(dir);
      expect(h.dataWorker).toBeUndefined();
      delete process.env.NUCLEUS_BUILD_MEMORY_MB;
      await startDataWorkerAfterLoad(h);
      expect(h.dataWorker?.contentDir).toBe(dir);
      expect(await h.dataWorker!.built).toBeDefined();
    } finally {
      await h.dataWorker?.stop();
      h.dataWorker = h.site = undefined;
      delete process.env.NUCLEUS_CONTENT_DIR;
      delete process.env.NUCLEUS_BUILD_MEMORY_MB;
    }
  });
});
