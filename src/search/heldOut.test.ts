/**
 * A held-out set of plain-word questions, written from the rules and guide
 * text (mostly pages the tuned set in gameWords.test.ts does not ask about:
 * attributes and skills, the game master's chapter, factions, species,
 * technology) before the engine's reading of questions (ranking.ts R6) was
 * changed, and never used to choose its settings. It measures, not tunes:
 * 13 of 25 had an answer in the top 3 before R6 and stems, 15 after. Each
 * answer is a section a reader would accept ("Page › Heading", or an
 * address where headings repeat).
 */
import { describe, it, expect } from 'vitest';
import { contentSearch, hitLabel } from './testing';

const { engine } = contentSearch();

const HELD_OUT: [question: string, answers: string[]][] = [
  ['what are the stats', ['Attributes and skills › Attributes']],
  ['how many points do I spend on stats at the start', ['Attributes and skills › Attributes at creation']],
  ['max skill level for a new character', ['Attributes and skills › Skills at creation', 'Attributes and skills › Skill ranks']],
  ['which stat do I use for shooting', ['Attributes and skills › Skills', 'Combat › Attacking']],
  ['getting better at skills over time', ['Attributes and skills › Skills as you advance']],
  ['where do bonus dice come from', ['Attributes and skills › Modifiers']],
  ['how many powers can I have', ['Cores › Installing cores', 'Attributes and skills › Sync and cores']],
  ['types of psychic powers', ['Cores › Disciplines', 'Technology › Tiers and disciplines']],
  ['how long does a power last', ['Cores › Properties']],
  ['how expensive is a power to build', ['Cores › Budget', 'Cores › Total cost and validity']],
  ['how hard should I make a roll', ['Game master › Setting difficulties', 'Core mechanic › The difficulty ladder']],
  ['how many enemies for a balanced fight', ['Game master › A rough budget', 'Game master › Bands and bosses, exactly', 'Game master › Building encounters']],
  ['how do I know if a fight is too deadly', ['Game master › Bands and bosses, exactly']],
  ['how much xp per session', ['Game master › Experience and rewards']],
  ['what happens if I fail a roll', ['Core mechanic › Failure']],
  ['turn order in a fight', ['Combat › Initiative']],
  ['how many attacks per turn', ['Combat › Rate', 'Combat › Turns']],
  ['getting health back after a fight', ['Combat › Recovering']],
  ['how far can my gun shoot', ['Combat › Range and cover']],
  ['where can I buy illegal weapons', ['Gear and blueprints › Availability', 'Technology › Living with machines']],
  ['reputation with factions', ['Factions › Standing with factions']],
  ['can I play an android', ['Species › Synthetics', '/galacticguide/species#in-play-2']],
  ['where can cybernetic implants go', ['Technology › Slots and strain', 'Gear and blueprints › Cyberware']],
  ['armor penetration', ['Combat › Protection']],
  ['what happens when my character dies', ['Combat › Health']],
];

/**
 * A second set, written once the first had been looked at while R6 was
 * built, and run only at the end: 8 of 15 before R6, 7 after ("how to heal
 * my friend during a fight" has one of its three words in Recovering, below
 * the half a question needs). It says R6 is no general gain yet.
 */
const SEALED: [question: string, answers: string[]][] = [
  ['how do I dodge attacks', ['Combat › Guard']],
  ['shooting twice in one turn', ['Combat › Rate']],
  ['how much do guns cost', ['Gear and blueprints › Rank, capacity and price']],
  ['how to heal my friend during a fight', ['Combat › Recovering']],
  ['how much experience to reach the next level', ['Characters › Experience and rank']],
  ['what do I get when I level up', ['Characters › What each rank gives']],
  ['maximum number of abilities', ['Characters › Feature slots']],
  ['skill trees', ['Characters › Feature trees']],
  ['how many enemy types are there', ['Creatures › Kinds']],
  ['monster hp', ['Creatures › Derived values']],
  ["when can I react on someone else's turn", ['Combat › Turns']],
  ['what if the weapon deals less damage than my armor', ['Combat › Protection']],
  ['how does magic cost work', ['Cores › Total cost and validity', 'Cores › Budget']],
  ['what can I buy with sparks', ['Core mechanic › Sparks', 'Game master › Spending sparks']],
  ['fast travel between planets', ['Sectors › Travelling between sectors', 'Technology › The relays']],
];

/** The first three results as the dialog shows them (every word, else some: searchDialogState's runQuery). */
function top3(question: string): string[][] {
  const all = engine.search(question, { limit: 3 });
  const found = all.total > 0 ? all : engine.search(question, { limit: 3, combineWith: 'OR' });
  return found.hits.map((h) => [hitLabel(h), h.id]);
}

function answered(set: [string, string[]][]): { count: number; missed: string } {
  const hits = set.filter(([q, answers]) => top3(q).some((names) => names.some((n) => answers.includes(n))));
  return { count: hits.length, missed: set.filter((x) => !hits.includes(x)).map(([q]) => q).join(' / ') };
}

describe('held-out questions in plain words', () => {
  it('answers at least 15 of the 25 in the top 3 (13 did before questions were read by R6)', () => {
    const { count, missed } = answered(HELD_OUT);
    expect(count, `missed: ${missed}`).toBeGreaterThanOrEqual(15);
  });

  it('answers at least 7 of the second 15 in the top 3 (8 did before R6)', () => {
    const { count, missed } = answered(SEALED);
    expect(count, `missed: ${missed}`).toBeGreaterThanOrEqual(7);
  });
});
