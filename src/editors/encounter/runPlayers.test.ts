import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { webStorage } from '../../storage/testing/webStorage';
import { forgetPlayers, keepPlayers, readPlayers, samePlayers } from './runPlayers';

const vex = { id: 'c1', owner: 'ana', name: 'Vex', document: null };
const rook = { id: 'c2', owner: 'bo', name: 'Rook', document: null };

describe('the players of a run, kept for the first turn after a reload', () => {
  let storage: ReturnType<typeof webStorage>;
  beforeEach(() => {
    storage = webStorage();
    vi.stubGlobal('localStorage', storage);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('reads back what was kept for the same encounter and campaign, without the character documents', () => {
    keepPlayers('e1', 'camp', [{ ...vex, document: { id: 'c1' } as never }, rook]);
    expect(readPlayers('e1', 'camp')).toEqual([vex, rook]);
    expect(readPlayers('e2', 'camp')).toBeNull();
    // Another campaign's players never publish this one's heroes.
    expect(readPlayers('e1', 'other')).toBeNull();
    forgetPlayers('e1');
    expect(readPlayers('e1', 'camp')).toBeNull();
  });

  it('hostile or broken stored text reads as nothing kept, and malformed entries are dropped', () => {
    storage.setItem('nucleus-run-players:e1', '{not json');
    expect(readPlayers('e1', 'camp')).toBeNull();
    storage.setItem('nucleus-run-players:e1', JSON.stringify({ cid: 'camp', players: [{ id: 1, owner: 'x', name: 'y' }, null, { id: 'c2', owner: 'bo', name: 'Rook' }] }));
    expect(readPlayers('e1', 'camp')).toEqual([rook]);
  });

  it('a full storage keeps nothing and throws nothing', () => {
    storage.failWrites = true;
    expect(() => keepPlayers('e1', 'camp', [vex])).not.toThrow();
    expect(readPlayers('e1', 'camp')).toBeNull();
  });

  it('the same players in any order are the same; another owner or name is not', () => {
    expect(samePlayers([vex, rook], [rook, vex])).toBe(true);
    expect(samePlayers([vex], [{ ...vex, owner: 'bo' }])).toBe(false);
    expect(samePlayers([vex], [{ ...vex, name: 'Vexa' }])).toBe(false);
    expect(samePlayers([vex], [vex, rook])).toBe(false);
  });
});
