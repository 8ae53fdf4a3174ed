/**
 * Test helper: the real Firestore emulator for a vitest file (its own, on a
 * free port, or the one FIRESTORE_EMULATOR_PORT names) and Firestore
 * clients acting as a given user through `mockUserToken`.
 *
 * Each file gets a project of its own on the run's one emulator (which keeps
 * projects' documents apart), with the rules pushed to it, so that no file
 * reads, lists or listens to another's documents; they are deleted when the
 * file ends, so the emulator does not hold every file's data to the end of
 * the run.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { connectFirestoreEmulator, getFirestore, terminate, type Firestore } from 'firebase/firestore';
import { clearFirestore, ensureTestFirestore, pushRules } from '../../../scripts/firestore-emulator.mjs';
import { openFirestore } from '../cloud';

/** A project id the emulator accepts (`demo-` needs no credentials), new for each file. */
const testProject = (): string => `demo-nucleus-${Math.random().toString(36).slice(2, 10)}`;

export function useFirestoreEmulator() {
  const projectId = testProject();
  let emulator: { url: string; port: number; stop: () => Promise<void> } | null = null;
  let startError: Error | null = null;
  const apps: FirebaseApp[] = [];
  const dbs: Firestore[] = [];

  beforeAll(async () => {
    try {
      emulator = await ensureTestFirestore();
      await pushRules(emulator.url, projectId);
    } catch (e) {
      // Every test then fails with this sentence (say, how to get the jar): never a silent skip.
      startError = e as Error;
    }
  });

  afterAll(async () => {
    await Promise.all(dbs.map((db) => terminate(db).catch(() => {})));
    await Promise.all(apps.map((a) => deleteApp(a).catch(() => {})));
    // The shared emulator runs on to the end of the run: it need not keep this file's documents.
    if (emulator) await clearFirestore(emulator.url, projectId).catch(() => {});
    await emulator?.stop();
  });

  return {
    /** Throws the start error (no jar, port taken…) so the test fails with it. */
    ready(): void {
      if (startError) throw startError;
      if (!emulator) throw new Error('The Firestore emulator is not running.');
    },
    /**
     * A fresh Firestore client acting as `uid` (null: signed out). `claims`
     * go into its ID token: say, `auth_time` (seconds) for a sign-in made at
     * a given time; without it the token's sign-in is at 0 (1970), older
     * than anything a test writes.
     */
    async open(uid: string | null, claims: Record<string, unknown> = {}): Promise<Firestore> {
      const app = initializeApp({ projectId, apiKey: 'demo-api-key' }, `t${apps.length}-${Math.random().toString(36).slice(2)}`);
      apps.push(app);
      const db = openFirestore(app, { host: '127.0.0.1', port: emulator!.port, ...(uid ? { mockUserToken: { user_id: uid, sub: uid, ...claims } } : {}) });
      dbs.push(db);
      return db;
    },
    /**
     * A client past the security rules (the emulator's "owner" token), to
     * arrange data no app client may write, such as more versions of a
     * document than the rules let one commit make.
     */
    async openAsOwner(): Promise<Firestore> {
      const app = initializeApp({ projectId, apiKey: 'demo-api-key' }, `owner${apps.length}-${Math.random().toString(36).slice(2)}`);
      apps.push(app);
      const db = getFirestore(app);
      connectFirestoreEmulator(db, '127.0.0.1', emulator!.port, { mockUserToken: 'owner' });
      dbs.push(db);
      return db;
    },
  };
}

/** Resolves when the rules refuse the request; fails the test (naming `what`) if it went through. */
export async function refused(request: Promise<unknown>, what: string): Promise<void> {
  const code = await request.then(
    () => 'allowed',
    (e: { code?: string }) => e.code ?? String(e),
  );
  expect(code, `${what} must be refused`).toBe('permission-denied');
}
