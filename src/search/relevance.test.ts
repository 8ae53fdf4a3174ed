/**
 * Relevance on the site's real content: judged queries, each with the result
 * a reader looks for and how high it must come. The index is built the way
 * the build builds it (src/build/database.ts: the pages' sections and the
 * catalogue entries) and read back through its JSON files, as the browser
 * reads it. A failure names the query, what was expected and what came.
 */
import { describe, it, expect } from 'vitest';
import { contentSearch } from './testing';

const { labels } = contentSearch();

/** [query, the result a reader wants, how high it must come (1 = first)]. */
const JUDGED: [query: string, wanted: string, within: number][] = [
  // A rules term: the rules section named after it, above gear that mentions it.
  ['armour', 'Gear and blueprints › Armour', 3],
  ['edge', 'Core mechanic › Edge', 1],
  ['overcharge', 'Core mechanic › Overcharge', 1],
  ['initiative', 'Combat › Initiative', 1],
  ['sparks', 'Core mechanic › Sparks', 1],
  ['guard', 'Combat › Guard', 1],
  ['threat', 'Creatures › Threat', 1],
  ['bestiary', 'Creatures › Bestiary', 1],
  ['strain', 'Combat › Strain', 3],
  ['strain', 'Cores › Strain', 3],
  ['cyberware', 'Gear and blueprints › Cyberware', 2],
  // A skill: the table that lists it, though the word is only in a row.
  ['hacking', 'Attributes and skills › Skills', 3],
  ['hack', 'Attributes and skills › Skills', 3],
  // An exact heading of two or more words: that section first.
  ['armour and bulk', 'Characters › Armour and bulk', 1],
  ['feature slots', 'Characters › Feature slots', 1],
  ['difficulty ladder', 'Core mechanic › The difficulty ladder', 1],
  ['range and cover', 'Combat › Range and cover', 1],
  ['probability chart', 'Core mechanic › Probability chart', 1],
  ['side effects', 'Cores › Side effects', 1],
  ['pulse roll', 'Core mechanic › The Pulse roll', 1],
  ['the combine', 'Factions › The Combine', 1],
  ['nyx ascendancy', 'Factions › Nyx Ascendancy', 1],
  ['free docks', 'Factions › The Free Docks', 2],
  ['void gates', 'Sectors › The void gates', 1],
  ['derived values', 'Characters › Derived values', 2],
  ['reflex penalty', 'Combat › Bulk and the Reflex penalty', 1],
  // A catalogue entry's name: the entry first.
  ['vanguard battle rifle', 'weapon: Vanguard Battle Rifle', 1],
  ['service pistol', 'weapon: Service Pistol', 1],
  ['shock baton', 'weapon: Shock Baton', 1],
  ['mono-machete', 'weapon: Mono-Machete', 1],
  ['aegis security armour', 'armour: Aegis Security Armour', 1],
  ['machine whisper', 'core effect: Machine Whisper', 1],
  ['jack in', 'feature: Jack In', 1],
  ['deadeye', 'feature: Deadeye', 1],
  ['gutter hound', 'creature: Gutter Hound', 1],
  ['regeneration', 'creature property: Regeneration', 1],
  // Questions in plain English: their small words decide nothing; other games' words find the rules' own.
  ['how do I heal', 'Combat › Health', 3],
  // The home page's summary and the rules section that count the dice; "Building the pool" has no "roll".
  ['how many dice do I roll', 'Nucleus › The Pulse roll', 3],
  ['how many dice do I roll', 'Core mechanic › Hits', 3],
  ['level up', 'Characters › Experience and rank', 3],
  ['how do I level up', 'Characters › Experience and rank', 3],
  ['what is my guard', 'Combat › Guard', 3],
  ['how does initiative work', 'Combat › Initiative', 3],
  ['how do I make a character', 'Characters › Creating a character', 3],
  ['what happens at 0 health', 'Combat › Health', 3],
  ['what does bulk do', 'Combat › Bulk and the Reflex penalty', 3],
  ['how do I get xp', 'Characters › Experience and rank', 3],
  // Cut short while typing, and mistyped.
  ['healt', 'Combat › Health', 1],
  ['netrunner', 'Technology › The Net and its netrunners', 3],
  ['overchrage', 'Core mechanic › Overcharge', 1],
  ['initiatve', 'Combat › Initiative', 1],
  ['armuor', 'Gear and blueprints › Armour', 3],
  ['hackign', 'Attributes and skills › Skills', 3],
];

describe('relevance on the real content', () => {
  it('judges at least 30 queries', () => {
    expect(new Set(JUDGED.map(([q]) => q)).size).toBeGreaterThanOrEqual(30);
  });

  it.each(JUDGED)('"%s" gives %s within the first %i', (query, wanted, within) => {
    const found = labels(query);
    const at = found.indexOf(wanted) + 1;
    expect(at > 0 && at <= within, `"${query}": wanted "${wanted}" within ${within}, got ${at || 'nothing'}; first: ${found.slice(0, 5).join(' | ')}`).toBe(true);
  });

  it('puts no catalogue entry above the rules section named by a one-word query', () => {
    for (const query of ['armour', 'edge', 'strain', 'guard']) {
      const found = labels(query);
      const firstEntry = found.findIndex((l) => !l.includes(' › ') && l.includes(': '));
      const firstRule = found.findIndex((l) => l.toLowerCase().endsWith(`› ${query}`));
      expect(firstRule, query).toBeGreaterThanOrEqual(0);
      expect(firstEntry < 0 || firstRule < firstEntry, `${query}: ${found.slice(0, 5).join(' | ')}`).toBe(true);
    }
  });
});
