/**
 * Reads the game's catalogues from a `content/data/` folder (Node): each file a
 * YAML list of entries, each entry validated with its zod schema from the
 * rules engine. A missing file is an empty list. The build can reuse this.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { catalogueSchemas, emptyCatalogues, type Catalogues } from '../rules';
import { CATALOGUE_FILES } from './catalogueFiles';

export { CATALOGUE_FILES };

function filesOf(dataDir: string, entry: string): string[] {
  const path = join(dataDir, entry);
  if (!existsSync(path)) return [];
  if (entry.endsWith('.yml')) return [path];
  return readdirSync(path)
    .filter((f) => /\.ya?ml$/.test(f))
    .sort()
    .map((f) => join(path, f));
}

/** The entries of one catalogue file, validated; throws an Error naming the file and the entry. */
export function readCatalogueFile<K extends keyof Catalogues>(file: string, name: K): Catalogues[K] {
  let value: unknown;
  try {
    value = parse(readFileSync(file, 'utf8'));
  } catch (e) {
    throw new Error(`${file}: cannot read the catalogue (${(e as Error).message.split('\n')[0]})`);
  }
  if (value == null) return [] as Catalogues[K];
  if (!Array.isArray(value)) throw new Error(`${file}: a catalogue file must be a YAML list of entries`);
  const schema = catalogueSchemas[name];
  return value.map((entry: unknown, index) => {
    const r = schema.safeParse(entry);
    if (r.success) return r.data;
    const id = (entry as { id?: unknown } | null)?.id;
    const which = typeof id === 'string' ? `entry '${id}'` : `entry ${index + 1}`;
    const issue = r.error.issues[0]!;
    throw new Error(`${file}: ${which}: ${issue.path.join('.') || 'entry'}: ${issue.message}`);
  }) as Catalogues[K];
}

/** Every catalogue under `dataDir` (e.g. `content/data`); missing files are empty lists. */
export function readCatalogues(dataDir: string): Catalogues {
  const catalogues = emptyCatalogues();
  for (const [entry, name] of Object.entries(CATALOGUE_FILES)) {
    const seen = new Map<string, string>();
    for (const file of filesOf(dataDir, entry)) {
      for (const item of readCatalogueFile(file, name)) {
        // Documents refer to entries by id, so an id must be unique within its catalogue.
        const before = seen.get(item.id);
        if (before) throw new Error(`${file}: entry '${item.id}': the id is already used in ${before}`);
        seen.set(item.id, file);
        (catalogues[name] as unknown[]).push(item);
      }
    }
  }
  return catalogues;
}
