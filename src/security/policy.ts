/**
 * The site's Content-Security-Policy and the other security headers, as data:
 * one policy for every page (the client router runs the next page's inline
 * scripts under the policy of the page it started on, so a per-page policy
 * would block them), written into each page's <meta> (hosts that set no
 * headers, GitHub Pages) and into the hosts' header files (`_headers`,
 * `serve.json`, firebase.json). docs/security.md says why each source is there.
 *
 * Pure: the build passes the script hashes and the Firebase configuration.
 */
import { resolveAuthConfig, type AuthConfig, type AuthEnv } from '../auth/config';
import { firestoreEmulatorTarget } from '../storage/cloudConfig';

/** Directive name → its sources, in the order they are written. */
export type Policy = ReadonlyArray<readonly [directive: string, sources: readonly string[]]>;

/** The build-time variables the policy depends on (Vite's PUBLIC_ variables). */
export interface SecurityEnv extends AuthEnv {
  PUBLIC_FIREBASE_FIRESTORE_EMULATOR_HOST?: string;
}

/** Where the account and cloud code reach out to, by what the browser does with it. */
export interface ServiceSources {
  /** Scripts: Google's API loader, which opens the sign-in helper frame. */
  script: string[];
  /** fetch/XHR: the Auth and Firestore REST and WebChannel endpoints (or their emulators). */
  connect: string[];
  /** The hidden sign-in helper frame (`/__/auth/iframe` on the auth domain, or the Auth emulator's). */
  frame: string[];
  /** Profile photos of Google accounts (ProfileDialog shows them). */
  img: string[];
}

/** Loaded by firebase/auth for Google sign-in (popup and redirect), in emulator mode too. */
export const GOOGLE_API_LOADER = 'https://apis.google.com';
export const FIREBASE_AUTH_API = 'https://identitytoolkit.googleapis.com';
export const FIREBASE_TOKEN_API = 'https://securetoken.googleapis.com';
export const FIRESTORE_API = 'https://firestore.googleapis.com';
export const GOOGLE_PHOTOS = 'https://*.googleusercontent.com';

/** The origin of an `http(s)://host[:port]` address. */
function originOf(url: string): string {
  return new URL(url).origin;
}

/**
 * The Firebase sources for the configuration the client code resolves from
 * the same variables (src/auth/config.ts, src/storage/cloudConfig.ts). In
 * emulator mode (no API key, or an emulator host given) only the emulators'
 * origins are allowed, never Google's services; a production build never
 * names an emulator. The Firestore emulator is allowed on any port of its
 * host: tests point a page at their own emulator's port at run time
 * (FIRESTORE_EMULATOR_OVERRIDE_KEY).
 */
export function serviceSources(env: SecurityEnv): ServiceSources {
  const auth: AuthConfig = resolveAuthConfig(env);
  if (auth.emulatorUrl) {
    const emulator = originOf(auth.emulatorUrl);
    const firestore = firestoreEmulatorTarget(auth.emulatorUrl, env.PUBLIC_FIREBASE_FIRESTORE_EMULATOR_HOST);
    const connect = [emulator];
    if (firestore) connect.push(`http://${firestore.host}:*`);
    return { script: [GOOGLE_API_LOADER], connect, frame: [emulator], img: [GOOGLE_PHOTOS] };
  }
  return {
    script: [GOOGLE_API_LOADER],
    connect: [FIREBASE_AUTH_API, FIREBASE_TOKEN_API, FIRESTORE_API],
    frame: [`https://${auth.firebase.authDomain}`],
    img: [GOOGLE_PHOTOS],
  };
}

/** `sha256-…` of a script's text, as a CSP source (quoted). */
export function hashSource(sha256Base64: string): string {
  return `'sha256-${sha256Base64}'`;
}

/**
 * The site's policy. `scriptHashes` are base64 SHA-256 digests of every
 * inline script the build writes. Styles allow inline: Astro inlines small
 * stylesheets and island styles, and Google's sign-in helper styles the
 * frame it adds; scripts, the injection that matters, allow no inline code
 * but these hashes.
 */
export function sitePolicy(scriptHashes: Iterable<string>, services: ServiceSources): Policy {
  const hashes = [...new Set(scriptHashes)].sort().map(hashSource);
  return [
    ['default-src', ["'self'"]],
    // sql.js compiles its WebAssembly module: 'wasm-unsafe-eval' allows that and no JavaScript eval.
    ['script-src', ["'self'", "'wasm-unsafe-eval'", ...hashes, ...services.script]],
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', ...services.img]],
    ['font-src', ["'self'"]],
    ['connect-src', ["'self'", ...services.connect]],
    ['frame-src', services.frame],
    ['worker-src', ["'self'"]],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'self'"]],
    ['form-action', ["'self'"]],
    ['frame-ancestors', ["'none'"]],
  ];
}

/** Directives a <meta> cannot carry (the browser ignores them there, with a console message). */
const HEADER_ONLY = new Set(['frame-ancestors', 'report-uri', 'sandbox']);

/** The policy as a header value, or as a <meta http-equiv> content (without the header-only directives). */
export function serializePolicy(policy: Policy, delivery: 'header' | 'meta'): string {
  return policy
    .filter(([name, sources]) => sources.length > 0 && (delivery === 'header' || !HEADER_ONLY.has(name)))
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** The Referrer-Policy of the site: full URLs only to itself, origins only over HTTPS. */
export const REFERRER_POLICY = 'strict-origin-when-cross-origin';

/**
 * The part of the policy that does not depend on the build (no script
 * hashes, no Firebase origins): for configurations kept in the repository
 * (firebase.json), beside the full policy each page carries in its <meta>.
 */
export const STATIC_POLICY: Policy = [
  ['object-src', ["'none'"]],
  ['base-uri', ["'self'"]],
  ['form-action', ["'self'"]],
  ['frame-ancestors', ["'none'"]],
];

/** The response headers of every file: name → value. */
export function securityHeaders(policy: Policy): [name: string, value: string][] {
  return [
    ['Content-Security-Policy', serializePolicy(policy, 'header')],
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', REFERRER_POLICY],
  ];
}
