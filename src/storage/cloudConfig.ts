/**
 * Where the browser finds Firestore. With the Auth emulator (the local
 * default, project demo-nucleus), Firestore is the emulator too: the build's
 * PUBLIC_FIREBASE_FIRESTORE_EMULATOR_HOST, else the Auth emulator's host on
 * port 8085. A test may point a page at its own emulator through
 * localStorage (`FIRESTORE_EMULATOR_OVERRIDE_KEY`); that is honoured only in
 * emulator mode, so it can never redirect a real project's data.
 */
export const DEFAULT_FIRESTORE_EMULATOR_PORT = 8085;
export const FIRESTORE_EMULATOR_OVERRIDE_KEY = 'nucleus:firestore-emulator';

export interface FirestoreTarget {
  host: string;
  port: number;
}

function parseHost(value: string): FirestoreTarget | null {
  const m = /^(?:https?:\/\/)?([^/:]+):(\d{1,5})\/?$/.exec(value.trim());
  if (!m) return null;
  const port = Number(m[2]);
  return port > 0 && port < 65536 ? { host: m[1]!, port } : null;
}

/** null: use the real Firestore of the configured project. */
export function firestoreEmulatorTarget(authEmulatorUrl: string | null, envHost?: string, override?: string | null): FirestoreTarget | null {
  if (!authEmulatorUrl) return null;
  const fromOverride = override ? parseHost(override) : null;
  if (fromOverride) return fromOverride;
  const fromEnv = envHost ? parseHost(envHost) : null;
  if (fromEnv) return fromEnv;
  let host = '127.0.0.1';
  try {
    host = new URL(authEmulatorUrl).hostname || host;
  } catch {
    // keep the loopback default
  }
  return { host, port: DEFAULT_FIRESTORE_EMULATOR_PORT };
}
