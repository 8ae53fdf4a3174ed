import { describe, it, expect, beforeAll, vi } from 'vitest';
import { rmSync } from 'node:fs';
import { loadSite, getCatalogues } from '../content';
import { writeCorpus, page, scratchDir } from '../content/testing';
import { buildDatabase } from './database';
import { buildContext } from './context';
import { flushWrites, valueCacheFile } from './cache';
import { searchIndexOnWorker } from './searchWorker';

const corpus = {
  'index.md': page({ title: 'Home', layout: 'full' }, 'Welcome.\n'),
  '2.rules/_dir.yml': 'title: Rules\n',
  '2.rules/index.md': page({ title: 'Rules', description: 'How to play.' }, '## Start\n\nIntro to the reactor.\n'),
  '2.rules/2.combat.md': page({ title: 'Combat' }, '## Attacks\n\n| roll | result |\n|---|---|\n| 6 | hit |\n\nSee [the start](/rules#start).\n'),
  '2.rules/4.draft.md': page({ title: 'Draft', draft: true }, 'Soon.\n'),
  '1.guide/index.md': page({ title: 'Guide' }, 'Text with `code`.\n'),
};

describe('the search index on a worker thread beside the database (src/build/searchWorker.ts)', () => {
  beforeAll(() => {
    process.env.NUCLEUS_CACHE_DIR = scratchDir('nucleus-search-worker-');
    buildContext().building = true;
  });

  it('gives the database, search files and answers the main thread alone gives, with and without cached groups', async () => {
    const dir = writeCorpus(corpus);
    const site = loadSite(dir);
    const alone = await buildDatabase(site, getCatalogues(dir) ?? {}, true);
    await flushWrites();
    // First with no cached search groups (the worker builds them), then with the ones it saved.
    rmSync(valueCacheFile('search')!, { force: true });
    // The worker ran: a worker that cannot run says so and leaves the index to the main thread.
    const warn = vi.spyOn(console, 'warn');
    for (const round of ['cold', 'cached']) {
      const beside = await buildDatabase(site, getCatalogues(dir) ?? {}, true, { searchOnWorker: true });
      await flushWrites();
      expect(Buffer.from(await beside.file).equals(Buffer.from(await alone.file)), round).toBe(true);
      expect([...beside.search.files], round).toEqual([...alone.search.files]);
      expect([...beside.answers], round).toEqual([...alone.answers]);
      expect(warn, round).not.toHaveBeenCalled();
      expect(beside.db.query({ where: [{ title: 'Combat' }], only: ['title'] }), round).toEqual([{ title: 'Combat' }]);
    }
  }, 60_000);

  it('answers undefined when it cannot run, so the main thread makes the index', async () => {
    // Sections that cannot be indexed (no path): the worker reports the failure instead of files.
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const made = await searchIndexOnWorker({ sections: [{ nonsense: true } as never], integrity: 'i', cacheFile: null });
    expect(made).toBeUndefined();
    expect(warn).toHaveBeenCalledWith(expect.stringMatching(/^\[nucleus\] the search index on a worker thread failed \(.+\); the main thread makes it$/));
    warn.mockRestore();
  }, 60_000);
});
