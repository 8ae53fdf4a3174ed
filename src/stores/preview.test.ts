import { describe, it, expect } from 'vitest';
import { resolvePreview, previewParam, PREVIEW_TOKEN_KEY, type PreviewStorage } from './preview';

function memory(): PreviewStorage & { dump: () => Record<string, Record<string, string>> } {
  const make = () => {
    const m = new Map<string, string>();
    return { m, getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v), removeItem: (k: string) => void m.delete(k) };
  };
  const session = make();
  const local = make();
  return { session, local, dump: () => ({ session: Object.fromEntries(session.m), local: Object.fromEntries(local.m) }) };
}

describe('preview mode', () => {
  it('turns on for an empty value, 1 or true in any case', () => {
    for (const q of ['?preview', '?preview=', '?preview=1', '?preview=TRUE', '?preview=true']) {
      expect(resolvePreview(q, memory()).active).toBe(true);
    }
  });

  it('stores any other value as the session token', () => {
    const s = memory();
    expect(resolvePreview('?preview=abc123', s)).toEqual({ active: true, token: 'abc123' });
    expect(s.dump().session[PREVIEW_TOKEN_KEY]).toBe('abc123');
    expect(resolvePreview('', s)).toEqual({ active: true, token: 'abc123' });
  });

  it('a token in local storage (set by hand) keeps preview on', () => {
    const s = memory();
    s.local!.setItem(PREVIEW_TOKEN_KEY, 'by-hand');
    expect(resolvePreview('', s)).toEqual({ active: true, token: 'by-hand' });
  });

  it('0 or false turns it off and removes stored tokens', () => {
    for (const q of ['?preview=0', '?preview=false', '?preview=False']) {
      const s = memory();
      s.local!.setItem(PREVIEW_TOKEN_KEY, 'x');
      s.session!.setItem(PREVIEW_TOKEN_KEY, 'y');
      expect(resolvePreview(q, s).active).toBe(false);
      expect(s.dump()).toEqual({ session: {}, local: {} });
    }
  });

  it('is off with no parameter and no token', () => {
    expect(resolvePreview('?other=1', memory())).toEqual({ active: false, token: null });
  });
});

describe('previewParam: what keeps preview on in an address', () => {
  it('is the token, else true, and nothing when preview is off', () => {
    expect(previewParam({ active: true, token: 'playtest' })).toBe('playtest');
    expect(previewParam({ active: true, token: null })).toBe('true');
    expect(previewParam({ active: false, token: null })).toBeNull();
  });
});
