/**
 * The default party and the player's cloud: synced when the tool opens
 * signed in, and sent up by "Save as default party". The cloud code loads
 * only for a signed-in player (cloudSync.ts, already loaded on their page).
 */
import { $user } from '../../stores/user';
import { whyFailed } from '../../storage/problems';
import { saveDefaultParty, syncDefaultParty, type PartyCloud } from './settings';
import type { EncounterHero } from './rules';

async function partyCloud(): Promise<PartyCloud | null> {
  const uid = $user.get()?.uid;
  if (!uid) return null;
  const { openPartyCloud } = await import('../../components/library/cloud/cloudSync');
  return openPartyCloud(uid);
}

/** Brings this device's default party and the cloud's to the newest; a cloud out of reach leaves this device's as it is. */
export async function followCloudParty(): Promise<void> {
  const cloud = await partyCloud().catch(() => null);
  if (cloud) await syncDefaultParty(cloud).catch(() => undefined);
}

/** Saves the party for new encounters here and, signed in, in the cloud; the sentence says where it went. */
export async function saveParty(party: readonly EncounterHero[]): Promise<string> {
  const saved = saveDefaultParty(party);
  if (!saved) return 'This device would not keep the party (its storage is off or full).';
  try {
    const cloud = await partyCloud();
    if (!cloud) return 'Saved: new encounters on this device start with this party.';
    // Written as it is, not compared: the player just chose it (another device's clock may run ahead).
    await cloud.write({ json: JSON.stringify(saved.party), savedAt: saved.savedAt });
    return 'Saved: new encounters start with this party, on this device and on every device where you sign in.';
  } catch (e) {
    return `Saved on this device. Your cloud settings did not take it. ${whyFailed(e, 'The cloud could not be reached.')} It goes up the next time the tool opens while you are signed in.`;
  }
}
