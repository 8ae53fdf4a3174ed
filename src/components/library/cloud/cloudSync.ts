/**
 * Joins accounts and storage in the browser: while someone is signed in on
 * an editor or library page, a SyncEngine carries this device's documents
 * to their cloud and back. Everything heavy (the Firestore SDK, the
 * repositories) is imported only once someone is signed in.
 */
import { atom } from 'nanostores';
import { accountElsewhereSentence, accountStanding, authConfig, loadSdk } from '../../../auth';
import { $accountDocumentCounts, $user, initAuth, rememberAccountDeleted, showAccountDeleted } from '../../../stores/user';
import { $syncStatus, browserLock, type SyncEngine } from '../../../storage/sync';
import { FIRESTORE_EMULATOR_OVERRIDE_KEY, firestoreEmulatorTarget, type FirestoreTarget } from '../../../storage/cloudConfig';
import type { CloudRepository } from '../../../storage/cloud';
import type { AccountEraseReport } from '../../../storage/cloudErase';
import type { SavedSetting } from '../../../storage/cloudSettings';
import type { DocumentRepository } from '../../../storage/types';
import { cloudProblem } from '../../../storage/problems';
import type { Firestore } from 'firebase/firestore';

/** The running engine (null: nobody signed in, or the cloud is unavailable). */
export const $cloudEngine = atom<SyncEngine | null>(null);

const UNAVAILABLE_EMULATOR =
  'Cloud sync is unavailable: the Firestore emulator is not running (`npm start` starts it when its jar is installed). Your documents are kept on this device.';

function target(): FirestoreTarget | null {
  let override: string | null = null;
  try {
    override = localStorage.getItem(FIRESTORE_EMULATOR_OVERRIDE_KEY);
  } catch {
    // no storage: the build's setting only
  }
  return firestoreEmulatorTarget(authConfig.emulatorUrl, import.meta.env.PUBLIC_FIREBASE_FIRESTORE_EMULATOR_HOST, override);
}

async function reachable(t: FirestoreTarget): Promise<boolean> {
  try {
    await fetch(`http://${t.host}:${t.port}/`, { mode: 'no-cors', cache: 'no-store', signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
}

/** The cloud cannot be reached at all (no emulator, no account service). */
export class CloudUnavailable extends Error {}

/** The signed-in user's Firestore (loads the SDKs). */
async function openDb(): Promise<Firestore> {
  const t = target();
  if (t && !(await reachable(t))) throw new CloudUnavailable(UNAVAILABLE_EMULATOR);
  await loadSdk(); // the app and the signed-in Auth that Firestore takes its token from
  const [{ getApps }, cloud] = await Promise.all([import('firebase/app'), import('../../../storage/cloud')]);
  const app = getApps()[0];
  if (!app) throw new CloudUnavailable('Cloud sync is unavailable: the account service did not start.');
  return cloud.openFirestore(app, t);
}

/** The signed-in user's cloud repository (loads the SDKs). */
export async function openCloud(uid: string): Promise<CloudRepository> {
  const [db, cloud] = await Promise.all([openDb(), import('../../../storage/cloud')]);
  return new cloud.CloudRepository(db, uid);
}

/** The signed-in person's campaigns in the cloud (loads the SDKs). */
export async function openCampaignCloud(uid: string, displayName: string): Promise<import('../../../storage/campaigns/cloud').CampaignCloud> {
  const [db, { CampaignCloud }] = await Promise.all([openDb(), import('../../../storage/campaigns/cloud')]);
  return new CampaignCloud(db, uid, displayName);
}

/** The signed-in player's default party in their cloud settings (loads the SDKs). */
export async function openPartyCloud(uid: string): Promise<{ read(): Promise<SavedSetting | null>; write(saved: SavedSetting): Promise<void> }> {
  const [db, settings] = await Promise.all([openDb(), import('../../../storage/cloudSettings')]);
  return { read: () => settings.readCloudParty(db, uid), write: (saved) => settings.writeCloudParty(db, uid, saved) };
}

async function localRepository(): Promise<DocumentRepository> {
  const { activeRepository } = await import('../../../storage/active');
  return activeRepository();
}

/**
 * Why the cloud refused this account's writes when the account itself is
 * why: deleted or turned off elsewhere (this device is then signed out, and
 * the header's "Account deleted" notice says so, on this page and the next),
 * or being deleted on another device (its tombstone stands). Null: the
 * account stands, and the refusal's own sentence holds.
 */
async function accountRefusal(uid: string): Promise<string | null> {
  const [db, { tombstoneStands }, sdk] = await Promise.all([openDb(), import('../../../storage/cloudErase'), loadSdk()]);
  // The tombstone first: once the SDK finds the account gone it signs out, and the read would be refused.
  const tombstone = await tombstoneStands(db, uid).catch(() => false);
  const standing = accountStanding(await sdk.refreshToken(), tombstone);
  const sentence = accountElsewhereSentence(standing);
  if (sentence && (standing === 'deleted' || standing === 'disabled')) {
    rememberAccountDeleted(sentence);
    showAccountDeleted(sentence);
    await sdk.forget(); // the SDK has usually signed out already; this makes sure
  }
  return sentence;
}

let current: { uid: string; engine: SyncEngine } | null = null;
let pending: string | null = null;

async function follow(uid: string | null): Promise<void> {
  if (current && current.uid !== uid) {
    current.engine.stop();
    current = null;
    $cloudEngine.set(null);
  }
  if (!uid || current || pending === uid) return;
  pending = uid;
  try {
    const [cloud, local, { SyncEngine }, { SyncStore }] = await Promise.all([
      openCloud(uid),
      localRepository(),
      import('../../../storage/sync'),
      import('../../../storage/syncStore'),
    ]);
    const store = await SyncStore.open(uid);
    if ($user.get()?.uid !== uid) return; // signed out meanwhile
    const engine = new SyncEngine({ local, cloud, store, lock: browserLock(`nucleus-sync-${uid}`), explainRefusal: () => accountRefusal(uid) });
    current = { uid, engine };
    $cloudEngine.set(engine);
    await engine.start();
  } catch (e) {
    const message = e instanceof CloudUnavailable ? e.message : `Cloud sync is unavailable: ${cloudProblem(e)}`;
    $syncStatus.set({ phase: 'unavailable', waiting: 0, conflicts: 0, message });
  } finally {
    pending = null;
  }
}

let started = false;

/** Runs sync while someone is signed in (editor and library pages call it once). */
export function startCloudSync(): void {
  if (started) return;
  started = true;
  initAuth();
  $user.subscribe((u) => void follow(u?.uid ?? null));
}

/**
 * Before the account `uid` is deleted: cloud sync stops for it in every tab
 * (this tab's engine ends; the others find their shared sync store paused,
 * set under the same lock their runs take), then every cloud document and
 * version of it is erased. Should the erase fail, sync is put back as it
 * was and the error is thrown: the account must then stay.
 */
/** Undoes a deletion that stopped after the cloud was erased: the account keeps its id and may save again. */
export async function keepAccountCloud(uid: string): Promise<void> {
  const [db, { keepAccount }] = await Promise.all([openDb(), import('../../../storage/cloudErase')]);
  await keepAccount(db, uid);
}

export async function eraseAccountCloud(uid: string): Promise<AccountEraseReport> {
  if (current?.uid === uid) {
    current.engine.stop();
    current = null;
    $cloudEngine.set(null);
  }
  try {
    const [db, { eraseAccountDocuments }, { SyncStore }] = await Promise.all([openDb(), import('../../../storage/cloudErase'), import('../../../storage/syncStore')]);
    const store = await SyncStore.open(uid);
    try {
      return await browserLock(`nucleus-sync-${uid}`)(async () => {
        const wasPaused = (await store.setting<boolean>('paused')) ?? false;
        await store.setSetting('paused', true);
        try {
          const report = await eraseAccountDocuments(db, uid);
          await store.clear();
          return report;
        } catch (e) {
          await store.setSetting('paused', wasPaused);
          throw e;
        }
      });
    } finally {
      store.close();
    }
  } finally {
    // On a sync page the engine comes back: paused after an erase, as before after a failure.
    if (started && $user.get()?.uid === uid) void follow(uid);
  }
}

/** Documents kept on this device (what stays when the account goes). */
export async function countDeviceDocuments(): Promise<number> {
  const local = await localRepository();
  return (await (local.summaries?.() ?? local.list())).length;
}

/** Fills the profile dialog's "stored locally / in the cloud" counts. */
export async function refreshAccountCounts(): Promise<void> {
  const uid = $user.get()?.uid;
  const local = await localRepository();
  const here = (await (local.summaries?.() ?? local.list())).length;
  $accountDocumentCounts.set({ local: here, cloud: null });
  if (!uid) return;
  let cloud: number | null = null;
  try {
    const repo = current?.uid === uid ? null : await openCloud(uid);
    cloud = repo ? (await repo.list()).length : ((await current?.engine.counts())?.cloud ?? null);
  } catch {
    cloud = null;
  }
  if ($user.get()?.uid === uid) $accountDocumentCounts.set({ local: here, cloud });
}
