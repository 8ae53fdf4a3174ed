/**
 * What the encounter tool keeps beside the documents: the default party
 * (the player's setting, used by every new encounter) and the encounter
 * last edited (where "Add to encounter" links add).
 *
 * The default party lives on this device (the offline answer, read
 * synchronously when a new encounter starts) and, when the player is signed
 * in, in their cloud settings too (storage/cloudSettings.ts), so it follows
 * them to another device. Each copy carries when it was saved; whichever is
 * newer wins (`newestParty`), and the other side is brought up to it.
 */
import type { EncounterHero } from './rules';

const DEFAULT_PARTY_KEY = 'nucleus:encounter:default-party';
const LAST_ENCOUNTER_KEY = 'nucleus:encounter:last';

/** The default party as one side keeps it. `savedAt` is '' for a copy kept before times were (older than any). */
export interface SavedParty {
  party: EncounterHero[];
  savedAt: string;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** The heroes of a stored party that read as heroes; anything else is dropped (a hand-edited or damaged copy). */
function heroesIn(value: unknown): EncounterHero[] {
  return Array.isArray(value) ? (value as EncounterHero[]).filter((p) => p && typeof p.id === 'string' && p.snapshot && typeof p.snapshot.name === 'string') : [];
}

/** A party saved as JSON (this device's copy, or the cloud's `{ json, savedAt }`); null when it does not read. */
export function parseSavedParty(json: string | null | undefined, savedAt?: string): SavedParty | null {
  if (!json) return null;
  try {
    const value = JSON.parse(json) as unknown;
    // This device's copy is { party, savedAt }; before times were kept it was the bare list.
    if (Array.isArray(value)) return { party: heroesIn(value), savedAt: savedAt ?? '' };
    const saved = value as Partial<SavedParty> | null;
    return saved && Array.isArray(saved.party) ? { party: heroesIn(saved.party), savedAt: typeof saved.savedAt === 'string' ? saved.savedAt : '' } : null;
  } catch {
    return null;
  }
}

export const readSavedParty = (): SavedParty | null => parseSavedParty(storage()?.getItem(DEFAULT_PARTY_KEY));

export const readDefaultParty = (): EncounterHero[] => readSavedParty()?.party ?? [];

/** Keeps `saved` as this device's copy; false when this device's storage refuses it. */
export function keepSavedParty(saved: SavedParty): boolean {
  try {
    const s = storage();
    s?.setItem(DEFAULT_PARTY_KEY, JSON.stringify(saved));
    return !!s;
  } catch {
    return false;
  }
}

/** Keeps the party for new encounters, stamped now; null when this device's storage refuses it. */
export function saveDefaultParty(party: readonly EncounterHero[], now: string = new Date().toISOString()): SavedParty | null {
  const saved = { party: [...party], savedAt: now };
  return keepSavedParty(saved) ? saved : null;
}

/**
 * Which copy of the default party wins: the one saved last (ISO times
 * compare as text). A tie keeps this device's, so nothing is written back
 * and forth. `device`/`cloud` say which side must take the winner.
 */
export function newestParty(here: SavedParty | null, there: SavedParty | null): { winner: SavedParty | null; device: boolean; cloud: boolean } {
  if (!there) return { winner: here, device: false, cloud: !!here };
  if (!here || there.savedAt > here.savedAt) return { winner: there, device: true, cloud: false };
  return { winner: here, device: false, cloud: there.savedAt !== here.savedAt };
}

/** The signed-in player's cloud copy, as storage/cloudSettings.ts reads and writes it. */
export interface PartyCloud {
  read(): Promise<{ json: string; savedAt: string } | null>;
  write(saved: { json: string; savedAt: string }): Promise<void>;
}

/**
 * Brings this device and the cloud to the newest default party (when the
 * tool opens signed in, and after "Save as default party"). A device copy
 * from before times were kept is stamped now if the cloud has none.
 * @throws what the cloud throws (offline, refused): this device's copy stays the answer.
 */
export async function syncDefaultParty(cloud: PartyCloud, now: string = new Date().toISOString()): Promise<SavedParty | null> {
  const remote = await cloud.read();
  const { winner, device, cloud: toCloud } = newestParty(readSavedParty(), remote ? parseSavedParty(remote.json, remote.savedAt) : null);
  if (!winner) return null;
  if (device) keepSavedParty(winner);
  if (toCloud) await cloud.write({ json: JSON.stringify(winner.party), savedAt: winner.savedAt || now });
  return winner;
}

export const lastEncounterId = (): string | null => storage()?.getItem(LAST_ENCOUNTER_KEY) ?? null;

export function rememberEncounter(id: string): void {
  try {
    storage()?.setItem(LAST_ENCOUNTER_KEY, id);
  } catch {
    // Without storage, "Add to encounter" starts a new encounter each time.
  }
}
