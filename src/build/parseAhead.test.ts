import { describe, it, expect } from 'vitest';
import { loadSite, contentFiles, parseKey, ContentError, ContentErrors } from '../content';
import { writeCorpus, page } from '../content/testing';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ParseCache } from './cache';
import { parseAhead, startParsing, finishParsing } from './parseAhead';

const corpus = {
  'index.md': page({ title: 'Home', layout: 'full' }, 'Welcome.\n'),
  '2.rules/_dir.yml': 'title: Rules\n',
  '2.rules/index.md': page({ title: 'Rules', description: 'How to play.' }, '## Start\n\nIntro.\n\n<!-- more -->\n\nRest.\n'),
  '2.rules/2.combat.md': page({ title: 'Combat' }, '## Attacks\n\n| roll | result |\n|---|---|\n| 6 | hit |\n\nSee [the start](/rules#start).\n'),
  '2.rules/_snippet.md': page({ title: 'Snippet' }, 'Partial.\n'),
  '2.rules/4.draft.md': page({ title: 'Draft', draft: true }, 'Soon.\n'),
  '1.guide/index.md': page({ title: 'Guide' }, '# Ignored h1\n\nText with `code`.\n'),
};

const markdownOf = (dir: string) => contentFiles(dir).filter((file) => file.endsWith('.md'));

describe('pages parsed ahead on a worker thread (src/build/parseAhead.ts)', () => {
  it('gives the load every page, and the same site as a load that parses them itself', async () => {
    const dir = writeCorpus(corpus);
    const entries = await parseAhead(dir, [], markdownOf(dir), 1);
    expect(entries.size).toBe(6);

    const cache = new ParseCache(null);
    cache.adopt(entries);
    const ahead = loadSite(dir, { cache });
    expect(cache.misses).toBe(0); // nothing parsed on the main thread
    const itself = loadSite(dir);
    expect(JSON.stringify(ahead.records)).toBe(JSON.stringify(itself.records));
    expect(ahead.integrity).toBe(itself.integrity);
  });

  it('skips the pages the parse cache holds, and shares the rest between two workers and the main thread', async () => {
    const dir = writeCorpus(corpus);
    const files = markdownOf(dir);
    const held = parseKey('index.md', readFileSync(join(dir, 'index.md'), 'utf8'));
    const entries = await parseAhead(dir, [held], files, 2);
    expect(entries.size).toBe(5);
    expect(entries.has(held)).toBe(false);
  });

  it('lets the workers parse while the main thread is busy, and the main thread take what is left', async () => {
    const dir = writeCorpus(corpus);
    const running = startParsing(dir, [], markdownOf(dir), 1);
    // The main thread "bundles" meanwhile: the worker takes every file.
    expect((await running.workers).flat()).toHaveLength(6);
    const entries = await finishParsing(running);
    expect(entries.size).toBe(6);
  });

  it('leaves a page with bad frontmatter to the load, which names its file and line', async () => {
    const dir = writeCorpus({ ...corpus, '2.rules/5.bad.md': '---\ntitle: [unclosed\n---\nBody.\n' });
    const entries = await parseAhead(dir, [], markdownOf(dir), 1);
    expect(entries.size).toBe(6);
    const cache = new ParseCache(null);
    cache.adopt(entries);
    let message = '';
    try {
      loadSite(dir, { cache });
    } catch (e) {
      message = e instanceof ContentErrors ? e.all.map((x) => x.message).join('\n') : e instanceof ContentError ? e.message : String(e);
    }
    expect(message).toMatch(/5\.bad\.md:2/);
  });
});
