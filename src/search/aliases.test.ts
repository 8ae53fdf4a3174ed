/**
 * The glossary's aliases on the query side (aliases.ts A1–A4): the lookup
 * alone, then through the engine on a small site whose answers use only the
 * game's words.
 */
import { describe, it, expect } from 'vitest';
import { sectionsOf } from '../content';
import { AliasTable, aliasMapOf, phraseWords } from './aliases';
import { wordStem } from './questions';
import { createSearchIndex } from './indexBuilder';
import { engineFor, pageRecord } from './testing';
import { SEARCH_MANIFEST_PATH } from './format';

describe('wordStem (A3)', () => {
  it('gives a word and its plural, -ing and -ed forms one stem', () => {
    for (const group of [['level', 'levels', 'levelling', 'leveling'], ['explode', 'exploding', 'exploded'], ['need', 'needed', 'needs'], ['perk', 'perks'], ['success', 'successes'], ['ability', 'abilities']]) {
      expect(new Set(group.map(wordStem)), group.join(' ')).toEqual(new Set([wordStem(group[0]!)]));
    }
  });

  it('leaves short words and -ss endings whole', () => {
    expect(wordStem('hp')).toBe('hp');
    expect(wordStem('ac')).toBe('ac');
    expect(wordStem('stress')).not.toBe(wordStem('stre'));
  });
});

describe('phraseWords (A4)', () => {
  it('drops stop words and question words, unless nothing else is left', () => {
    expect(phraseWords('Who goes first')).toEqual(['goes', 'first']);
    expect(phraseWords('handful of dice')).toEqual(['handful', 'dice']);
    expect(phraseWords('how many')).toEqual(['how', 'many']);
  });
});

describe('AliasTable (A1)', () => {
  const table = new AliasTable(aliasMapOf([
    { term: 'Health', aliases: ['hit points', 'HP', 'heal'] },
    { term: 'Hit', aliases: ['success'] },
    { term: 'Build points', aliases: ['upgrade points'] },
    { term: 'Strain', aliases: ['fatigue'] },
    { term: 'Strain', aliases: ['fatigue', 'toll'] },
  ]));

  it('finds the longest alias starting at a word, by stem', () => {
    expect(table.match(['hit', 'points', 'left'], 0)).toEqual({ length: 2, terms: [['health']] });
    expect(table.match(['successes'], 0)).toEqual({ length: 1, terms: [['hit']] });
    expect(table.match(['my', 'upgrade', 'points'], 1)).toEqual({ length: 2, terms: [['build', 'points']] });
    expect(table.match(['hit'], 0)).toBeUndefined();
    expect(table.match(['points'], 0)).toBeUndefined();
  });

  it('merges a term listed twice', () => {
    expect(aliasMapOf([{ term: 'Strain', aliases: ['Fatigue'] }, { term: ' strain ', aliases: ['fatigue', 'toll'] }])).toEqual({ strain: ['fatigue', 'toll'] });
    expect(table.match(['toll'], 0)).toEqual({ length: 1, terms: [['strain']] });
  });

  it('is empty for a manifest without aliases', () => {
    expect(new AliasTable().size).toBe(0);
    expect(new AliasTable({ strain: ['Strain'] }).size).toBe(0);
  });
});

describe('search with aliases', () => {
  const site = [
    ...sectionsOf(pageRecord('/rules/combat', 'Combat', 'Fights.\n\n## Health\n\nHealth = 8 + 2 × Frame. At 0 Health a character is out of the fight.\n\n## Guard\n\nHow hard someone is to hit.\n\n## Strain\n\nActivating a core costs strain.\n'), 'Rules'),
    ...sectionsOf(pageRecord('/guide/stories', 'Stories', 'Tales.\n\n## Old soldiers\n\nThey counted hit points in the old games.\n\n## Fatigue\n\nA long march wears anyone out.\n'), 'Guide'),
    ...sectionsOf(pageRecord('/rules/gear', 'Gear', 'Things.\n\n## Build points\n\nEach rank gives more build points.\n'), 'Rules'),
  ];
  const glossary = [
    { term: 'Health', aliases: ['hit points', 'hp'] },
    { term: 'Strain', aliases: ['fatigue', 'stress'] },
    { term: 'Guard', aliases: ['armor class', 'defence'] },
    { term: 'Build points', aliases: ['upgrade points'] },
  ];
  const engine = engineFor(site, { glossary });
  const plain = engineFor(site);
  const ids = (e: typeof engine, query: string) => e.search(query).hits.map((h) => h.id);

  it('finds the section that uses only the game\'s word for a plain word', () => {
    expect(ids(plain, 'stress')).toEqual([]);
    expect(ids(engine, 'stress')).toEqual(['/rules/combat#strain']);
    expect(ids(engine, 'what is my armor class')[0]).toBe('/rules/combat#guard');
  });

  it('reads several words as one alias, and finds both the words as typed and the term', () => {
    const found = ids(engine, 'how many hit points do I have');
    expect(found).toContain('/rules/combat#health');
    expect(found).toContain('/guide/stories#old-soldiers');
    expect(ids(engine, 'upgrade points')[0]).toBe('/rules/gear#build-points');
  });

  it('ranks a heading with the words typed above one with the game\'s word (A2)', () => {
    const found = ids(engine, 'fatigue');
    expect(found.slice(0, 2)).toEqual(['/guide/stories#fatigue', '/rules/combat#strain']);
  });

  it('still needs every other word of the query', () => {
    expect(ids(engine, 'stress core')).toEqual(['/rules/combat#strain']);
    expect(ids(engine, 'stress bottles')).toEqual([]);
  });

  it('does not read an alias across a question word left out ("hit, how many points" is not "hit points")', () => {
    expect(ids(engine, 'hit how many points')).not.toContain('/rules/combat#health');
    expect(ids(engine, 'hit the points')).toContain('/rules/combat#health');
  });

  it('highlights the game\'s word it found', () => {
    expect(engine.search('stress').terms).toEqual(expect.arrayContaining(['stress', 'strain']));
  });

  it('writes the aliases once, in the manifest, and in no part file (F5)', () => {
    const { manifest, files } = createSearchIndex(site, 'x', undefined, glossary);
    expect(manifest.aliases).toEqual({ health: ['hit points', 'hp'], strain: ['fatigue', 'stress'], guard: ['armor class', 'defence'], 'build points': ['upgrade points'] });
    for (const [path, text] of files) if (path !== SEARCH_MANIFEST_PATH) expect(text, path).not.toContain('armor class');
  });
});
