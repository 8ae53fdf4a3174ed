import { describe, expect, it, vi } from 'vitest';
import { resolveTokenSyncUrl, syncToken, tokenSyncAction, TOKEN_MAX_AGE_S } from './tokenSync';

const now = Date.parse('2026-01-01T12:00:00Z');
const ago = (s: number) => new Date(now - s * 1000).toUTCString();

describe('tokenSyncAction', () => {
  it('posts a token issued 299 s ago', () => {
    expect(tokenSyncAction(ago(299), now)).toBe('post');
  });
  it('posts a token issued exactly 300 s ago (the limit is inclusive)', () => {
    expect(TOKEN_MAX_AGE_S).toBe(300);
    expect(tokenSyncAction(ago(300), now)).toBe('post');
  });
  it('does not post a token issued 301 s ago', () => {
    expect(tokenSyncAction(ago(301), now)).toBe('skip');
  });
  it('accepts epoch milliseconds too', () => {
    expect(tokenSyncAction(now - 10_000, now)).toBe('post');
  });
  it('deletes when nobody is signed in', () => {
    expect(tokenSyncAction(null, now)).toBe('delete');
  });
  it('skips an unreadable issue time', () => {
    expect(tokenSyncAction('not a date', now)).toBe('skip');
  });
});

describe('resolveTokenSyncUrl', () => {
  const page = 'https://nucleus.example/rules';
  it('is off when nothing is configured', () => {
    expect(resolveTokenSyncUrl('', page)).toEqual({ ok: false, reason: null });
    expect(resolveTokenSyncUrl(undefined, page)).toEqual({ ok: false, reason: null });
  });
  it('accepts a same-origin path or URL', () => {
    expect(resolveTokenSyncUrl('/api/session', page)).toEqual({ ok: true, url: 'https://nucleus.example/api/session' });
    expect(resolveTokenSyncUrl('https://nucleus.example/s', page)).toEqual({ ok: true, url: 'https://nucleus.example/s' });
  });
  it('refuses another origin with a reason', () => {
    const r = resolveTokenSyncUrl('https://evil.example/s', page);
    expect(r.ok).toBe(false);
    expect((r as { reason: string }).reason).toMatch(/not on this site/);
    expect(resolveTokenSyncUrl('//evil.example/s', page).ok).toBe(false);
    expect(resolveTokenSyncUrl('http://nucleus.example/s', page).ok).toBe(false);
  });
});

describe('syncToken', () => {
  it('POSTs with a bearer header', async () => {
    const f = vi.fn<typeof fetch>(async () => new Response(null, { status: 204 }));
    expect(await syncToken('https://x/s', 'post', 'tok', f)).toBe(true);
    expect(f).toHaveBeenCalledWith('https://x/s', expect.objectContaining({ method: 'POST', headers: { Authorization: 'Bearer tok' } }));
  });
  it('DELETEs without a token', async () => {
    const f = vi.fn<typeof fetch>(async () => new Response(null, { status: 200 }));
    await syncToken('https://x/s', 'delete', null, f);
    expect(f).toHaveBeenCalledWith('https://x/s', expect.objectContaining({ method: 'DELETE', headers: {} }));
  });
  it('logs a failure and never throws', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const f = vi.fn<typeof fetch>(async () => {
      throw new TypeError('offline');
    });
    expect(await syncToken('https://x/s', 'post', 't', f)).toBe(false);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
  it('does nothing when skipping', async () => {
    const f = vi.fn<typeof fetch>();
    expect(await syncToken('https://x/s', 'skip', 't', f)).toBe(true);
    expect(f).not.toHaveBeenCalled();
  });
});
