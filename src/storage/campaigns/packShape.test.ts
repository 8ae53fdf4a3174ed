/**
 * What members receive of a game master's pack (packShape.ts): game-master-
 * only entries never leave, every entry obeys its official kind's schema,
 * the limits hold with a sentence, and what comes back is checked again.
 */
import { describe, expect, it } from 'vitest';
import { CampaignError } from './invite';
import { CHANGELOG_TEXT, PACK_ENTRY_KINDS, PUBLISHED_PACK_LIMITS, packBytes, packFields, publishedPackOf, readPackFields, type PackSource } from './packShape';
import { officialEntries, packOf } from './packTesting';

const feature = (id: string, over: Record<string, unknown> = {}) => ({ id, name: id, tree: 'gunslinger', tier: 1, prerequisites: [], maxTimes: 1, text: 'Draw fast.', ...over });

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (e) {
    expect(e).toBeInstanceOf(CampaignError);
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('publishing a pack to a campaign', () => {
  it('leaves out every game-master-only entry, creatures by default, and the pack-only fields of the rest', () => {
    const lurker = { ...officialEntries('creatures')[0]!, id: 'lurker', name: 'Lurker' };
    const source: PackSource = {
      id: 'neon',
      name: 'Neon Nights',
      version: 0,
      entries: {
        features: [{ ...feature('quick-hands'), gmOnly: false, origin: { official: 'quick-draw' } }, { ...feature('secret-plot'), gmOnly: true }],
        creatures: [lurker, { ...lurker, id: 'ganger', name: 'Ganger', gmOnly: false }],
      },
    };
    const { pack, leftOut } = publishedPackOf(source, 1);
    expect(leftOut).toBe(2);
    expect(pack.entries.features.map((f) => f.id)).toEqual(['quick-hands']);
    expect(pack.entries.creatures.map((c) => c.id)).toEqual(['ganger']);
    const sent = JSON.stringify(packFields(pack));
    expect(sent).not.toContain('secret-plot');
    expect(sent).not.toContain('lurker');
    expect(sent).not.toContain('gmOnly');
    expect(sent).not.toContain('origin');
  });

  it('refuses an entry that breaks its kind’s rules, naming it and the field', () => {
    const source = packOf(14);
    const weapon = officialEntries('gear').find((g) => g.type === 'weapon')!;
    source.entries.gear = [{ ...weapon, name: 'Plasma lance', properties: { damage: 'four', range: 'close', rate: 1, bulk: 1 } }];
    expect(refusal(() => publishedPackOf(source, 1))).toMatch(/^“Plasma lance” \(gear\) cannot be published: .*damage: expected a whole number/);
    source.entries.gear = [];
    source.entries.features = [{ ...feature('bad'), tier: 4 }];
    expect(refusal(() => publishedPackOf(source, 1))).toMatch(/“bad” \(feature\) cannot be published: tier: expected 1, 2 or 3/);
  });

  it('refuses past each limit with a sentence: entries, one entry’s length, the fields, the changelog, the version', () => {
    expect(refusal(() => publishedPackOf(packOf(PUBLISHED_PACK_LIMITS.entries + 1), 1))).toMatch(/301 entries for the players; a campaign takes at most 300/);
    // Game-master-only entries do not count: they never leave the document.
    const withSecrets = packOf(PUBLISHED_PACK_LIMITS.entries + 7, {}, { creatures: true });
    expect(publishedPackOf(withSecrets, 1).leftOut).toBe(withSecrets.entries.creatures!.length);
    const long = packOf(0);
    long.entries.gear = [{ ...officialEntries('gear')[0]!, description: 'x'.repeat(PUBLISHED_PACK_LIMITS.entryChars) }];
    expect(refusal(() => publishedPackOf(long, 1))).toMatch(/is too long to publish \([0-9,]+ characters; at most 20,000\)/);
    expect(refusal(() => publishedPackOf(packOf(1, { name: ' ' }), 1))).toBe('A pack needs a name before it is published.');
    expect(refusal(() => publishedPackOf(packOf(1, { name: 'n'.repeat(101) }), 1))).toMatch(/name is too long/);
    expect(refusal(() => publishedPackOf(packOf(1, { description: 'd'.repeat(4001) }), 1))).toMatch(/description is too long/);
    expect(refusal(() => publishedPackOf(packOf(1, { id: 'a/b' }), 1))).toMatch(/its id is not one the campaign can hold/);
    expect(refusal(() => publishedPackOf(packOf(1, { changelog: [{ version: 1, text: 'c'.repeat(1001) }] }), 1))).toMatch(/changelog of version 1 cannot be published/);
    expect(refusal(() => publishedPackOf(packOf(1), PUBLISHED_PACK_LIMITS.version + 1))).toMatch(/publish it as a new pack/);
  });

  it('keeps the newest 50 changelog items, which the rules’ pattern takes, quotes and line breaks included', () => {
    const changelog = Array.from({ length: 60 }, (_, i) => ({ version: i + 1, text: `Plasma lance: damage ${i} → ${i + 1}\n“quoted” \\ "raw"` }));
    const { pack } = publishedPackOf(packOf(1, { changelog }), 61);
    expect(pack.changelog.map((c) => c.version)).toEqual(changelog.slice(10).map((c) => c.version));
    expect(CHANGELOG_TEXT.test(packFields(pack).changelog)).toBe(true);
    expect(CHANGELOG_TEXT.test(JSON.stringify([{ version: 1, text: 'x', extra: 1 }]))).toBe(false);
    expect(CHANGELOG_TEXT.test(JSON.stringify([{ version: '1', text: 'x' }]))).toBe(false);
  });

  it('a 300-entry pack of real entries is one document far under Firestore’s 1 MiB; the largest the limits allow is under it too', () => {
    const { pack } = publishedPackOf(packOf(PUBLISHED_PACK_LIMITS.entries), 1);
    const bytes = packBytes(pack);
    // Measured: 105,981 bytes (official entries are 190 to 890 characters of JSON).
    expect(bytes).toBeGreaterThan(80_000);
    expect(bytes).toBeLessThan(160_000);
    // The worst the rules let through: 800,000 characters of entries, the changelog's 60,000, the longest fields.
    const worst = 800_000 + 60_000 + 100 + 100 + 4000 + 2000;
    expect(worst).toBeLessThan(PUBLISHED_PACK_LIMITS.bytes);
    expect(PUBLISHED_PACK_LIMITS.bytes).toBeLessThan(1024 * 1024);
  });

  it('counts a pack’s size in UTF-8 bytes, as Firestore does, and refuses one past it', () => {
    const source = packOf(PUBLISHED_PACK_LIMITS.entries);
    // Texts of 1,400 three-byte characters: within every character limit, past 1,000,000 bytes.
    for (const kind of PACK_ENTRY_KINDS) for (const entry of source.entries[kind] ?? []) for (const field of ['text', 'description']) if (field in entry) entry[field] = '界'.repeat(1400);
    expect(refusal(() => publishedPackOf(source, 1))).toMatch(/^This pack is too large for one campaign document \(1,[0-9]{3},[0-9]{3} bytes; at most 1,000,000\)/);
  });
});

describe('a pack as a member reads it', () => {
  it('reads back what was published, entry for entry', () => {
    const { pack } = publishedPackOf(packOf(21, { changelog: [{ version: 1, text: 'First.' }] }), 3);
    const fields = packFields(pack);
    const { pack: read, problems } = readPackFields(pack.id, JSON.parse(JSON.stringify(fields)), 1234);
    expect(problems).toEqual([]);
    expect(read).toEqual({ ...pack, publishedAt: 1234 });
  });

  it('leaves out an entry that does not read (damaged, or hostile) and says how many', () => {
    const { pack } = publishedPackOf(packOf(14), 1);
    const fields = packFields(pack);
    fields.entries.gear.push('{"id":"broken"', JSON.stringify({ id: 'x', name: 'X', type: 'weapon', rank: 'high' }));
    const { pack: read, problems } = readPackFields(pack.id, JSON.parse(JSON.stringify(fields)), 0);
    expect(read.entries.gear).toHaveLength(2);
    expect(problems).toEqual(['2 gear entries of “Neon Nights” could not be read (made by a newer Nucleus, or damaged) and are left out.']);
  });
});
