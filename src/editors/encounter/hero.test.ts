import { describe, expect, it } from 'vitest';
import { quickNumber } from './hero';

describe("a quick entry's numbers (issue 48: one big number hid every encounter)", () => {
  it('takes a whole number at or above the least value', () => {
    expect(quickNumber('Health', ' 12 ', 1)).toEqual({ value: 12 });
    expect(quickNumber('Guard', '0', 0)).toEqual({ value: 0 });
  });

  it('refuses, with a sentence naming the field and the limit, what no document can hold', () => {
    expect(quickNumber('Health', '99999999999999999999', 1)).toEqual({ problem: 'Health must be at most 9,007,199,254,740,991.' });
    expect(quickNumber('Rank', '2.5', 1)).toEqual({ problem: 'Rank must be a whole number (it is 2.5).' });
    expect(quickNumber('Rank', '1e3', 1)).toEqual({ problem: 'Rank must be a whole number (it is 1e3).' });
    expect(quickNumber('Health', '-5', 1)).toEqual({ problem: 'Health must be at least 1 (it is -5).' });
    expect(quickNumber('Health', '0', 1)).toEqual({ problem: 'Health must be at least 1 (it is 0).' });
    expect(quickNumber('Logic', '  ', 1)).toEqual({ problem: 'Logic needs a number.' });
  });
});
