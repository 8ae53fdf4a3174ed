/**
 * The device's copy of a campaign's packs (packCache.ts), in IndexedDB: it
 * outlives the page (a reopened database still has it), follows the server's
 * list, and keeps each campaign and each person apart.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { PackCache } from './packCache';
import { publishedPackOf } from './packShape';
import { packOf } from './packTesting';

const uniq = (p: string) => `${p}-${Math.random().toString(36).slice(2, 10)}`;
const pack = (id: string, name: string, version = 1) => publishedPackOf(packOf(14, { id, name }), version).pack;

describe('packs kept on the device', () => {
  it('a reopened database (a reload, offline) still has the last packs received, entries and all', async () => {
    const name = uniq('packs');
    const first = await PackCache.open('ana', name);
    await first.replace('camp-1', [pack('neon', 'Neon Nights'), pack('chrome', 'Chrome Age')], 1000);
    first.close();
    const again = await PackCache.open('ana', name);
    const kept = await again.packs('camp-1');
    expect(kept.map((k) => k.pack.name)).toEqual(['Chrome Age', 'Neon Nights']);
    expect(kept[1]!.pack).toEqual(pack('neon', 'Neon Nights'));
    expect(kept[1]!.receivedAt).toBe(1000);
    again.close();
  });

  it('the server’s next list replaces the campaign’s: a newer version in, a pack taken off gone, other campaigns untouched', async () => {
    const cache = await PackCache.open('ana', uniq('packs'));
    await cache.replace('camp-1', [pack('neon', 'Neon Nights'), pack('chrome', 'Chrome Age')]);
    await cache.replace('camp-2', [pack('neon', 'Neon Nights (other table)')]);
    await cache.replace('camp-1', [pack('neon', 'Neon Nights', 2)]);
    expect((await cache.packs('camp-1')).map((k) => [k.pack.id, k.pack.version])).toEqual([['neon', 2]]);
    expect((await cache.packs('camp-2')).map((k) => k.pack.name)).toEqual(['Neon Nights (other table)']);
    expect((await cache.all()).map((k) => [k.campaignId, k.pack.name])).toEqual([
      ['camp-1', 'Neon Nights'],
      ['camp-2', 'Neon Nights (other table)'],
    ]);
    await cache.forget('camp-1');
    expect(await cache.packs('camp-1')).toEqual([]);
    expect(await cache.packs('camp-2')).toHaveLength(1);
    cache.close();
  });

  it('each signed-in person has their own database', async () => {
    const ana = await PackCache.open(uniq('ana'));
    const bo = await PackCache.open(uniq('bo'));
    await ana.replace('camp-1', [pack('neon', 'Neon Nights')]);
    expect(await bo.packs('camp-1')).toEqual([]);
    ana.close();
    bo.close();
  });
});
