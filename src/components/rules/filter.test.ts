import { describe, it, expect } from 'vitest';
import { matchesFilter, oneEditApart } from './filter';

describe('gear list filter', () => {
  const row = 'plasma lance mk ii close restricted';
  it('matches words and parts of words, any case', () => {
    expect(matchesFilter(row, 'Plasma')).toBe(true);
    expect(matchesFilter(row, 'lan plas')).toBe(true);
    expect(matchesFilter(row, '')).toBe(true);
  });
  it('forgives one slip in a word of 4 letters or more', () => {
    expect(matchesFilter(row, 'plsma')).toBe(true); // missing letter
    expect(matchesFilter(row, 'plasmma')).toBe(true); // extra letter
    expect(matchesFilter(row, 'plamsa')).toBe(true); // swapped
    expect(matchesFilter(row, 'plazma')).toBe(true); // wrong letter
  });
  it('does not match two slips, or a slip in a short word', () => {
    expect(matchesFilter(row, 'plzmaa')).toBe(false);
    expect(matchesFilter(row, 'mkx')).toBe(false);
    expect(matchesFilter(row, 'plasma rifle')).toBe(false);
  });
  it('oneEditApart', () => {
    expect(oneEditApart('abc', 'abc')).toBe(true);
    expect(oneEditApart('abcd', 'abd')).toBe(true);
    expect(oneEditApart('abcd', 'ab')).toBe(false);
  });
});
