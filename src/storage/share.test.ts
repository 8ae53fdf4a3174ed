import { describe, expect, it } from 'vitest';
import { deflateSync } from 'node:zlib';
import { REFERENCES_ONLY_NOTE, editorHref, editorPath, encodeShareable, hasSharedDocument, readShareLink, shareLink } from './share';
import type { Encounter } from '../rules';
import { encodeShare, ShareLinkError } from './sharelink';
import { core, weapon } from '../rules/testing';

describe('share links', () => {
  it('builds the editor route of the document’s kind and reads the document back', async () => {
    const doc = weapon({ id: 'w1', name: 'Longarm', houseRules: 1 } as never);
    const url = await shareLink(doc, 'https://example.test');
    expect(url).toMatch(/^https:\/\/example\.test\/nucleus\/BlueprintEditor#share=[A-Za-z0-9_-]+$/);
    const hash = url.slice(url.indexOf('#'));
    expect(hasSharedDocument(hash)).toBe(true);
    expect(await readShareLink(hash, 'blueprint')).toMatchObject({ id: 'w1', name: 'Longarm', houseRules: 1 });
    expect(editorPath('core')).toBe('/nucleus/CoreEditor');
    expect(editorHref('creature', 'a b')).toBe('/nucleus/CreatureEditor?id=a%20b');
  });

  it('a damaged link gives a sentence', async () => {
    const url = await shareLink(core({ id: 'c1' }), '');
    const cut = url.slice(url.indexOf('#'), -12);
    await expect(readShareLink(cut)).rejects.toThrow(ShareLinkError);
    await expect(readShareLink('#share=@@@')).rejects.toThrow(/damaged/);
  });

  it('a tampered link whose document is not valid says which field', async () => {
    const hash = '#' + (await encodeShare({ ...core({ id: 'c1' }), tier: 'max' }));
    await expect(readShareLink(hash)).rejects.toThrow(/not valid \(tier: expected a whole number\)/);
  });

  it('a link of another kind names the editor to use', async () => {
    const hash = '#' + (await encodeShare(core({ id: 'c1' })));
    await expect(readShareLink(hash, 'blueprint')).rejects.toThrow(/holds a core, not a blueprint/);
  });

  it('a link with a document nested too deep (well under the 2 MB cap) is refused with a sentence before anything walks it', async () => {
    const depth = 200_000;
    const text = `{"kind":"blueprint","name":"Deep","notes":${'['.repeat(depth)}${']'.repeat(depth)}}`;
    const hash = `#share=${deflateSync(Buffer.from(text)).toString('base64url')}`;
    await expect(readShareLink(hash, 'blueprint')).rejects.toThrow(
      new ShareLinkError('This share link was not opened: the document in it is not one Nucleus makes (it nests more than 64 levels deep, and a document may nest at most 64).'),
    );
  });

  it('a link that unpacks to more than any document says so, in the sentence the editor shows', async () => {
    const deflated = deflateSync(Buffer.alloc(3 * 1024 * 1024, ' '));
    await expect(readShareLink(`#share=${deflated.toString('base64url')}`, 'blueprint')).rejects.toThrow(
      new ShareLinkError('This share link holds more than a document a link can carry: it unpacks to over 2 MB of text, so it was not opened. Ask for the document as an exported file instead.'),
    );
  });
});

describe('encounter share links', () => {
  // Attack names that do not compress, so the whole encounter passes the 8 KB link limit.
  let seed = 12345;
  const letter = () => String.fromCharCode(97 + ((seed = (seed * 1103515245 + 12345) % 2147483648) >>> 8) % 26);
  const noise = (_i: number) => Array.from({ length: 24 }, letter).join('');
  const attacks = (n: number, from: number) => Array.from({ length: n }, (_, i) => ({ name: noise(from + i), pool: 5, damage: 3, rate: 1, ignoresProtection: 0 as const }));
  const big: Encounter = {
    kind: 'encounter', id: 'e1', schemaVersion: 1, name: 'Lobby', createdAt: 'x', updatedAt: 'x', tags: [], notes: noise(1),
    creatures: Array.from({ length: 12 }, (_, i) => ({
      id: `c${i}`, source: { kind: 'bestiary' as const, id: 'scuttler-drone' }, count: 2,
      snapshot: { name: 'Scuttler', creatureKind: 'machine' as const, threatRank: 1, health: 11, guard: 2, protection: 0, reflex: 2, logic: 2, initiative: 4, attacks: attacks(40, i * 40), tags: ['mechanical'] },
    })),
    party: [{ id: 'h1', source: { kind: 'character', id: 'mara' }, snapshot: { name: 'Mara', rank: 2, reflex: 3, logic: 2, guard: 2, health: 14, protection: 1, strainCapacity: 6, initiative: 5, attacks: attacks(3, 999) } }],
  };

  it('an encounter too large for a link carries its references only, and the link says so', async () => {
    await expect(encodeShare(big)).rejects.toThrow(/too large for a link/);
    const { fragment, referencesOnly } = await encodeShareable(big);
    expect(referencesOnly).toBe(true);
    const back = (await readShareLink(`#${fragment}`, 'encounter')) as Encounter;
    expect(back).toMatchObject({ id: 'e1', name: 'Lobby', referencesOnly: true });
    expect(back.creatures.map((c) => [c.source, c.count, c.snapshot.threatRank, c.snapshot.attacks])).toEqual(big.creatures.map((c) => [c.source, 2, 1, []]));
    expect(back.party[0]).toMatchObject({ source: { kind: 'character', id: 'mara' }, snapshot: { rank: 2, attacks: [] } });
    expect('fight' in back || 'notes' in back).toBe(false);
    expect(REFERENCES_ONLY_NOTE).toMatch(/^This link carries the encounter's creatures and party by reference only: /);
  });

  it('an encounter that fits travels whole; other documents never fall back', async () => {
    const small = { ...big, creatures: big.creatures.slice(0, 1).map((c) => ({ ...c, snapshot: { ...c.snapshot, attacks: attacks(1, 0) } })) };
    const { fragment, referencesOnly } = await encodeShareable(small);
    expect(referencesOnly).toBe(false);
    expect(await readShareLink(`#${fragment}`, 'encounter')).toEqual(small);
    await expect(encodeShareable({ ...core({ id: 'c1' }), notes: Array.from({ length: 4000 }, (_, i) => noise(i)).join(' ') })).rejects.toThrow(/too large for a link/);
  });
});
