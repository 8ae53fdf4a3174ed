/**
 * The cloud suite (src/storage/cloud.suite.ts) for the browser:
 * cloud.spec.ts bundles this file with esbuild and runs each case in a page,
 * so the browser Firestore SDK talks to the emulator directly.
 */
import { initializeApp } from 'firebase/app';
import { openFirestore } from '../../src/storage/cloud';
import { cloudSuite } from '../../src/storage/cloud.suite';

let apps = 0;

declare global {
  interface Window {
    runCloudCase(name: string, port: number): Promise<void>;
  }
}

window.runCloudCase = async (name: string, port: number) => {
  const c = cloudSuite.find((x) => x.name === name);
  if (!c) throw new Error(`No cloud case named "${name}"`);
  await c.run({
    async open(uid) {
      const app = initializeApp({ projectId: 'demo-nucleus', apiKey: 'demo-api-key' }, `browser-${apps++}`);
      return openFirestore(app, { host: '127.0.0.1', port, ...(uid ? { mockUserToken: { user_id: uid, sub: uid } } : {}) });
    },
  });
};
