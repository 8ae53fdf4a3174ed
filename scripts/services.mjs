// Local services started beside the site by `npm start`. Each returns quietly
// when its tool is missing, so the site always starts.
import { AUTH_EMULATOR_URL, EMULATOR_ARGS, authEmulatorUp, firebaseToolsInstalled, projectConfigured } from './emulators.mjs';
import { findFirestoreJar, firestoreArgs, firestorePort, firestoreUrl, probeFirestore, pushRules } from './firestore-emulator.mjs';

export async function startServices(start) {
  const lines = await Promise.all([startAuth(start), startFirestore(start)]);
  return lines.join('\n');
}

/** Cloud sync's Firestore emulator, from its jar on Java, beside the Auth emulator. */
async function startFirestore(start) {
  try {
    if (projectConfigured()) return '[nucleus] cloud sync: using the Firestore of the Firebase project.';
    const port = firestorePort();
    const url = firestoreUrl(port);
    const found = await probeFirestore(url);
    if (found === 'firestore') {
      await pushRules(url).catch(() => {});
      return `[nucleus] cloud sync: the Firestore emulator is already running at ${url}.`;
    }
    if (found === 'other') return `[nucleus] cloud sync is unavailable: port ${port} is taken by something else (set FIRESTORE_EMULATOR_PORT to a free port).`;
    const jar = findFirestoreJar();
    if (!jar) {
      return '[nucleus] cloud sync is unavailable: no Firestore emulator jar was found (install the Debian package google-cloud-cli-firestore-emulator, or set FIRESTORE_EMULATOR_JAR). Documents are kept on this device.';
    }
    const child = start('firestore emulator', 'java', firestoreArgs(jar, port));
    child?.on?.('error', (e) => console.error('[nucleus] the Firestore emulator could not start (is Java 17 installed?):', e.message));
    return `[nucleus] cloud sync: starting the Firestore emulator at ${url} (${jar}); signed-in documents sync through it.`;
  } catch (e) {
    return `[nucleus] cloud sync is unavailable: the Firestore emulator was not started (${e instanceof Error ? e.message : e}).`;
  }
}

async function startAuth(start) {
  try {
    if (projectConfigured()) return '[nucleus] accounts: using the Firebase project from PUBLIC_FIREBASE_API_KEY.';
    if (await authEmulatorUp()) return `[nucleus] accounts: the Auth emulator is already running at ${AUTH_EMULATOR_URL}.`;
    if (!firebaseToolsInstalled()) {
      return '[nucleus] accounts: firebase-tools is not installed, so cloud sign-in is unavailable (reading and local editing work).';
    }
    const child = start('auth emulator', 'npx', EMULATOR_ARGS);
    // A failing emulator must never stop the site.
    child?.on?.('error', (e) => console.error('[nucleus] the Auth emulator could not start:', e.message));
    return `[nucleus] accounts: starting the Firebase Auth emulator (project demo-nucleus) at ${AUTH_EMULATOR_URL}; sign-up works offline once it is ready.`;
  } catch (e) {
    return `[nucleus] accounts: the Auth emulator was not started (${e instanceof Error ? e.message : e}); cloud sign-in is unavailable.`;
  }
}
