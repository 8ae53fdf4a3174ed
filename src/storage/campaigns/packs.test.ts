/**
 * Packs shared with a campaign, on the real Firestore emulator, as a game
 * master and two players use them (packs.ts): publish, follow live with the
 * device's copy kept, republish, take off, allow sources; what a member
 * receives never holds a game-master-only entry; a removed member keeps what
 * reached them and receives nothing newer. The reads a member's session
 * costs are counted from the listener's own reports.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { deleteApp, initializeApp } from 'firebase/app';
import { doc, getDoc } from 'firebase/firestore';
import { openFirestore } from '../cloud';
import { useFirestoreEmulator } from '../testing/firestore';
import { CampaignCloud } from './cloud';
import { CampaignError, REMOVED_FROM_CAMPAIGN } from './invite';
import { PackCache } from './packCache';
import { PUBLISH_OFFLINE } from './packs';
import type { PackSource, ReceivedPack } from './packShape';
import { officialEntries, packOf } from './packTesting';

const emulator = useFirestoreEmulator();
const uniq = (who: string) => `${who}-${Math.random().toString(36).slice(2, 10)}`;

/** A campaign with its game master and two players who joined by invite. */
async function table() {
  emulator.ready();
  const [gmUid, aUid, bUid] = [uniq('gm'), uniq('ana'), uniq('bo')];
  const gmDb = await emulator.open(gmUid);
  const gm = new CampaignCloud(gmDb, gmUid, 'Ada');
  const ana = new CampaignCloud(await emulator.open(aUid), aUid, 'Ana');
  const bo = new CampaignCloud(await emulator.open(bUid), bUid, 'Bo');
  const cid = await gm.create('Neon Nights');
  const { code } = await gm.invite(cid);
  await ana.join(cid, code);
  await bo.join(cid, code);
  return { cid, gm, ana, bo, gmDb, gmUid, aUid, bUid };
}

/** The game master's pack: a shared feature and gear item, a game-master-only feature, a creature left at its default (game-master-only) and one shared. */
function neonPack(over: Partial<PackSource> = {}): PackSource {
  const weapon = officialEntries('gear').find((g) => g.type === 'weapon')!;
  const creature = officialEntries('creatures')[0]!;
  const feature = officialEntries('features')[0]!;
  return {
    id: uniq('pack'),
    name: 'Neon Nights',
    author: 'Ada',
    description: 'Homebrew for the undercity.',
    version: 0,
    changelog: [],
    entries: {
      gear: [{ ...weapon, id: 'plasma-lance', name: 'Plasma lance', gmOnly: false, origin: { official: String(weapon.id) } }],
      features: [
        { ...feature, id: 'quick-hands', name: 'Quick Hands', gmOnly: false },
        { ...feature, id: 'the-traitor', name: 'The Traitor Is Rook', gmOnly: true },
      ],
      creatures: [
        { ...creature, id: 'boss-lurker', name: 'Boss Lurker' },
        { ...creature, id: 'street-ganger', name: 'Street Ganger', gmOnly: false },
      ],
    },
    ...over,
  };
}

/** Follows the campaign's packs as `who`, recording every list and change reported. */
function follow(who: CampaignCloud, cid: string, cache?: PackCache) {
  const lists: ReceivedPack[][] = [];
  const changes: string[][] = [];
  const gone: string[] = [];
  const waiters: { ok: (packs: ReceivedPack[]) => boolean; resolve: (packs: ReceivedPack[]) => void }[] = [];
  const stop = who.packs.watch(
    cid,
    (packs, changed) => {
      lists.push(packs);
      changes.push(changed);
      for (const w of waiters.splice(0)) (w.ok(packs) ? w.resolve(packs) : waiters.push(w));
    },
    (sentence) => gone.push(sentence),
    cache,
  );
  /** Resolves with the latest list if it passes `ok`, else the next one that does; fails after 10 s. */
  const until = (ok: (packs: ReceivedPack[]) => boolean) =>
    new Promise<ReceivedPack[]>((resolve, reject) => {
      const latest = lists.at(-1);
      if (latest && ok(latest)) return resolve(latest);
      const timer = setTimeout(() => reject(new Error('no matching list of packs within 10 s')), 10_000);
      waiters.push({ ok, resolve: (p) => (clearTimeout(timer), resolve(p)) });
    });
  return { lists, changes, gone, stop, until };
}

/** A port nothing listens at. */
function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

const versionOf = (packs: ReceivedPack[], id: string) => packs.find((p) => p.pack.id === id)?.pack.version;
const LISTENER_RETRY = { retry: 1 }; // the emulator's Listen stream now and then stalls (see campaigns/cloud.test.ts)

describe('packs shared with a campaign, in the Firestore emulator', () => {
  it('a member receives the published pack without its game-master-only entries, and keeps it on the device', LISTENER_RETRY, async () => {
    const t = await table();
    const cache = await PackCache.open(t.aUid, uniq('packs'));
    const source = neonPack();
    const ana = follow(t.ana, t.cid, cache);
    expect(await t.gm.packs.publish(t.cid, source)).toEqual({ version: 1, leftOut: 2 });
    const [received] = await ana.until((p) => p.length === 1);
    expect(received!.problems).toEqual([]);
    expect(received!.pack.entries.gear.map((g) => g.name)).toEqual(['Plasma lance']);
    expect(received!.pack.entries.features.map((f) => f.id)).toEqual(['quick-hands']);
    expect(received!.pack.entries.creatures.map((c) => c.id)).toEqual(['street-ganger']);
    expect(received!.pack.publishedAt).toBeGreaterThan(Date.now() - 60_000);
    // What the cloud holds for members, read raw: nothing of the game master's secrets, no marks.
    const raw = JSON.stringify((await getDoc(doc(t.gmDb, 'campaigns', t.cid, 'packs', source.id))).data());
    for (const secret of ['the-traitor', 'Traitor', 'boss-lurker', 'gmOnly', 'origin']) expect(raw).not.toContain(secret);
    // Kept on the device: a reload offline opens it from IndexedDB.
    expect((await cache.packs(t.cid)).map((k) => k.pack)).toEqual([received!.pack]);
    expect(await t.ana.packs.sources(t.cid)).toEqual({ packs: [source.id], allowed: ['official', source.id] });
    ana.stop();
    cache.close();
  });

  it('a republication reaches members as a newer version; the version goes on from the pack’s own', LISTENER_RETRY, async () => {
    const t = await table();
    const source = neonPack();
    const bo = follow(t.bo, t.cid);
    await t.gm.packs.publish(t.cid, source);
    await bo.until((p) => versionOf(p, source.id) === 1);
    const lance = { ...source.entries.gear![0]!, properties: { ...(source.entries.gear![0]!.properties as object), damage: 4 } };
    const second = await t.gm.packs.publish(t.cid, { ...source, version: 1, changelog: [{ version: 2, text: 'Plasma lance: damage 3 → 4' }], entries: { ...source.entries, gear: [lance] } });
    expect(second.version).toBe(2);
    const [v2] = await bo.until((p) => versionOf(p, source.id) === 2);
    expect((v2!.pack.entries.gear[0]!.properties as { damage: number }).damage).toBe(4);
    expect(v2!.pack.changelog).toEqual([{ version: 2, text: 'Plasma lance: damage 3 → 4' }]);
    // The pack was published 6 times elsewhere: this campaign's copy goes on from there.
    expect((await t.gm.packs.publish(t.cid, { ...source, version: 6 })).version).toBe(6);
    await bo.until((p) => versionOf(p, source.id) === 6);
    bo.stop();
  });

  it('only the game master publishes, takes off or allows; a wrong entry is refused with a sentence before anything is sent', async () => {
    const t = await table();
    const source = neonPack();
    await expect(t.ana.packs.publish(t.cid, source)).rejects.toThrow('Only the campaign’s game master can publish, take off or allow its packs.');
    await expect(t.ana.packs.allowSources(t.cid, ['official'])).rejects.toThrow(CampaignError);
    const broken = neonPack({ entries: { features: [{ ...officialEntries('features')[0]!, id: 'Not Kebab', gmOnly: false }] } });
    await expect(t.gm.packs.publish(t.cid, broken)).rejects.toThrow(/cannot be published: id: must be kebab-case/);
    expect(await t.gm.packs.sources(t.cid)).toEqual({ packs: [], allowed: ['official'] });
    await t.gm.packs.publish(t.cid, source);
    await expect(t.ana.packs.unpublish(t.cid, source.id)).rejects.toThrow('Only the campaign’s game master');
    await expect(t.gm.packs.allowSources(t.cid, ['official', 'not-held'])).rejects.toThrow('The campaign does not hold the pack “not-held”: publish it to the campaign before allowing it.');
    await t.gm.packs.allowSources(t.cid, [source.id]);
    expect(await t.bo.packs.sources(t.cid)).toEqual({ packs: [source.id], allowed: [source.id] });
  });

  it('two tabs of the game master publishing at once both land, one version after the other', LISTENER_RETRY, async () => {
    const t = await table();
    const otherTab = new CampaignCloud(await emulator.open(t.gmUid), t.gmUid, 'Ada');
    const source = neonPack();
    const both = await Promise.all([t.gm.packs.publish(t.cid, source), otherTab.packs.publish(t.cid, { ...source, description: 'From the other tab.' })]);
    expect(both.map((p) => p.version).sort()).toEqual([1, 2]);
    const ana = follow(t.ana, t.cid);
    const [latest] = await ana.until((p) => p.length === 1);
    expect(latest!.pack.version).toBe(2);
    expect(await t.gm.packs.sources(t.cid)).toEqual({ packs: [source.id], allowed: ['official', source.id] });
    ana.stop();
  });

  it('the cloud out of reach: the game master’s publication fails with a sentence and sends nothing; with the cloud it goes', async () => {
    const t = await table();
    const source = neonPack();
    // The same account on a device that cannot reach the cloud (nothing listens at its address).
    const app = initializeApp({ projectId: 'demo-offline', apiKey: 'demo-api-key' }, uniq('offline'));
    const unreachable = new CampaignCloud(openFirestore(app, { host: '127.0.0.1', port: await freePort(), mockUserToken: { user_id: t.gmUid, sub: t.gmUid } }), t.gmUid, 'Ada');
    // After the SDK's own retries (about 8 s), never queued to land later.
    await expect(unreachable.packs.publish(t.cid, source)).rejects.toThrow(PUBLISH_OFFLINE);
    await deleteApp(app);
    expect(await t.ana.packs.sources(t.cid)).toEqual({ packs: [], allowed: ['official'] });
    expect((await t.gm.packs.publish(t.cid, source)).version).toBe(1);
  });

  it('a pack taken off leaves the campaign’s list, its sources and members’ devices', LISTENER_RETRY, async () => {
    const t = await table();
    const cache = await PackCache.open(t.bUid, uniq('packs'));
    const [keep, drop] = [neonPack({ name: 'Keep' }), neonPack({ name: 'Drop' })];
    const bo = follow(t.bo, t.cid, cache);
    await t.gm.packs.publish(t.cid, keep);
    await t.gm.packs.publish(t.cid, drop);
    await t.gm.packs.allowSources(t.cid, ['official', keep.id, drop.id]);
    await bo.until((p) => p.length === 2);
    await t.gm.packs.unpublish(t.cid, drop.id);
    await bo.until((p) => p.length === 1);
    expect((await cache.packs(t.cid)).map((k) => k.pack.name)).toEqual(['Keep']);
    expect(await t.gm.packs.sources(t.cid)).toEqual({ packs: [keep.id], allowed: ['official', keep.id] });
    bo.stop();
    cache.close();
  });

  it('a removed member keeps the copy that reached them, and never receives a newer one', LISTENER_RETRY, async () => {
    const t = await table();
    const cache = await PackCache.open(t.bUid, uniq('packs'));
    const source = neonPack();
    const bo = follow(t.bo, t.cid, cache);
    const ana = follow(t.ana, t.cid);
    await t.gm.packs.publish(t.cid, source);
    await bo.until((p) => versionOf(p, source.id) === 1);
    await t.gm.remove(t.cid, t.bUid);
    await t.gm.packs.publish(t.cid, { ...source, version: 1, description: 'After Bo left.' });
    await ana.until((p) => versionOf(p, source.id) === 2);
    // Ana, still a member, has version 2: Bo's listener never delivered it, and asking is refused with why.
    expect(bo.lists.some((p) => versionOf(p, source.id) === 2)).toBe(false);
    await expect(t.bo.packs.sources(t.cid)).rejects.toThrow(REMOVED_FROM_CAMPAIGN);
    expect((await cache.packs(t.cid)).map((k) => k.pack.version)).toEqual([1]);
    // Bo's open page hears why at once: the listener is refused.
    await expect.poll(() => bo.gone, { timeout: 10_000 }).toEqual([REMOVED_FROM_CAMPAIGN]);
    bo.stop();
    ana.stop();
    cache.close();
  });

  it('a member’s reads: one document a pack when they open the campaign, one a republication; nothing for the packs that did not change', LISTENER_RETRY, async () => {
    const t = await table();
    const [first, second, third] = [neonPack({ name: 'One' }), neonPack({ name: 'Two' }), neonPack({ name: 'Three' })];
    for (const p of [first, second, third]) await t.gm.packs.publish(t.cid, p);
    // A session: Ana opens the campaign (3 packs), the game master republishes one pack twice and another once.
    const ana = follow(t.ana, t.cid);
    await ana.until((p) => p.length === 3);
    await t.gm.packs.publish(t.cid, first);
    await ana.until((p) => versionOf(p, first.id) === 2);
    await t.gm.packs.publish(t.cid, first);
    await ana.until((p) => versionOf(p, first.id) === 3);
    await t.gm.packs.publish(t.cid, second);
    await ana.until((p) => versionOf(p, second.id) === 2);
    ana.stop();
    const reads = ana.changes.flat();
    expect(reads.length).toBe(3 + 3);
    expect(reads.filter((id) => id === third.id)).toHaveLength(1);
  });

  it('deleting the campaign deletes its packs', async () => {
    const t = await table();
    const source = neonPack();
    await t.gm.packs.publish(t.cid, source);
    await t.gm.deleteCampaign(t.cid);
    const owner = await emulator.openAsOwner();
    expect((await getDoc(doc(owner, 'campaigns', t.cid, 'packs', source.id))).exists()).toBe(false);
  });
});
