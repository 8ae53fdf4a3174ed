/**
 * The benchmark corpus's deep and uneven shapes are the shapes they claim to
 * be (deep: folders 3–4 deep; uneven: folders of 10–40 pages two deep; both:
 * a table, a code block and links on every page, about 4 KB each), their
 * links resolve by the site's own loader, and the same seed gives the same
 * files. The flat shape stays the default.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { generateCorpus, generateDeepCorpus, generateUnevenCorpus, writeCorpus, SHAPES } from './corpus';
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

describe('uneven corpus shape', () => {
  const UNEVEN_PAGES = 80;
  const dir = scratchDir('nucleus-corpus-');
  writeCorpus(dir, UNEVEN_PAGES, 7, 'uneven');
  const files = pageFiles(dir);
  const texts = files.map((f) => readFileSync(join(dir, f), 'utf8'));
  /** Pages per folder, by folder. */
  const folderSizes = (paths: string[]) => {
    const sizes = new Map<string, number>();
    for (const f of paths) sizes.set(f.slice(0, f.lastIndexOf('/')), (sizes.get(f.slice(0, f.lastIndexOf('/'))) ?? 0) + 1);
    return [...sizes.values()];
  };

  it('is one of the shapes --shape accepts', () => {
    expect(SHAPES).toContain('uneven');
  });

  it('writes the pages asked for, two folders down, the top ones section-N', () => {
    expect(files).toHaveLength(UNEVEN_PAGES);
    for (const f of files) expect(f).toMatch(/^\d+\.section-\d+\/\d+\.folder-\d+\/\d+\.page-\d+\.md$/);
  });

  it('puts 10 to 40 pages in a folder, not the same number in every one, for any page count from 10', () => {
    const sizes = folderSizes(files);
    expect(new Set(sizes).size).toBeGreaterThan(1);
    for (const pages of [10, 11, 40, 41, 49, 50, 97, UNEVEN_PAGES, 1000]) {
      const written = [...generateUnevenCorpus(pages, 3).files.keys()].filter((f) => f.endsWith('.md') && f !== 'index.md');
      expect(written).toHaveLength(pages);
      for (const size of folderSizes(written)) {
        expect(size).toBeGreaterThanOrEqual(10);
        expect(size).toBeLessThanOrEqual(40);
      }
    }
  });

  it('gives every page 3–6 headings, a table, a fenced code block, a list and 2–4 links to other pages, about 4 KB in all', () => {
    for (const text of texts) {
      const headings = text.match(/^## /gm)?.length ?? 0;
      expect(headings).toBeGreaterThanOrEqual(3);
      expect(headings).toBeLessThanOrEqual(6);
      expect(text).toMatch(/^\|---\|/m);
      expect(text).toMatch(/^```ts\n[\s\S]+?\n```$/m);
      expect(text).toMatch(/^- .+\n- .+\n- .+$/m);
      const links = [...text.matchAll(/\]\((\/[^)]+)\)/g)].length;
      expect(links).toBeGreaterThanOrEqual(2);
      expect(links).toBeLessThanOrEqual(4);
      expect(Buffer.byteLength(text)).toBeGreaterThan(3500);
      expect(Buffer.byteLength(text)).toBeLessThan(5000);
    }
  });

  it('links only to other pages it generated (and their headings): the site loads it with no broken link', () => {
    const site = loadSite(dir);
    const { paths } = generateUnevenCorpus(UNEVEN_PAGES, 7);
    for (const [i, text] of texts.entries()) {
      const self = `/${files[i]!.replace(/\d+\./g, '').replace(/\.md$/, '')}`;
      for (const [, target] of text.matchAll(/\]\((\/[^)#]+)/g)) {
        expect(paths).toContain(target);
        expect(target).not.toBe(self);
      }
    }
    for (const path of paths) expect(site.pages.has(path)).toBe(true);
  });

  it('gives the same files for the same seed, and others for another', () => {
    const again = generateUnevenCorpus(UNEVEN_PAGES, 7).files;
    expect(pageFiles(dir).map((f) => readFileSync(join(dir, f), 'utf8'))).toEqual(files.map((f) => again.get(f)));
    expect(generateUnevenCorpus(UNEVEN_PAGES, 8).files).not.toEqual(again);
  });
});
