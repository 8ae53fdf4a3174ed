/**
 * Who plays each hero of a fight run in a campaign (the campaign's shared
 * characters: id, owner, name), as the run last read them, kept on this
 * device. After the game master reloads, the tracker publishes with these
 * at once instead of waiting for the campaign's characters to be read
 * again (the first turn after a reload reached the players in about 2 s);
 * the read still happens and replaces them when they changed.
 */
import type { SharedCharacter } from '../../storage/campaigns';

const playersKey = (encounterId: string) => `nucleus-run-players:${encounterId}`;

interface Kept {
  cid: string;
  players: { id: string; owner: string; name: string }[];
}

const isText = (v: unknown): v is string => typeof v === 'string';

/** The players kept for this encounter in campaign `cid`, or null (none kept, another campaign's, or unreadable). */
export function readPlayers(encounterId: string, cid: string): SharedCharacter[] | null {
  try {
    const kept = JSON.parse(localStorage.getItem(playersKey(encounterId)) ?? 'null') as Kept | null;
    if (!kept || kept.cid !== cid || !Array.isArray(kept.players)) return null;
    const players = kept.players.filter((p) => p && isText(p.id) && isText(p.owner) && isText(p.name));
    return players.map((p) => ({ id: p.id, owner: p.owner, name: p.name, document: null }));
  } catch {
    return null;
  }
}

export function keepPlayers(encounterId: string, cid: string, characters: SharedCharacter[]): void {
  const kept: Kept = { cid, players: characters.map((c) => ({ id: c.id, owner: c.owner, name: c.name })) };
  try {
    localStorage.setItem(playersKey(encounterId), JSON.stringify(kept));
  } catch {
    // Storage full or refused: the next reload waits for the read, as before.
  }
}

export function forgetPlayers(encounterId: string): void {
  try {
    localStorage.removeItem(playersKey(encounterId));
  } catch {
    // nothing kept
  }
}

/** The same players of the same heroes (what `heroOwners` reads). */
export function samePlayers(a: SharedCharacter[], b: SharedCharacter[]): boolean {
  const key = (list: SharedCharacter[]) => JSON.stringify(list.map((c) => [c.id, c.owner, c.name]).sort());
  return key(a) === key(b);
}
