/**
 * Test helper: packs made of the official catalogue's own entries (read from
 * `content/data/`, each through its kind's schema), so sizes and shapes are
 * those of real entries.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { catalogueSchemas } from '../../rules';
import { PACK_ENTRY_KINDS, type PackEntryKind, type PackEntrySource, type PackSource } from './packShape';

const FILES: Record<PackEntryKind, string[]> = {
  gear: readdirSync('content/data/gear').filter((f) => f.endsWith('.yml')).map((f) => join('gear', f)),
  creatures: ['creatures.yml'],
  features: ['features.yml'],
  blueprintFeatures: ['blueprint-features.yml'],
  coreEffects: ['core-effects.yml'],
  coreSideEffects: ['core-side-effects.yml'],
  creatureProperties: ['creature-properties.yml'],
};

const read = new Map<PackEntryKind, Record<string, unknown>[]>();

/** Every official entry of `kind`, as its schema reads it (a fresh copy each call). */
export function officialEntries(kind: PackEntryKind): Record<string, unknown>[] {
  if (!read.has(kind)) {
    read.set(kind, FILES[kind].flatMap((file) => (parse(readFileSync(join('content/data', file), 'utf8')) as unknown[]).map((e) => catalogueSchemas[kind].parse(e) as Record<string, unknown>)));
  }
  return structuredClone(read.get(kind)!);
}

/**
 * A game master's pack of `count` entries taken in turn from every kind's
 * official entries (ids made its own), none game-master-only unless `gmOnly`
 * says so per kind.
 */
export function packOf(count: number, over: Partial<PackSource> = {}, gmOnly: Partial<Record<PackEntryKind, boolean>> = {}): PackSource {
  const pools = Object.fromEntries(PACK_ENTRY_KINDS.map((k) => [k, officialEntries(k)])) as Record<PackEntryKind, Record<string, unknown>[]>;
  const entries = Object.fromEntries(PACK_ENTRY_KINDS.map((k) => [k, [] as PackEntrySource[]])) as Record<PackEntryKind, PackEntrySource[]>;
  for (let i = 0; i < count; i++) {
    const kind = PACK_ENTRY_KINDS[i % PACK_ENTRY_KINDS.length]!;
    const pool = pools[kind];
    const official = pool[Math.floor(i / PACK_ENTRY_KINDS.length) % pool.length]!;
    entries[kind].push({ ...official, id: `${String(official.id)}-hb-${i}`, name: `${String(official.name)} Mk ${i}`, gmOnly: gmOnly[kind] ?? false });
  }
  return { id: 'neon-nights-pack', name: 'Neon Nights', author: 'Ada', description: 'Homebrew for the undercity.', version: 0, changelog: [], entries, ...over };
}
