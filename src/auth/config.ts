/**
 * Firebase configuration from public build-time variables. With no project
 * configured, the local default is the Auth emulator of firebase-tools
 * (project `demo-nucleus`), so a fresh checkout can sign up at once.
 */
export interface AuthEnv {
  PUBLIC_FIREBASE_API_KEY?: string;
  PUBLIC_FIREBASE_AUTH_DOMAIN?: string;
  PUBLIC_FIREBASE_PROJECT_ID?: string;
  PUBLIC_FIREBASE_APP_ID?: string;
  PUBLIC_FIREBASE_AUTH_EMULATOR_HOST?: string;
  PUBLIC_TOKEN_SYNC_URL?: string;
}

export interface AuthConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string; appId?: string };
  /** `http://host:port` of the Auth emulator, or null for the real service. */
  emulatorUrl: string | null;
  tokenSyncUrl: string;
}

export const DEMO_PROJECT_ID = 'demo-nucleus';
export const DEFAULT_EMULATOR_HOST = '127.0.0.1:9099';

export function resolveAuthConfig(env: AuthEnv, fallbackTokenSyncUrl = ''): AuthConfig {
  const apiKey = env.PUBLIC_FIREBASE_API_KEY?.trim();
  const emulatorHost = env.PUBLIC_FIREBASE_AUTH_EMULATOR_HOST?.trim();
  const tokenSyncUrl = env.PUBLIC_TOKEN_SYNC_URL?.trim() || fallbackTokenSyncUrl;
  if (!apiKey) {
    return {
      firebase: { apiKey: 'demo-api-key', authDomain: '127.0.0.1', projectId: DEMO_PROJECT_ID },
      emulatorUrl: `http://${emulatorHost || DEFAULT_EMULATOR_HOST}`,
      tokenSyncUrl,
    };
  }
  const projectId = env.PUBLIC_FIREBASE_PROJECT_ID?.trim() || DEMO_PROJECT_ID;
  return {
    firebase: {
      apiKey,
      authDomain: env.PUBLIC_FIREBASE_AUTH_DOMAIN?.trim() || `${projectId}.firebaseapp.com`,
      projectId,
      appId: env.PUBLIC_FIREBASE_APP_ID?.trim() || undefined,
    },
    emulatorUrl: emulatorHost ? (/^https?:\/\//.test(emulatorHost) ? emulatorHost : `http://${emulatorHost}`) : null,
    tokenSyncUrl,
  };
}
