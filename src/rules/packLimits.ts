/**
 * The limits of a pack and its entry kinds, without zod (SPEC.md P1): the
 * schema (schemas/pack.ts) refuses a pack past them, and `evaluatePack`,
 * which the browser's editors load without zod, reports them in place.
 */
import type { Catalogues } from './schemas/catalogues';
import type { Pack, PackEntries } from './schemas/pack';

/**
 * The limits of one pack. A published pack is one Firestore document, which
 * holds at most 1 MiB (1,048,576 bytes): 600,000 bytes of JSON leave room
 * for the campaign's fields around it and for names in any script.
 */
export const PACK_LIMITS = {
  /** Entries of every kind together. */
  entries: 300,
  /** Characters of an entry's (or the pack's) name. */
  nameChars: 80,
  /** Characters of any other text of an entry (rules text, description, template…). */
  textChars: 2_000,
  /** Characters of the pack's description and of its credits. */
  descriptionChars: 4_000,
  /** Changelog lines kept, and characters of each. */
  changelogItems: 100,
  changelogChars: 1_000,
  /** Bytes of the whole pack as UTF-8 JSON. */
  bytes: 600_000,
} as const;

/** The catalogue kinds a pack holds, in the order the pack lists them. */
export const PACK_ENTRY_KINDS = ['gear', 'creatures', 'features', 'blueprintFeatures', 'coreEffects', 'coreSideEffects', 'creatureProperties'] as const satisfies readonly (keyof Catalogues)[];
export type PackEntryKind = (typeof PACK_ENTRY_KINDS)[number];

export function emptyPackEntries(): PackEntries {
  return { gear: [], creatures: [], features: [], blueprintFeatures: [], coreEffects: [], coreSideEffects: [], creatureProperties: [] };
}

/** The length of a text as UTF-8 bytes (what Firestore counts), without a DOM or Node API. */
export function utf8Bytes(s: string): number {
  let bytes = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c < 0xdc00 && i + 1 < s.length) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

const TEXT_LIMIT_KEYS: Record<string, number> = { name: PACK_LIMITS.nameChars };

/** Every text of an entry longer than its limit, as the path inside the entry and its limit. */
function longTexts(value: unknown, path: (string | number)[], out: { path: (string | number)[]; limit: number; length: number }[]): void {
  if (typeof value === 'string') {
    const key = path[path.length - 1];
    const limit = (typeof key === 'string' && TEXT_LIMIT_KEYS[key]) || PACK_LIMITS.textChars;
    if (value.length > limit) out.push({ path, limit, length: value.length });
  } else if (Array.isArray(value)) value.forEach((v, i) => longTexts(v, [...path, i], out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) longTexts(v, [...path, k], out);
}

/** The limits a pack breaks, each a sentence at a path (PACK_LIMITS). */
export function packLimitProblems(pack: Pick<Pack, 'name' | 'description' | 'credits' | 'changelog' | 'entries'>): { path: (string | number)[]; message: string }[] {
  const problems: { path: (string | number)[]; message: string }[] = [];
  const tooLong = (path: (string | number)[], length: number, limit: number) =>
    problems.push({ path, message: `is ${length.toLocaleString('en')} characters long; a pack allows at most ${limit.toLocaleString('en')} here` });
  if (pack.name.length > PACK_LIMITS.nameChars) tooLong(['name'], pack.name.length, PACK_LIMITS.nameChars);
  for (const key of ['description', 'credits'] as const) if (pack[key].length > PACK_LIMITS.descriptionChars) tooLong([key], pack[key].length, PACK_LIMITS.descriptionChars);
  if (pack.changelog.length > PACK_LIMITS.changelogItems) problems.push({ path: ['changelog'], message: `has ${pack.changelog.length} lines; a pack keeps at most ${PACK_LIMITS.changelogItems}` });
  pack.changelog.forEach((line, i) => line.text.length > PACK_LIMITS.changelogChars && tooLong(['changelog', i, 'text'], line.text.length, PACK_LIMITS.changelogChars));
  const count = PACK_ENTRY_KINDS.reduce((n, kind) => n + pack.entries[kind].length, 0);
  if (count > PACK_LIMITS.entries) problems.push({ path: ['entries'], message: `has ${count} entries; a pack holds at most ${PACK_LIMITS.entries}: split it into two packs` });
  const long: { path: (string | number)[]; limit: number; length: number }[] = [];
  for (const kind of PACK_ENTRY_KINDS) pack.entries[kind].forEach((entry, i) => longTexts(entry, ['entries', kind, i], long));
  for (const l of long) tooLong(l.path, l.length, l.limit);
  const bytes = utf8Bytes(JSON.stringify(pack));
  if (bytes > PACK_LIMITS.bytes) {
    problems.push({ path: [], message: `is ${bytes.toLocaleString('en')} bytes; a pack may be at most ${PACK_LIMITS.bytes.toLocaleString('en')} bytes (it must fit one cloud document): remove entries or shorten texts` });
  }
  return problems;
}

