import { describe, expect, it } from 'vitest';
import { quickNumber, quickWarning } from './hero';

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

  it('names the whole range when the field has a most (initiative hits, reinforcements)', () => {
    expect(quickNumber('Initiative hits', '250', 0, 200)).toEqual({ problem: 'Initiative hits must be from 0 to 200 (it is 250).' });
    expect(quickNumber('Initiative hits', '2.5', 0, 200)).toEqual({ problem: 'Initiative hits must be a whole number from 0 to 200 (it is 2.5).' });
    expect(quickNumber('Initiative hits', '', 0, 200)).toEqual({ problem: 'Initiative hits needs a number from 0 to 200.' });
    expect(quickNumber('Reinforcements', '99999999999999999999', 1, 12)).toEqual({ problem: 'Reinforcements must be from 1 to 12 (it is 99999999999999999999).' });
    expect(quickNumber('Reinforcements', '12', 1, 12)).toEqual({ value: 12 });
  });
});

describe("a quick entry's numbers past the game's rules (GAME.md §7: kept, with a warning)", () => {
  it('warns about rank 11, an attribute of 7, Guard 0 or 31 and a pool of 40, naming the rule; nothing inside the rules', () => {
    expect(quickWarning('rank', 'Rank', 11)).toBe("Rank 11 is past the game's ranks (1 to 10): kept, and counted as typed in the party rank.");
    expect(quickWarning('reflex', 'Reflex', 7)).toContain("past an attribute's most (6)");
    expect(quickWarning('guard', 'Guard', 0)).toBe('Guard 0 counts as 1 in the odds (Guard is from 1 to 30).');
    expect(quickWarning('guard', 'Guard', 31)).toBe('Guard 31 is past the most (30): kept; the odds count Guard 30.');
    expect(quickWarning('pool', 'Attack pool', 40)).toBe('Attack pool 40 is more dice than a hero rolls (at most about 12): kept; the odds count 30 dice, the most the dice engine rolls.');
    expect(quickWarning('pool', 'Attack pool', 13)).toContain('kept, and the odds use it');
    for (const [field, value] of [['rank', 10], ['reflex', 6], ['logic', 1], ['guard', 30], ['pool', 12]] as const) expect(quickWarning(field, 'X', value)).toBeUndefined();
  });
});
