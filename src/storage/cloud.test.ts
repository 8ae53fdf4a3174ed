/**
 * The cloud suite (cloud.suite.ts) from Node against the real Firestore
 * emulator, started here (or reused) with firestore.rules. Users are
 * `mockUserToken`s; tests/e2e/cloud.spec.ts runs the same suite in Chromium.
 */
import { afterAll, beforeAll, describe, it } from 'vitest';
import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app';
import { terminate, type Firestore } from 'firebase/firestore';
import { ensureTestFirestore } from '../../scripts/firestore-emulator.mjs';
import { openFirestore } from './cloud';
import { cloudSuite } from './cloud.suite';

let emulator: { port: number; stop: () => Promise<void> } | null = null;
let startError: Error | null = null;
const apps: FirebaseApp[] = [];
const dbs: Firestore[] = [];

beforeAll(async () => {
  try {
    emulator = await ensureTestFirestore();
  } catch (e) {
    // Every test then fails with this sentence (say, how to get the jar): never a silent skip.
    startError = e as Error;
  }
}, 90_000);

afterAll(async () => {
  await Promise.all(dbs.map((db) => terminate(db).catch(() => {})));
  await Promise.all(apps.map((a) => deleteApp(a).catch(() => {})));
  await emulator?.stop();
}, 30_000);

const ctx = {
  async open(uid: string | null): Promise<Firestore> {
    const app = initializeApp({ projectId: 'demo-nucleus', apiKey: 'demo-api-key' }, `t${apps.length}-${Math.random().toString(36).slice(2)}`);
    apps.push(app);
    const db = openFirestore(app, { host: '127.0.0.1', port: emulator!.port, ...(uid ? { mockUserToken: { user_id: uid, sub: uid } } : {}) });
    dbs.push(db);
    return db;
  },
};

describe('cloud documents in the Firestore emulator (Node)', () => {
  for (const c of cloudSuite) {
    it(c.name, async () => {
      if (startError) throw startError;
      await c.run(ctx);
    });
  }
});
