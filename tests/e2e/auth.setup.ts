/**
 * Playwright global setup: the Firebase Auth emulator on 127.0.0.1:9099 for
 * tests/e2e/auth.spec.ts. Reuses one that is already running; stops only the
 * one it started (the returned function is the teardown). A run that names
 * test files none of which is the auth spec does not start it.
 */
import { authEmulatorUp, startAuthEmulator, waitForAuthEmulator, AUTH_EMULATOR_URL } from '../../scripts/emulators.mjs';

function authTestsSelected(): boolean {
  const i = process.argv.indexOf('test');
  const files = (i >= 0 ? process.argv.slice(i + 1) : []).filter((a) => !a.startsWith('-') && /\.(spec|setup)\.ts$|\//.test(a));
  return files.length === 0 || files.some((f) => f.includes('auth'));
}

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  if (!authTestsSelected()) return undefined;
  if (await authEmulatorUp()) return undefined;
  const emulator = startAuthEmulator();
  const up = await waitForAuthEmulator(120_000);
  if (!up) {
    await emulator.stop();
    // The auth tests then fail with this message; other tests run as usual.
    console.error(`[auth setup] the Auth emulator did not answer at ${AUTH_EMULATOR_URL}:\n${emulator.output().slice(-2000)}`);
    return undefined;
  }
  return emulator.stop;
}
