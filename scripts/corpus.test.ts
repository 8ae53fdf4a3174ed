/**
 * The benchmark corpus's deep shape is the shape it claims to be (folders 3–4
 * deep, a table, a code block and links on every page, about 4 KB each), its
 * links resolve by the site's own loader, and the same seed gives the same
 * files. The flat shape stays the default.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateCorpus, generateDeepCorpus, writeCorpus } from './corpus';
import { loadSite } from '../src/content';
import { scratchDir } from '../src/content/testing';

const PAGES = 20;

/** Every page file written (not index.md), relative to the corpus folder. */
function pageFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.md') && f !== 'index.md')
    .sort();
}

describe('deep corpus shape', () => {
  const dir = scratchDir('nucleus-corpus-');
  writeCorpus(dir, PAGES, 7, 'deep');
  const files = pageFiles(dir);
  const texts = files.map((f) => readFileSync(join(dir, f), 'utf8'));

  it('writes the pages asked for, 3 and 4 folders deep', () => {
    expect(files).toHaveLength(PAGES);
    const depths = new Set(files.map((f) => f.split('/').length - 1));
    expect([...depths].sort()).toEqual([3, 4]);
  });

  it('gives every page a table, a fenced code block and at least four links to other pages, about 4 KB in all', () => {
    for (const text of texts) {
      expect(text).toMatch(/^\|---\|/m);
      expect(text).toMatch(/^```ts\n[\s\S]+?\n```$/m);
      expect([...text.matchAll(/\]\((\/[^)]+)\)/g)].length).toBeGreaterThanOrEqual(4);
      expect(Buffer.byteLength(text)).toBeGreaterThan(3500);
      expect(Buffer.byteLength(text)).toBeLessThan(5000);
    }
  });

  it('links only to pages it generated (and their headings): the site loads it with no broken link', () => {
    const site = loadSite(dir);
    const { paths } = generateDeepCorpus(PAGES, 7);
    for (const text of texts) {
      for (const [, target] of text.matchAll(/\]\((\/[^)#]+)/g)) expect(paths).toContain(target);
    }
    for (const path of paths) expect(site.pages.has(path)).toBe(true);
  });

  it('gives the same files for the same seed, and others for another', () => {
    const again = generateDeepCorpus(PAGES, 7).files;
    expect(pageFiles(dir).map((f) => readFileSync(join(dir, f), 'utf8'))).toEqual(files.map((f) => again.get(f)));
    expect(generateDeepCorpus(PAGES, 8).files).not.toEqual(again);
  });

  it('leaves the flat shape the default', () => {
    const flat = scratchDir('nucleus-corpus-');
    writeCorpus(flat, PAGES, 7);
    expect(pageFiles(flat).map((f) => readFileSync(join(flat, f), 'utf8'))).toEqual(
      pageFiles(flat).map((f) => generateCorpus(PAGES, 7).files.get(f)),
    );
    expect(Math.max(...pageFiles(flat).map((f) => f.split('/').length - 1))).toBe(2);
  });
});
