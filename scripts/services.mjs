// Local services started beside the site by `npm start`. Each returns quietly
// when its tool is missing, so the site always starts.
import { AUTH_EMULATOR_URL, EMULATOR_ARGS, authEmulatorUp, firebaseToolsInstalled, projectConfigured } from './emulators.mjs';

export async function startServices(start) {
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
