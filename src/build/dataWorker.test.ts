import { describe, it, expect, beforeAll } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadSite, getCatalogues, ContentError } from '../content';
import { writeCorpus, page, scratchDir } from '../content/testing';
import { buildDatabase } from './database';
import { buildContext } from './context';
import { flushWrites, openParseCache } from './cache';
import { startDataWorker } from './dataWorker';

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
  }, 60_000);

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
  }, 60_000);
});
