import { describe, it, expect } from 'vitest';
import { startsNewVersion, pruneVersions, summariseChange, COALESCE_MS } from './versions';
import { decideSave, resolveConflict, conflictCopyName } from './conflicts';

const DAY = 86_400_000;

describe('versions', () => {
  it('V1 coalesces saves within 30 s of the newest version', () => {
    expect(startsNewVersion(undefined, 0)).toBe(true);
    expect(startsNewVersion({ at: 1000, revision: 1 }, 1000 + COALESCE_MS - 1)).toBe(false);
    expect(startsNewVersion({ at: 1000, revision: 1 }, 1000 + COALESCE_MS)).toBe(true);
  });

  it('V2 keeps the newest 50, then one per day', () => {
    const now = Date.UTC(2026, 10, 23, 12);
    const recent = Array.from({ length: 60 }, (_, i) => ({ at: now - i * 60_000, revision: 200 - i }));
    const old = Array.from({ length: 30 }, (_, i) => ({ at: now - 3 * DAY - (i % 3) * DAY - i * 1000, revision: 100 - i }));
    const kept = pruneVersions([...recent, ...old]);
    expect(kept.slice(0, 50)).toEqual(recent.slice(0, 50));
    const days = kept.slice(50).map((v) => new Date(v.at).toISOString().slice(0, 10));
    expect(new Set(days).size).toBe(days.length);
    expect(days.length).toBe(4); // the day of the 10 dropped recent ones, and three old days
  });

  it('summarises what changed in words', () => {
    expect(summariseChange(null, { name: 'x' })).toBe('Created');
    expect(summariseChange({ name: 'a', rank: 1, updatedAt: '1' }, { name: 'b', rank: 2, updatedAt: '2' })).toBe('Changed name, rank');
  });
});

describe('revisions and conflicts', () => {
  it('R1 a save on the stored revision goes up by one', () => {
    expect(decideSave(undefined, 0)).toEqual({ ok: true, revision: 1 });
    expect(decideSave(4, 4)).toEqual({ ok: true, revision: 5 });
  });

  it('R2 a save based on an older revision is a conflict, never an overwrite', () => {
    expect(decideSave(5, 4)).toEqual({ ok: false, conflict: true, stored: 5 });
  });

  it('R3 keeps the newer and makes a named copy of the other', () => {
    const a = { id: 'x', name: 'Rifle', revision: 5, updatedAt: '2026-11-23T10:00:00Z' };
    const b = { id: 'x', name: 'Rifle', revision: 5, updatedAt: '2026-11-23T10:05:00Z' };
    expect(resolveConflict(a, b)).toEqual({ keep: b, copy: a });
    expect(conflictCopyName('Rifle', new Date('2026-11-23T10:05:00Z'))).toBe('Rifle (conflict copy, 2026-11-23 10:05)');
  });
});
