/**
 * The cloud suite (cloud.suite.ts) from Node against the real Firestore
 * emulator with firestore.rules. Users are `mockUserToken`s;
 * tests/e2e/cloud.spec.ts runs the same suite in Chromium.
 */
import { describe, it } from 'vitest';
import { cloudSuite } from './cloud.suite';
import { useFirestoreEmulator } from './testing/firestore';

const emulator = useFirestoreEmulator();

// The machine may be busy: the emulator's first answers can take seconds.
describe('cloud documents in the Firestore emulator (Node)', () => {
  for (const c of cloudSuite) {
    it(c.name, async () => {
      emulator.ready();
      await c.run(emulator);
    });
  }
});
