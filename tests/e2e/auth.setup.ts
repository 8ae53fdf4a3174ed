/**
 * Playwright global setup: the Firebase Auth emulator for
 * tests/e2e/auth.spec.ts, cloud.spec.ts, cloud-status.spec.ts and
 * csp.spec.ts, on the port the e2e build baked into the site
 * (NUCLEUS_E2E_AUTH_PORT, set by playwright.config.ts), and the Firestore
 * emulator (its own, on a free port, or FIRESTORE_EMULATOR_PORT's) for the
 * same (deleting an account empties its cloud first).
 * Both are this run's own: one found already running on the port is another
 * run's (another clone's suite, or `npm start`), which this run would sign up
 * into and clear, so the tests that need it fail with a sentence instead.
 * Stops only what it started (the returned function is the teardown). A run
 * that names test files none of which needs them does not start them.
 */
import { authEmulatorUp, authEmulatorUrl, startAuthEmulator, waitForAuthEmulator } from '../../scripts/emulators.mjs';
import { ensureTestFirestore } from '../../scripts/firestore-emulator.mjs';
import { portInUse } from '../../scripts/lib/ports.mjs';

function selected(...names: string[]): boolean {
  const i = process.argv.indexOf('test');
  const files = (i >= 0 ? process.argv.slice(i + 1) : []).filter((a) => !a.startsWith('-') && /\.(spec|setup)\.ts$|\//.test(a));
  return files.length === 0 || files.some((f) => names.some((n) => f.includes(n)));
}

async function startAuth(): Promise<(() => Promise<void>) | undefined> {
  const port = Number(process.env.NUCLEUS_E2E_AUTH_PORT);
  const url = authEmulatorUrl(port);
  if (await portInUse(port)) {
    // The auth tests then fail with this sentence (auth.spec.ts's beforeAll); other tests run as usual.
    process.env.NUCLEUS_E2E_AUTH_ERROR =
      `Port ${port}, where the built site looks for the Auth emulator, is already in use${(await authEmulatorUp(url)) ? ' by an Auth emulator (another test run\'s?)' : ''}. ` +
      'Build again (node scripts/build-e2e.mjs picks a free port), or set AUTH_EMULATOR_PORT to a free one for both the build and the run.';
    console.error(`[auth setup] ${process.env.NUCLEUS_E2E_AUTH_ERROR}`);
    return undefined;
  }
  const emulator = await startAuthEmulator({ port });
  const up = await waitForAuthEmulator(120_000, url);
  if (!up) {
    await emulator.stop();
    process.env.NUCLEUS_E2E_AUTH_ERROR = `The Auth emulator did not answer at ${url}.`;
    console.error(`[auth setup] the Auth emulator did not answer at ${url}:\n${emulator.output().slice(-2000)}`);
    return undefined;
  }
  return emulator.stop;
}

/** Workers read the port (or the reason there is none) from the environment. */
async function startFirestore(): Promise<(() => Promise<void>) | undefined> {
  try {
    const emulator = await ensureTestFirestore(process.env, { adopt: false });
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
