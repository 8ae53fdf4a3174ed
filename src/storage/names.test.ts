import { describe, expect, it } from 'vitest';
import { keptBothSentence, namesAlreadyHere, repeatedNames, shortId } from './names';

const doc = (id: string, name: string, kind: 'character' | 'core' = 'character') => ({ id, kind, name });

describe('same names', () => {
  it('marks every document whose kind and name another shares, as a player reads the name', () => {
    const docs = [doc('a1', 'Vex'), doc('b2', ' vex  '), doc('c3', 'Vex', 'core'), doc('d4', 'Orin')];
    expect([...repeatedNames(docs)].sort()).toEqual(['a1', 'b2']);
  });

  it('marks nothing when every name is its own', () => {
    expect(repeatedNames([doc('a', 'Vex'), doc('b', 'Vexa')]).size).toBe(0);
  });

  it('shortens an id to six letters or digits', () => {
    expect(shortId('3F2A-9c41-7d')).toBe('3f2a9c');
  });

  it('finds the imported names already here, once each, not the same id (a replacement)', () => {
    const here = [doc('old', 'Vex'), doc('same', 'Orin'), doc('core', 'Kest', 'core')];
    const incoming = [doc('new1', 'VEX'), doc('new2', 'Vex'), doc('same', 'Orin'), doc('new3', 'Kest')];
    expect(namesAlreadyHere(incoming, here).map((d) => d.id)).toEqual(['new1']);
  });

  it('says which name was kept twice', () => {
    expect(keptBothSentence([doc('n', 'Vex')])).toBe('A character named “Vex” was already here: kept both (the list tells them apart by date and id).');
    expect(keptBothSentence([])).toBe('');
    expect(keptBothSentence([doc('n', 'Vex'), doc('m', 'Kest', 'core')])).toContain('2 documents have the name of one already here (“Vex”, “Kest”)');
  });
});
