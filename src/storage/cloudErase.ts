/**
 * Erasing a user's cloud before their account goes (issue 23): every
 * document under `users/{uid}/documents` and every version in each one's
 * `versions` subcollection, and the player's settings (`users/{uid}/settings`),
 * so "Delete my account" deletes what it promises.
 *
 * Firestore keeps a subcollection when its parent document is deleted, so
 * the versions are listed and deleted one by one, always before (or in the
 * same batch as) their document: a run cut short leaves documents that the
 * next run finds again, never versions nobody can list. Writes go in batches
 * of at most 500, Firestore's limit for one commit.
 *
 * Reads go to the server: the browser SDK answers a plain query from its
 * cache of a watched collection, which can miss a save committed a moment
 * ago. A second look after each pass catches what another device saved
 * meanwhile; if it keeps coming back, the erase stops and says so, and the
 * caller must not delete the account.
 *
 * Heavy (the Firestore SDK): import it dynamically.
 */
import {
  collection,
  deleteDoc,
  doc,
  getDocFromServer,
  getDocsFromServer,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
  type CollectionReference,
  type DocumentReference,
  type Firestore,
  type QuerySnapshot,
} from 'firebase/firestore';
import { CampaignCloud } from './campaigns/cloud';

/** Writes Firestore takes in one batch. */
export const MAX_BATCH_WRITES = 500;
/** Looks at the cloud after an erase before giving up on a device that keeps saving. */
export const MAX_ERASE_PASSES = 3;

/** Server reads tried while the client is still connecting (waiting 1 s, then 2 s, then 4 s). */
export const SERVER_READ_ATTEMPTS = 4;

/** What an erase deleted: documents (each counted once) and their versions. */
export interface EraseReport {
  documents: number;
  versions: number;
}

export interface EraseOptions {
  /** Writes per batch (1–500); smaller only to exercise batching in tests. */
  batchSize?: number;
}

export class CloudEraseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CloudEraseError';
  }
}

/** `items` in runs of at most `size`, in order. */
export function inBatches<T>(items: readonly T[], size: number): T[][] {
  const runs: T[][] = [];
  for (let i = 0; i < items.length; i += size) runs.push(items.slice(i, i + size));
  return runs;
}

interface Found {
  /** Each document's versions, then the document: the order they may go in. */
  refs: DocumentReference[];
  documentIds: string[];
  versionPaths: string[];
}

/**
 * A read from the server. A client that has not reached the backend within
 * 10 s calls itself offline and refuses (`unavailable`) while it keeps
 * connecting, which a slow connection or a busy machine can take: ask again
 * a few times, unless the browser knows it is offline.
 */
async function fromServer(ref: CollectionReference): Promise<QuerySnapshot> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await getDocsFromServer(ref);
    } catch (e) {
      const offline = globalThis.navigator?.onLine === false;
      if ((e as { code?: string }).code !== 'unavailable' || offline || attempt >= SERVER_READ_ATTEMPTS) throw e;
      await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** (attempt - 1)));
    }
  }
}

async function findAll(db: Firestore, uid: string): Promise<Found> {
  const documents = await fromServer(collection(db, 'users', uid, 'documents'));
  const found: Found = { refs: [], documentIds: [], versionPaths: [] };
  for (const d of documents.docs) {
    const versions = await fromServer(collection(d.ref, 'versions'));
    for (const v of versions.docs) {
      found.refs.push(v.ref);
      found.versionPaths.push(v.ref.path);
    }
    found.refs.push(d.ref);
    found.documentIds.push(d.id);
  }
  // Settings (the default party) go with the documents, uncounted: the report names documents.
  for (const s of (await fromServer(collection(db, 'users', uid, 'settings'))).docs) found.refs.push(s.ref);
  return found;
}

function checkArguments(uid: string, batchSize: number): void {
  if (typeof uid !== 'string' || uid.trim() === '' || uid.includes('/')) {
    throw new CloudEraseError(`eraseCloudDocuments: uid must be a user id (not empty, no "/"), not ${JSON.stringify(uid)}.`);
  }
  if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH_WRITES) {
    throw new CloudEraseError(`eraseCloudDocuments: batchSize must be a whole number from 1 to ${MAX_BATCH_WRITES}, not ${batchSize}.`);
  }
}

/**
 * Deletes every cloud document and version of `uid` with `db` (which must
 * act as that user: firestore.rules let only the owner delete). Resolves
 * once a fresh look at the server finds nothing left.
 *
 * @throws CloudEraseError when another device keeps saving documents; a
 *   Firestore error (offline, refused) as it comes. Either way the account
 *   must stay: what is left is still the user's.
 */
export async function eraseCloudDocuments(db: Firestore, uid: string, options: EraseOptions = {}): Promise<EraseReport> {
  const batchSize = options.batchSize ?? MAX_BATCH_WRITES;
  checkArguments(uid, batchSize);
  const documents = new Set<string>();
  const versions = new Set<string>();
  for (let pass = 0; pass <= MAX_ERASE_PASSES; pass++) {
    const found = await findAll(db, uid);
    if (found.refs.length === 0) return { documents: documents.size, versions: versions.size };
    if (pass === MAX_ERASE_PASSES) break;
    for (const run of inBatches(found.refs, batchSize)) {
      const batch = writeBatch(db);
      for (const ref of run) batch.delete(ref);
      await batch.commit();
    }
    for (const id of found.documentIds) documents.add(id);
    for (const path of found.versionPaths) versions.add(path);
  }
  throw new CloudEraseError(
    'Documents kept arriving in your cloud while Nucleus was deleting them (another device is still saving). Close Nucleus on your other devices and try again.',
  );
}

/**
 * The account's tombstone (`tombstones/{uid}`, firestore.rules `alive`).
 * While it stands the rules refuse every write under the account from any
 * device: a device still signed in elsewhere keeps a valid token for up to
 * an hour after the account is deleted, and would otherwise save documents
 * back under its id (or take the tombstone down).
 */
export function tombstoneRef(db: Firestore, uid: string): DocumentReference {
  return doc(db, 'tombstones', uid);
}

/**
 * Whether the account's tombstone stands, unlifted (no key handed in): a
 * device is deleting the account, or has. Asked of the server, not the
 * cache: a device that met a refusal wants to know why now.
 */
export async function tombstoneStands(db: Firestore, uid: string): Promise<boolean> {
  const snap = await getDocFromServer(tombstoneRef(db, uid));
  return snap.exists() && !('key' in snap.data());
}

/**
 * The key of each tombstone this page wrote, kept in memory only: the
 * tombstone holds its SHA-256 (`lock`), and the rules let only the key, or
 * a sign-in made after the tombstone, take it down. So the device that
 * started a deletion can undo it while the account stands, and a token
 * from before the deletion, wherever it is, never can.
 */
const tombstoneKeys = new Map<string, string>();

function hex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** A new key (32 random bytes, 64 hex characters) and its SHA-256 in hex, as the rules compute it. */
export async function newTombstoneKey(): Promise<{ key: string; lock: string }> {
  const key = hex(crypto.getRandomValues(new Uint8Array(32)));
  const lock = hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key)));
  return { key, lock };
}

/** Writes the tombstone (dated by the server), locked with a key this page keeps. */
export async function raiseTombstone(db: Firestore, uid: string): Promise<void> {
  const { key, lock } = await newTombstoneKey();
  await setDoc(tombstoneRef(db, uid), { deletedAt: serverTimestamp(), lock });
  tombstoneKeys.set(uid, key);
}

/**
 * Takes the tombstone down: with this page's key when it wrote it (the key
 * goes in first, which already lets the account write again, then the
 * tombstone goes), else as a sign-in made after it. Harmless when there is none.
 * @throws CloudEraseError when neither holds (say, the page was reloaded
 *   since the deletion began): signing in again is what lifts it then.
 */
export async function liftTombstone(db: Firestore, uid: string): Promise<void> {
  const ref = tombstoneRef(db, uid);
  const key = tombstoneKeys.get(uid);
  try {
    if (key) await updateDoc(ref, { key }).catch((e: { code?: string }) => {
      if (e?.code !== 'not-found') throw e;
    });
    await deleteDoc(ref);
  } catch (e) {
    if ((e as { code?: string }).code !== 'permission-denied') throw e;
    throw new CloudEraseError('Your account’s deletion was started on this device before a reload, so it cannot be undone from here: sign out, sign in again, and your documents save to the cloud again.');
  }
  tombstoneKeys.delete(uid);
}

/** What deleting an account's cloud did: its documents, and the campaigns it ran (deleted) and belonged to (left). */
export interface AccountEraseReport extends EraseReport {
  campaigns: { deleted: number; left: number };
}

/**
 * The cloud half of deleting an account: the tombstone first, then the
 * person's campaigns (those they run are deleted, the others left), then
 * every document and version. The campaigns come after the tombstone so no
 * device can start or join one meanwhile (the rules still let the person
 * delete, and write the record a deleted campaign leaves), and before the
 * documents because they are what other people see. If a step fails the
 * tombstone is taken down again (best effort), since the account stays and
 * must be able to save; what was already deleted stays deleted and the next
 * attempt finishes the rest. If the account itself is then not deleted,
 * `keepAccount` undoes the tombstone.
 * @throws as `eraseCloudDocuments` and `CampaignCloud.endAll`
 */
export async function eraseAccountDocuments(db: Firestore, uid: string, options: EraseOptions = {}): Promise<AccountEraseReport> {
  checkArguments(uid, options.batchSize ?? MAX_BATCH_WRITES);
  await raiseTombstone(db, uid);
  try {
    const campaigns = await new CampaignCloud(db, uid, '').endAll();
    return { ...(await eraseCloudDocuments(db, uid, options)), campaigns };
  } catch (e) {
    await liftTombstone(db, uid).catch(() => {});
    throw e;
  }
}

/** Undoes a deletion stopped after the erase (the account was kept): the account can save again. */
export async function keepAccount(db: Firestore, uid: string): Promise<void> {
  await liftTombstone(db, uid);
}
