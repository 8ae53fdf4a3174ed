import { describe, it, expect } from 'vitest';
import { tokenize, indexTerms, encodeNumbers, decodeNumbers, encodePostings, decodePostings, slug, lengthClass, lengthOfClass, shiftPostings, cutIntoParts, partStarts, partOf } from './format';

describe('search text processing', () => {
  it('splits words at spaces and punctuation, lower-cased and without accents', () => {
    expect(tokenize('Plasma-Rifle, Mk. II (Réacteur) 2d6')).toEqual(['plasma', 'rifle', 'mk', 'ii', 'reacteur', '2d6']);
  });

  it('leaves common words out of the index', () => {
    expect(indexTerms('The edge of the void')).toEqual(['edge', 'void']);
  });

  it('makes anchors like the Markdown headings', () => {
    expect(slug('Attacks & Damage')).toBe('attacks--damage');
    expect(slug('Overcharge 2')).toBe('overcharge-2');
  });
});

describe('search number encoding', () => {
  it('round-trips small and large numbers in JSON-safe characters', () => {
    const values = [0, 1, 31, 32, 1023, 1024, 65535, 2 ** 31, 7];
    const text = encodeNumbers(values);
    expect(JSON.stringify(text)).toBe(`"${text}"`);
    expect(decodeNumbers(text)).toEqual(values);
    expect(encodeNumbers([1, 2, 3])).toHaveLength(3);
  });

  it('refuses what it cannot encode, and names it', () => {
    expect(() => encodeNumbers([-1])).toThrow(/-1/);
    expect(() => decodeNumbers('1"')).toThrow(/"/);
  });

  it('round-trips postings, with counts above one and field lengths', () => {
    const docs = [0, 1, 5, 6, 400, 100000];
    const counts = [1, 3, 1, 1, 70000, 2];
    const lengths = [1, 15, 16, 40, 900, 5000];
    const decoded = decodePostings(encodePostings(docs, counts, lengths));
    expect([...decoded.docs]).toEqual(docs);
    expect([...decoded.counts]).toEqual([1, 3, 1, 1, 65535, 2]);
    // Exact up to 15 words, then within a step of √2 (capped near 2,900).
    expect([...decoded.lengths].slice(0, 2)).toEqual([1, 15]);
    for (const [i, n] of [[2, 16], [3, 40], [4, 900]] as const) expect(Math.abs(decoded.lengths[i]! / n - 1)).toBeLessThan(0.2);
    expect(decoded.lengths[5]).toBe(lengthOfClass(31));
  });

  it('gives every length class back as itself, so a merged list keeps its lengths', () => {
    for (let c = 0; c < 32; c++) expect(lengthClass(lengthOfClass(c))).toBe(c);
  });

  it('moves a list of postings by changing its first gap only', () => {
    const text = encodePostings([3, 4, 9], [1, 2, 1], [2, 2, 2]);
    expect([...decodePostings(shiftPostings(text, 1000)).docs]).toEqual([1003, 1004, 1009]);
    expect([...decodePostings(encodePostings([0], [1], [1]) + shiftPostings(text, 1000 - 1)).docs]).toEqual([0, 1003, 1004, 1009]);
    expect(() => shiftPostings(text, -4)).toThrow(/before the start/);
  });

  it('refuses a list cut in the middle of a posting', () => {
    expect(() => decodePostings(encodePostings([3], [2], [4]).slice(0, -1))).toThrow(/middle/);
  });
});

describe('search parts', () => {
  it('cuts items into runs of at least the target size, and finds the run of an item', () => {
    const counts = cutIntoParts([5, 5, 20, 1, 1, 1], 10);
    expect(counts).toEqual([2, 1, 3]);
    const starts = partStarts(counts);
    expect([...starts]).toEqual([0, 2, 3]);
    expect([0, 1, 2, 3, 5].map((i) => partOf(starts, i))).toEqual([0, 0, 1, 2, 2]);
  });
});
