/**
 * The site's Content-Security-Policy: its own scripts by hash and nothing
 * inline besides, sql.js's WebAssembly, the Firebase services the build is
 * configured for (the emulators only in an emulator build, Google's services
 * only in a production one), and the directives a <meta> cannot carry left
 * out of it.
 */
import { describe, it, expect } from 'vitest';
import { serializePolicy, serviceSources, sitePolicy, securityHeaders, type Policy } from './policy';

const directive = (policy: Policy, name: string) => policy.find(([n]) => n === name)?.[1] ?? [];
const production = serviceSources({ PUBLIC_FIREBASE_API_KEY: 'AIza-key', PUBLIC_FIREBASE_PROJECT_ID: 'nucleus-prod' });
const emulator = serviceSources({});

describe('the site policy', () => {
  const policy = sitePolicy(['b2xk', 'bmV3', 'b2xk'], production);

  it('allows scripts from the site, its inline scripts by hash (each once) and WebAssembly, never inline code or eval', () => {
    const scripts = directive(policy, 'script-src');
    expect(scripts).toEqual(["'self'", "'wasm-unsafe-eval'", "'sha256-b2xk'", "'sha256-bmV3'", 'https://apis.google.com']);
    expect(scripts).not.toContain("'unsafe-inline'");
    expect(scripts).not.toContain("'unsafe-eval'");
  });

  it('forbids plugins, other base URLs, forms to elsewhere and being framed', () => {
    expect(directive(policy, 'object-src')).toEqual(["'none'"]);
    expect(directive(policy, 'base-uri')).toEqual(["'self'"]);
    expect(directive(policy, 'form-action')).toEqual(["'self'"]);
    expect(directive(policy, 'frame-ancestors')).toEqual(["'none'"]);
  });

  it('in a <meta> leaves out frame-ancestors, which a meta cannot carry; the header keeps it', () => {
    expect(serializePolicy(policy, 'meta')).not.toContain('frame-ancestors');
    expect(serializePolicy(policy, 'header')).toMatch(/; frame-ancestors 'none'$/);
  });

  it('comes with nosniff and a referrer policy that sends other sites the origin at most', () => {
    expect(securityHeaders(policy).slice(1)).toEqual([
      ['X-Content-Type-Options', 'nosniff'],
      ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ]);
  });
});

describe('the Firebase sources', () => {
  it('of a production build: Auth, token refresh and Firestore, the sign-in frame on the auth domain, no emulator', () => {
    expect(production.connect).toEqual(['https://identitytoolkit.googleapis.com', 'https://securetoken.googleapis.com', 'https://firestore.googleapis.com']);
    expect(production.frame).toEqual(['https://nucleus-prod.firebaseapp.com']);
    expect(production.script).toEqual(['https://apis.google.com']);
    expect(serializePolicy(sitePolicy([], production), 'header')).not.toMatch(/127\.0\.0\.1|localhost|http:/);
  });

  it('follow a configured auth domain', () => {
    expect(serviceSources({ PUBLIC_FIREBASE_API_KEY: 'k', PUBLIC_FIREBASE_AUTH_DOMAIN: 'auth.example.org' }).frame).toEqual(['https://auth.example.org']);
  });

  it('of an emulator build: only the Auth emulator and the Firestore emulator host (any port: tests pick theirs)', () => {
    expect(emulator.connect).toEqual(['http://127.0.0.1:9099', 'http://127.0.0.1:*']);
    expect(emulator.frame).toEqual(['http://127.0.0.1:9099']);
    expect(serializePolicy(sitePolicy([], emulator), 'header')).not.toContain('googleapis.com');
  });

  it('of an emulator build follow the configured emulator hosts', () => {
    const s = serviceSources({ PUBLIC_FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9199', PUBLIC_FIREBASE_FIRESTORE_EMULATOR_HOST: '10.0.0.5:8080' });
    expect(s.connect).toEqual(['http://localhost:9199', 'http://10.0.0.5:*']);
  });
});
