import { describe, it, expect } from 'vitest';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchDir } from '../content/testing';

// The ledger is kept in the build cache: this file's own.
process.env.NUCLEUS_CACHE_DIR = scratchDir('nucleus-outfolder-cache-');
const { asideOf, clearAside, swapIn } = await import('./outFolder');
const { openLedger } = await import('./ledger');

/** A built folder holding one page that says `text`. */
function folder(path: string, text: string): string {
  mkdirSync(join(path, 'rules'), { recursive: true });
  writeFileSync(join(path, 'rules/index.html'), text);
  return path;
}

describe('the output folder swapped in whole', () => {
  it('puts the finished build in place of the last one, with its ledger, and leaves nothing beside it', () => {
    const root = scratchDir('nucleus-outfolder-');
    const out = folder(join(root, 'dist'), 'last build');
    const next = folder(asideOf(out), 'this build');
    const ledger = openLedger(next);
    ledger.record('rules/index.html', 'page key', join(next, 'rules/index.html'));
    ledger.save();
    swapIn(next, out);
    expect(readFileSync(join(out, 'rules/index.html'), 'utf8')).toBe('this build');
    expect(readdirSync(root)).toEqual(['dist']);
    // The rebuild that follows finds the page in place (same size, time and inode after the rename).
    expect(openLedger(out).current('rules/index.html', 'page key', join(out, 'rules/index.html'))).toBe(true);
  });

  it('puts the first build in place when there is no folder yet', () => {
    const root = scratchDir('nucleus-outfolder-');
    const out = join(root, 'dist');
    swapIn(folder(asideOf(out), 'first build'), out);
    expect(readFileSync(join(out, 'rules/index.html'), 'utf8')).toBe('first build');
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('keeps the last good folder when the new one cannot be moved in', () => {
    const root = scratchDir('nucleus-outfolder-');
    const out = folder(join(root, 'dist'), 'last build');
    expect(() => swapIn(asideOf(out), out)).toThrow(/ENOENT/);
    expect(readFileSync(join(out, 'rules/index.html'), 'utf8')).toBe('last build');
    expect(readdirSync(root)).toEqual(['dist']);
  });

  it('clears what a stopped build left beside the folder, and nothing else', () => {
    const root = scratchDir('nucleus-outfolder-');
    const out = folder(join(root, 'dist'), 'last build');
    folder(asideOf(out), 'half written');
    folder(`${out}.old`, 'older');
    clearAside(out);
    expect(readdirSync(root)).toEqual(['dist']);
    expect(existsSync(join(out, 'rules/index.html'))).toBe(true);
  });
});
