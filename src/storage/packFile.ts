/**
 * Pack entries from a file (issue 49; docs/packs.md): a YAML or JSON file in
 * exactly the format of `content/data/*.yml` (a list of entries of one kind)
 * or a pack document as Nucleus exports it.
 *
 * PF1 A file is refused whole, with a sentence naming the file and nothing
 *     changed, when it is too big, not YAML or JSON, uses YAML aliases past
 *     the limit (an alias bomb), nests too deep, holds something of no known
 *     kind, breaks an entry's schema (the entry's place, id and field are
 *     named), repeats an id, passes a pack's limits, or holds text that
 *     would be script (names are plain text; links only http(s) or paths
 *     of this site).
 * PF2 The kind of a list is the one asked for, else the file's catalogue
 *     name (`features.yml`, `gear/weapons.yml`…), else the shape of its
 *     first entry; a file whose kind is none of these is refused.
 * PF3 Adding imported entries to a pack refuses an id the pack already has
 *     for that kind, and a pack the entries would take past its limits.
 */
import { parse } from 'yaml';
import {
  PACK_ENTRY_KINDS,
  PACK_KIND_WORDS,
  emptyPackEntries,
  entryTextProblems,
  loadDocument,
  packEntriesSchema,
  packLimitProblems,
  RulesError,
  type Pack,
  type PackEntries,
  type PackEntryKind,
} from '../rules';

export const PACK_FILE_LIMITS = {
  /** Characters of the file: a pack is at most 600,000 bytes of JSON; YAML of it is shorter. */
  chars: 1_000_000,
  /** YAML aliases (`*name`) in the file; the official catalogue uses none. */
  aliases: 50,
  /** Levels of lists and maps inside one another; a pack document needs 8. */
  depth: 16,
} as const;

/** A file of pack entries that cannot be imported; `message` is the sentence to show. */
export class PackFileError extends Error {
  override readonly name = 'PackFileError';
  constructor(
    readonly file: string,
    readonly problems: string[],
  ) {
    const more = problems.length > 1 ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})` : '';
    super(`${file} was not imported, nothing was changed: ${problems[0]!.replace(/[.\s]+$/, '')}${more}.`);
  }
}

/** What a file holds: entries of one kind, or a whole pack document. */
export type PackFileContents = { kind: PackEntryKind; entries: PackEntries } | { pack: Pack };

/** `content/data/` file names → the kind they hold (the gear folder's files are gear). */
const CATALOGUE_FILE_KINDS: Record<string, PackEntryKind> = {
  features: 'features',
  'blueprint-features': 'blueprintFeatures',
  'core-effects': 'coreEffects',
  'core-side-effects': 'coreSideEffects',
  'creature-properties': 'creatureProperties',
  creatures: 'creatures',
  gear: 'gear',
  weapons: 'gear',
  armour: 'gear',
  equipment: 'gear',
  cyberware: 'gear',
  drones: 'gear',
};

function kindOfFileName(file: string): PackEntryKind | undefined {
  const stem = file.replace(/\\/g, '/').split('/').pop()!.replace(/\.(ya?ml|json)$/i, '');
  return CATALOGUE_FILE_KINDS[stem] ?? (/(^|\/)gear\//.test(file.replace(/\\/g, '/')) ? 'gear' : undefined);
}

/** The kind an entry's fields say it is (PF2), or undefined. */
function kindOfShape(entry: unknown): PackEntryKind | undefined {
  if (!entry || typeof entry !== 'object') return undefined;
  const e = entry as Record<string, unknown>;
  if (e.kind === 'blueprint') return 'gear';
  if (e.kind === 'creature') return 'creatures';
  if ('tree' in e) return 'features';
  if ('template' in e || 'baseCost' in e) return 'coreEffects';
  if ('refund' in e) return 'coreSideEffects';
  if ('threat' in e) return 'creatureProperties';
  if ('type' in e && 'cost' in e) return 'blueprintFeatures';
  return undefined;
}

/** The deepest nesting of lists and maps, walked without recursion; stops past `limit`. */
function depthOver(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    if (depth > limit) return true;
    for (const x of Array.isArray(v) ? v : Object.values(v)) stack.push([x, depth + 1]);
  }
  return false;
}

/**
 * Does the text open more flow lists and maps (`[`, `{`) inside one another
 * than any pack file could need? Counted on the raw text, before the parser
 * sees it: the parser takes seconds over 100,000 nested brackets before it
 * gives up. Brackets in texts ("[the rules](/rules)") close again, so only a
 * text with dozens left open could be wrongly refused here.
 */
function flowNestingOver(text: string, limit: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) depth--;
  }
  return false;
}

/** The file's text as data, or the sentence that refuses it (PF1). */
function readData(file: string, text: string): unknown {
  const fail = (problem: string): never => {
    throw new PackFileError(file, [problem]);
  };
  if (text.length > PACK_FILE_LIMITS.chars) fail(`the file is ${text.length.toLocaleString('en')} characters long, and a pack file may be at most ${PACK_FILE_LIMITS.chars.toLocaleString('en')}`);
  if (flowNestingOver(text, 4 * PACK_FILE_LIMITS.depth)) fail(`the file nests more than ${PACK_FILE_LIMITS.depth} levels deep`);
  let data: unknown;
  try {
    data = parse(text, { maxAliasCount: PACK_FILE_LIMITS.aliases, uniqueKeys: true, merge: false });
  } catch (e) {
    const message = (e as Error).message ?? '';
    if (/alias/i.test(message)) fail(`the file uses YAML aliases (*name) more than ${PACK_FILE_LIMITS.aliases} times, which is how a file swells to fill the memory; write the entries out`);
    if (e instanceof RangeError || /call stack/i.test(message)) fail(`the file nests more than ${PACK_FILE_LIMITS.depth} levels deep`);
    fail(`the file is neither YAML nor JSON (${message.split('\n')[0]!.replace(/[.:\s]+$/, '')})`);
  }
  if (depthOver(data, PACK_FILE_LIMITS.depth)) fail(`the file nests more than ${PACK_FILE_LIMITS.depth} levels deep`);
  return data;
}

/** "entry 3 ('quick-hands')" for the problem lines. */
function entryLabel(list: unknown[], index: number): string {
  const id = (list[index] as { id?: unknown } | null)?.id;
  return `entry ${index + 1}${typeof id === 'string' ? ` ('${id.slice(0, 60)}')` : ''}`;
}

/** A list of entries of one kind, checked (PF1): schema, duplicate ids, limits, script. */
function readEntries(file: string, list: unknown[], kind: PackEntryKind): PackEntries {
  const parsed = packEntriesSchema.safeParse({ [kind]: list });
  if (!parsed.success) {
    throw new PackFileError(
      file,
      parsed.error.issues.map((i) => {
        const [, index, ...field] = i.path;
        return typeof index === 'number' ? `${entryLabel(list, index)}: ${field.join('.') || 'entry'}: ${i.message}` : i.message;
      }),
    );
  }
  const entries = parsed.data;
  const problems: string[] = [];
  const seen = new Map<string, number>();
  (entries[kind] as { id: string }[]).forEach((e, i) => {
    const first = seen.get(e.id);
    if (first !== undefined) problems.push(`${entryLabel(list, i)}: id: the same id as entry ${first + 1}`);
    else seen.set(e.id, i);
    for (const t of entryTextProblems(e)) problems.push(`${entryLabel(list, i)}: ${t.path.join('.')}: ${t.problem}`);
  });
  for (const p of packLimitProblems({ name: '', description: '', credits: '', changelog: [], entries })) {
    const [, , index, ...field] = p.path;
    problems.push(typeof index === 'number' ? `${entryLabel(list, index)}: ${field.join('.')}: ${p.message}` : `the file ${p.message}`);
  }
  if (problems.length) throw new PackFileError(file, problems);
  return entries;
}

/**
 * Reads a pack file (PF1, PF2): a list of catalogue entries of one kind, or
 * a pack document. `kind` is the kind the reader asked for, when it did.
 * @throws PackFileError with the sentence to show; nothing is kept of a refused file.
 */
export function readPackFile(file: string, text: string, kind?: PackEntryKind): PackFileContents {
  const data = readData(file, text);
  if (Array.isArray(data)) {
    if (!data.length) throw new PackFileError(file, ['the file holds an empty list: no entries to import']);
    const listKind = kind ?? kindOfFileName(file) ?? kindOfShape(data[0]);
    if (!listKind) {
      const kinds = PACK_ENTRY_KINDS.map((k) => PACK_KIND_WORDS[k].many).join(', ');
      throw new PackFileError(file, [`its entries are of no kind a pack holds (${kinds}): name the file as in content/data (features.yml, gear/weapons.yml…)`]);
    }
    return { kind: listKind, entries: readEntries(file, data, listKind) };
  }
  const kindField = data && typeof data === 'object' ? (data as { kind?: unknown; format?: unknown }).kind : undefined;
  if (kindField === 'pack') return { pack: readPackDocument(file, data) };
  if ((data as { format?: unknown } | null)?.format === 'nucleus-library') throw new PackFileError(file, ['it is a library export, not a pack: import it in the library']);
  const what = typeof kindField === 'string' ? `a ${kindField.slice(0, 40)}` : 'no list of entries and no pack';
  throw new PackFileError(file, [`it holds ${what}; a pack file is a list of catalogue entries (as in content/data) or an exported pack`]);
}

function readPackDocument(file: string, data: unknown): Pack {
  try {
    const pack = loadDocument(data) as Pack;
    const unsafe = PACK_ENTRY_KINDS.flatMap((k) => pack.entries[k].flatMap((e, i) => entryTextProblems(e).map((t) => `entries.${k}[${i}].${t.path.join('.')}: ${t.problem}`)));
    if (unsafe.length) throw new PackFileError(file, unsafe);
    return pack;
  } catch (e) {
    // A RulesError's message names the field: `entries.features.0.tier: expected 1, 2 or 3`.
    if (e instanceof RulesError) throw new PackFileError(file, [e.message]);
    throw e;
  }
}

/**
 * The pack with imported entries added after its own (PF3).
 * @throws PackFileError when an id is already the pack's, or the pack would pass its limits.
 */
export function addImportedEntries(file: string, pack: Pack, imported: PackEntries): Pack {
  const entries = emptyPackEntries();
  const problems: string[] = [];
  for (const kind of PACK_ENTRY_KINDS) {
    const own = new Set(pack.entries[kind].map((e) => e.id));
    for (const e of imported[kind]) if (own.has(e.id)) problems.push(`the pack already has a ${PACK_KIND_WORDS[kind].one} with the id '${e.id}': rename one of them`);
    (entries as Record<PackEntryKind, unknown[]>)[kind] = [...pack.entries[kind], ...imported[kind]];
  }
  const next = { ...pack, entries };
  for (const p of packLimitProblems(next)) problems.push(`the pack ${p.path.length ? `${p.path.join('.')} ` : ''}${p.message}`);
  if (problems.length) throw new PackFileError(file, problems);
  return next;
}
