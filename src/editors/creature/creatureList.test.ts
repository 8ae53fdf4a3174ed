import { describe, expect, it } from 'vitest';
import { CREATURE_KINDS, creatureSchema, evaluate } from '../../rules';
import { readCatalogues } from '../../content';
import { bestiaryIdFromQuery, copyFromBestiary, creatureRows, duplicateCreature, newCreature, type OwnCreature } from './creatureList';

const catalogues = readCatalogues('content/data');
const bestiary = catalogues.creatures;
const now = '2026-11-23T10:00:00.000Z';
const own = (id: string, name: string, over: Partial<OwnCreature['document']> = {}, updatedAt = now): OwnCreature => {
  const document = { ...newCreature(id, updatedAt, name), ...over };
  return { id, name, updatedAt, valid: true, document };
};

const mine = [own('a', 'Dock Rat', { creatureKind: 'beast' }, '2026-11-01T00:00:00Z'), own('b', 'Rust Golem', { creatureKind: 'machine', threatRank: 4 }, '2026-11-20T00:00:00Z')];

describe('the published bestiary', () => {
  it('has at least 12 valid creatures covering the five kinds and every threat rank 1–10, each at its computed rank', () => {
    expect(bestiary.length).toBeGreaterThanOrEqual(12);
    expect(new Set(bestiary.map((c) => c.creatureKind))).toEqual(new Set(CREATURE_KINDS));
    expect([...new Set(bestiary.map((c) => c.threatRank))].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    for (const c of bestiary) {
      const r = evaluate(c, catalogues);
      expect(r.issues, c.id).toEqual([]);
      expect(r.derived.computedThreatRank, c.id).toBe(c.threatRank);
      expect(c.description.length, c.id).toBeGreaterThan(20);
    }
  });
});

describe('creature list', () => {

  it('lists own creatures newest first, then the bestiary by rank and name', () => {
    const rows = creatureRows(mine, bestiary);
    expect(rows.slice(0, 2).map((r) => [r.source, r.id])).toEqual([['mine', 'b'], ['mine', 'a']]);
    const pub = rows.filter((r) => r.source === 'bestiary');
    expect(pub).toHaveLength(bestiary.length);
    for (let i = 1; i < pub.length; i++) expect(pub[i]!.threatRank).toBeGreaterThanOrEqual(pub[i - 1]!.threatRank);
  });
  it('filters by kind, threat rank, source and name words', () => {
    expect(creatureRows(mine, bestiary, { kind: 'machine' }).every((r) => r.creatureKind === 'machine')).toBe(true);
    expect(creatureRows(mine, bestiary, { kind: 'machine' }).map((r) => r.id)).toContain('b');
    expect(creatureRows(mine, bestiary, { threatRank: 4 }).map((r) => r.id)).toEqual(['b', 'blight-locust-swarm', 'sentinel-walker']);
    expect(creatureRows(mine, bestiary, { source: 'mine' }).map((r) => r.id)).toEqual(['b', 'a']);
    expect(creatureRows(mine, bestiary, { text: 'HOUND' }).map((r) => r.id)).toEqual(['gutter-hound']);
    expect(creatureRows(mine, bestiary, { text: 'rust golem', kind: 'beast' })).toEqual([]);
  });
});

describe('copies', () => {
  it('copies a bestiary creature as a new document of its own, description in the notes, valid and unchanged in numbers', () => {
    const src = bestiary.find((c) => c.id === 'aegis-security-officer')!;
    const copy = copyFromBestiary(src, 'new-id', now);
    expect(copy).toMatchObject({ id: 'new-id', createdAt: now, updatedAt: now, name: src.name, threatRank: src.threatRank, copiedFrom: 'creatures:aegis-security-officer' });
    expect(copy.notes).toBe(src.description);
    expect('description' in copy).toBe(false);
    expect(creatureSchema.safeParse(copy).success).toBe(true);
    expect(evaluate(copy, catalogues).derived).toEqual(evaluate(src, catalogues).derived);
    copy.attacks[0]!.damage = 99;
    expect(src.attacks[0]!.damage).not.toBe(99);
  });
  it('duplicates one of the game master\'s creatures with a new id and "(copy)"', () => {
    const d = duplicateCreature(mine[0]!.document, 'z', now);
    expect(d).toMatchObject({ id: 'z', name: 'Dock Rat (copy)', createdAt: now });
    expect(mine[0]!.document.id).toBe('a');
  });
  it('starts a new creature valid at threat rank 1 with no warning', () => {
    const r = evaluate(newCreature('n', now), catalogues);
    expect(r.valid).toBe(true);
    expect(r.issues).toEqual([]);
  });
  it('reads the bestiary page\'s "?from=creatures:ID" link', () => {
    expect(bestiaryIdFromQuery('?from=creatures:gutter-hound')).toBe('gutter-hound');
    expect(bestiaryIdFromQuery('?from=gear:knife')).toBeUndefined();
    expect(bestiaryIdFromQuery('?id=x')).toBeUndefined();
  });
});
