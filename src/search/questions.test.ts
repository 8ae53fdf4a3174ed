import { describe, it, expect } from 'vitest';
import { meaningfulWords } from './questions';
import { STOP_WORDS } from './format';

const words = (query: string) => meaningfulWords(query.split(' '), (t) => STOP_WORDS.has(t));

describe('meaningfulWords', () => {
  it('keeps only the subject of a question', () => {
    expect(words('how do i heal')).toEqual([{ term: 'heal', optional: false }]);
    expect(words('how many dice do i roll')).toEqual([
      { term: 'dice', optional: false },
      { term: 'roll', optional: false },
    ]);
  });

  it('drops "up" next to the verb it goes with', () => {
    expect(words('level up')).toEqual([{ term: 'level', optional: false }]);
  });

  it('searches a query made only of question words for them', () => {
    expect(words('how many')).toEqual([
      { term: 'how', optional: false },
      { term: 'many', optional: false },
    ]);
  });

  it('keeps a stop word typed last, as a prefix, when nothing else is left', () => {
    expect(words('the')).toEqual([{ term: 'the', optional: true }]);
  });
});
