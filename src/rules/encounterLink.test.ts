import { describe, it, expect } from 'vitest';
import { addToEncounterHref, checkTableEncounter, decodeEncounterLink, encodeEncounterLink, encounterLinkHref, parseCreatureList, parseCrew } from './index';

const lobby = { title: 'Lobby ambush — «night»', creatures: [['aegis-security-officer', 2], ['scuttler-drone', 2]] as [string, number][], crew: [4, 2] as [number, number] };

describe('encounter links', () => {
  it('L1 an encounter goes into an address and comes back the same (any title), under the base path', () => {
    const value = encodeEncounterLink(lobby);
    expect(value).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeEncounterLink(value)).toEqual(lobby);
    expect(decodeEncounterLink(encodeEncounterLink({ title: '', creatures: [['gutter-hound', 1]] }))).toEqual({ title: '', creatures: [['gutter-hound', 1]] });
    expect(encounterLinkHref(lobby, '/sub')).toBe(`/sub/nucleus/EncounterEditor#encounter=${value}`);
    expect(addToEncounterHref('gutter-hound')).toBe('/nucleus/EncounterEditor#add=gutter-hound');
  });

  it('L2 a damaged or foreign link is refused with a sentence, never a parser’s words', () => {
    const value = encodeEncounterLink(lobby);
    expect(() => decodeEncounterLink(value.slice(0, 9))).toThrow('This encounter link is damaged (it was cut short or changed): copy it again.');
    expect(() => decodeEncounterLink('a+b')).toThrow('This encounter link is damaged (it has characters a link never makes): copy it again.');
    expect(() => decodeEncounterLink(btoa('[1,2]'))).toThrow('This encounter link holds no encounter.');
    expect(() => decodeEncounterLink(btoa('{"creatures":[]}').replace(/=+$/, ''))).toThrow('This encounter link names no creatures.');
  });

  it('L3 `::encounter` attributes: creatures as id*count split by commas (*1 may be left out), crew as heroes@rank', () => {
    expect(parseCreatureList('aegis-security-officer*2, scuttler-drone')).toEqual([['aegis-security-officer', 2], ['scuttler-drone', 1]]);
    expect(parseCrew(' 4@2 ')).toEqual([4, 2]);
    expect(() => parseCreatureList('Scuttler*2')).toThrow("'Scuttler*2' is not a creature: write a bestiary id and a count, e.g. scuttler-drone*2.");
    expect(() => parseCreatureList('scuttler-drone*0')).toThrow("'scuttler-drone*0' has a bad count: a count is a whole number from 1 to 20.");
    expect(() => parseCreatureList('scuttler-drone*two')).toThrow('has a bad count');
    expect(() => parseCreatureList(' , ')).toThrow('creatures is empty');
    expect(() => parseCrew('four')).toThrow("crew 'four' is not a crew: write heroes@rank");
    expect(() => parseCrew('4@11')).toThrow('A crew is 1 to 12 heroes of a rank from 1 to 10.');
  });

  it('L4 counts are 1–20, crews 1–12 heroes of rank 1–10, ids kebab-case; a title is trimmed to 120 characters', () => {
    expect(() => checkTableEncounter({ title: 'x', creatures: [['scuttler-drone', 21]] })).toThrow('asks for 21 of scuttler-drone');
    expect(() => checkTableEncounter({ title: 'x', creatures: [['<script>', 1]] })).toThrow('not a bestiary id');
    expect(() => checkTableEncounter({ title: 'x', creatures: [['a', 1]], crew: [0, 2] })).toThrow('A crew is 1 to 12 heroes');
    expect(checkTableEncounter({ title: ` ${'a'.repeat(200)} `, creatures: [['a', 1]] }).title).toHaveLength(120);
  });
});
