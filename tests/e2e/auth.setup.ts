/**
 * Playwright global setup: the Firebase Auth emulator on 127.0.0.1:9099 for
 * tests/e2e/auth.spec.ts, cloud.spec.ts, cloud-status.spec.ts and
 * csp.spec.ts, and the Firestore emulator (its own, on a free port, or
 * FIRESTORE_EMULATOR_PORT's) for the same (deleting an account empties its
 * cloud first).
 * Reuses an Auth emulator that is already running; stops only what it
 * started (the returned function is the teardown). A run that names test
 * files none of which needs them does not start them.
 */
import { authEmulatorUp, startAuthEmulator, waitForAuthEmulator, AUTH_EMULATOR_URL } from '../../scripts/emulators.mjs';
import { ensureTestFirestore } from '../../scripts/firestore-emulator.mjs';

function selected(...names: string[]): boolean {
  const i = process.argv.indexOf('test');
  const files = (i >= 0 ? process.argv.slice(i + 1) : []).filter((a) => !a.startsWith('-') && /\.(spec|setup)\.ts$|\//.test(a));
  return files.length === 0 || files.some((f) => names.some((n) => f.includes(n)));
}

async function startAuth(): Promise<(() => Promise<void>) | undefined> {
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

/** Workers read the port (or the reason there is none) from the environment. */
async function startFirestore(): Promise<(() => Promise<void>) | undefined> {
  try {
    const emulator = await ensureTestFirestore();
    process.env.NUCLEUS_E2E_FIRESTORE_PORT = String(emulator.port);
    return emulator.stop;
  } catch (e) {
    // The cloud tests then fail with this sentence (say, how to get the jar).
    process.env.NUCLEUS_E2E_FIRESTORE_ERROR = (e as Error).message;
    return undefined;
  }
}

export default async function globalSetup(): Promise<(() => Promise<void>) | undefined> {
  const stops: ((() => Promise<void>) | undefined)[] = await Promise.all([
    selected('auth', 'cloud', 'csp') ? startAuth() : undefined,
    selected('auth', 'cloud', 'csp') ? startFirestore() : undefined,
  ]);
  const started = stops.filter((s): s is () => Promise<void> => !!s);
  return started.length ? async () => void (await Promise.all(started.map((s) => s()))) : undefined;
}
