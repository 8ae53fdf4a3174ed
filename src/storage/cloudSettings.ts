/**
 * The player's settings in their cloud, beside their documents:
 * `users/{uid}/settings/encounter` holds the encounter tool's default party
 * (GAME.md §7 "Party"), so it follows the player to another device. The
 * device keeps its own copy too (the offline answer); whichever was saved
 * last wins (src/editors/encounter/settings.ts `newestParty`).
 *
 * The party travels as JSON text, as documents do (a Firestore map cannot
 * hold every JSON value); firestore.rules checks its size and that it is a
 * list, and the reader checks every hero before using one.
 *
 * Heavy (the Firestore SDK): import it dynamically, only once someone is
 * signed in.
 */
import { doc, getDoc, setDoc, type Firestore } from 'firebase/firestore';

/** Characters of the party's JSON text the rules accept (six heroes with attacks take about 3,000). */
export const MAX_PARTY_JSON = 100_000;

/** The default party as saved on one side, with when (Date.prototype.toISOString()). */
export interface SavedSetting {
  /** The heroes, as JSON text of a list. */
  json: string;
  savedAt: string;
}

/** A setting the cloud would refuse, with the sentence that says why. */
export class CloudSettingError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CloudSettingError';
  }
}

const settingsRef = (db: Firestore, uid: string) => doc(db, 'users', uid, 'settings', 'encounter');

/** The cloud's default party, or null when none was saved (or what is there is not one). */
export async function readCloudParty(db: Firestore, uid: string): Promise<SavedSetting | null> {
  const data = (await getDoc(settingsRef(db, uid))).data();
  if (!data || typeof data.defaultParty !== 'string' || typeof data.savedAt !== 'string') return null;
  return { json: data.defaultParty, savedAt: data.savedAt };
}

/**
 * Keeps the default party in the cloud (replacing the one there).
 * @throws CloudSettingError when the party is too large for the cloud; a Firestore error (offline, refused) as it comes.
 */
export async function writeCloudParty(db: Firestore, uid: string, saved: SavedSetting): Promise<void> {
  if (saved.json.length > MAX_PARTY_JSON) {
    throw new CloudSettingError(`This party is too large for your cloud settings (${saved.json.length.toLocaleString('en')} characters, the limit is ${MAX_PARTY_JSON.toLocaleString('en')}); it is kept on this device.`);
  }
  await setDoc(settingsRef(db, uid), { defaultParty: saved.json, savedAt: saved.savedAt });
}
