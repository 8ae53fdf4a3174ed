import { describe, it, expect } from 'vitest';
import { tokenize, indexTerms, encodeNumbers, decodeNumbers, encodePostings, decodePostings, slug } from './format';

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

  it('round-trips postings, with counts above one', () => {
    const docs = [0, 1, 5, 6, 400, 100000];
    const counts = [1, 3, 1, 1, 70000, 2];
    const decoded = decodePostings(encodePostings(docs, counts));
    expect([...decoded.docs]).toEqual(docs);
    expect([...decoded.counts]).toEqual([1, 3, 1, 1, 65535, 2]);
  });
});
