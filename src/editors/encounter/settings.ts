/**
 * What the encounter tool keeps on this device beside the documents: the
 * default party (the player's setting, used by every new encounter) and
 * the encounter last edited (where "Add to encounter" links add).
 */
import type { EncounterHero } from './rules';

const DEFAULT_PARTY_KEY = 'nucleus:encounter:default-party';
const LAST_ENCOUNTER_KEY = 'nucleus:encounter:last';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

export function readDefaultParty(): EncounterHero[] {
  try {
    const parsed = JSON.parse(storage()?.getItem(DEFAULT_PARTY_KEY) ?? '[]') as unknown;
    return Array.isArray(parsed) ? (parsed as EncounterHero[]).filter((p) => p && typeof p.id === 'string' && p.snapshot && typeof p.snapshot.name === 'string') : [];
  } catch {
    return [];
  }
}

/** Keeps the party for new encounters; false when this device's storage refuses it. */
export function saveDefaultParty(party: readonly EncounterHero[]): boolean {
  try {
    storage()?.setItem(DEFAULT_PARTY_KEY, JSON.stringify(party));
    return !!storage();
  } catch {
    return false;
  }
}

export const lastEncounterId = (): string | null => storage()?.getItem(LAST_ENCOUNTER_KEY) ?? null;

export function rememberEncounter(id: string): void {
  try {
    storage()?.setItem(LAST_ENCOUNTER_KEY, id);
  } catch {
    // Without storage, "Add to encounter" starts a new encounter each time.
  }
}
