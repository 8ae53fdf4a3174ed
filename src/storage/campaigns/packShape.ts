/**
 * A pack as a campaign's members receive it (docs/accounts.md "Packs"): what
 * the game master's pack document becomes when published, and back.
 *
 * The game master's whole pack stays their own document; publishing keeps
 * only the entries not marked game-master-only, each checked against the
 * official schema of its kind (`catalogueSchemas`), so members can never
 * receive a game-master-only entry and never an entry the rules engine
 * could not judge. Light (no Firestore): the cache and the editors use it.
 *
 * In Firestore each entry is JSON text (one string per entry, one list per
 * kind) and the changelog one JSON text: the security rules cannot loop over
 * a list, but they can count a list, bound the joined text's size and check
 * it whole with one regular expression (firestore.rules `packShape`).
 */
import { catalogueSchemas, CATALOGUE_NAMES, type Catalogues, type PackEntryKind } from '../../rules';
import { CampaignError } from './invite';

export type { PackEntryKind };
export type PackEntries = { [K in PackEntryKind]: Catalogues[K] };
export const PACK_ENTRY_KINDS: readonly PackEntryKind[] = CATALOGUE_NAMES;

export interface PackChange {
  version: number;
  text: string;
}

/** A published pack, as a member reads it. */
export interface PublishedPack {
  id: string;
  name: string;
  author: string;
  description: string;
  /** Rises with each publication to the campaign (firestore.rules: by at least 1). */
  version: number;
  /** When the server took this version (ms); 0 while the write is still on its way. */
  publishedAt: number;
  /** Newest last; at most `PUBLISHED_PACK_LIMITS.changelog` of them. */
  changelog: PackChange[];
  entries: PackEntries;
}

/** An entry of the game master's pack: an official entry's fields, and whether only the game master sees it. */
export type PackEntrySource = Record<string, unknown> & { gmOnly?: boolean };

/**
 * What publishing needs of the game master's pack document (kind `pack`):
 * its entries carry `gmOnly` (a creature without it counts as
 * game-master-only, as the live fight hides creature numbers) and may carry
 * `origin`; neither leaves the document.
 */
export interface PackSource {
  id: string;
  name: string;
  author?: string;
  description?: string;
  /** The pack's own publication count (0: never published). */
  version: number;
  changelog?: readonly PackChange[];
  entries: Partial<Record<PackEntryKind, readonly PackEntrySource[]>>;
}

/**
 * What firestore.rules accept of a published pack (the same numbers are in
 * `packShape` there). The pack document's own limits (`PACK_LIMITS`,
 * src/rules/packLimits.ts) are tighter but for one: an entry of many long
 * texts can pass 20,000 characters, and publishing then refuses it with a
 * sentence. One pack is one Firestore document, whose hard ceiling
 * is 1 MiB: 300 entries of at most 20,000 characters and all entries within
 * 800,000 characters, with the changelog's 60,000 and the short fields,
 * stay under it (a realistic 300-entry pack is measured in
 * packRules.test.ts); `bytes` is checked on the UTF-8 size, as Firestore
 * counts it.
 */
export const PUBLISHED_PACK_LIMITS = {
  /** Entries of all kinds together. */
  entries: 300,
  /** Characters of one entry as JSON. */
  entryChars: 20_000,
  /** Characters of all entries as JSON. */
  entriesChars: 800_000,
  name: 100,
  author: 100,
  description: 4000,
  /** Changelog items kept in the published copy (the newest). */
  changelog: 50,
  /** Characters of one changelog item's text (an escaped character counts once). */
  changeText: 1000,
  /** Characters of the changelog as JSON. */
  changelogChars: 60_000,
  /** The highest version. */
  version: 999_999,
  /** Packs one campaign holds. */
  perCampaign: 20,
  /** The whole document's UTF-8 size, under Firestore's 1 MiB with room for its field names. */
  bytes: 1_000_000,
} as const;

/** A pack id as the rules take it in a path and in the campaign's lists. */
export const PACK_ID = /^[A-Za-z0-9_-]{1,128}$/;

/** The changelog's JSON text as firestore.rules check it (`changelogShape`). */
const CHANGE_ITEM = `\\{"version":[1-9][0-9]{0,5},"text":"(?:[^"\\\\]|\\\\.){0,${PUBLISHED_PACK_LIMITS.changeText}}"\\}`;
export const CHANGELOG_TEXT = new RegExp(`^\\[(?:${CHANGE_ITEM}(?:,${CHANGE_ITEM})*)?\\]$`);

/** Fields of a pack entry that belong to the game master's document only. */
const PACK_ONLY_FIELDS = ['gmOnly', 'origin'];

export const isGmOnly = (kind: PackEntryKind, entry: PackEntrySource): boolean => entry.gmOnly ?? kind === 'creatures';

/** The name an entry goes by in a sentence. */
function entryName(kind: PackEntryKind, entry: Record<string, unknown>, index: number): string {
  const name = typeof entry.name === 'string' && entry.name.trim() ? entry.name.trim() : typeof entry.id === 'string' ? entry.id : `entry ${index + 1}`;
  return `“${name}” (${KIND_WORDS[kind]})`;
}

export const KIND_WORDS: Record<PackEntryKind, string> = {
  gear: 'gear',
  creatures: 'creature',
  features: 'feature',
  blueprintFeatures: 'blueprint feature',
  coreEffects: 'core effect',
  coreSideEffects: 'core side effect',
  creatureProperties: 'creature property',
};

/** The entry as members receive it: checked against its official schema, the pack-only fields left out. */
function publishedEntry(kind: PackEntryKind, source: PackEntrySource, index: number): unknown {
  const fields = Object.fromEntries(Object.entries(source).filter(([key]) => !PACK_ONLY_FIELDS.includes(key)));
  const parsed = catalogueSchemas[kind].safeParse(fields);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length ? `${issue.path.map(String).join('.')}: ` : '';
    throw new CampaignError(`${entryName(kind, source, index)} cannot be published: ${where}${issue.message}. Fix it in the pack first.`);
  }
  const text = JSON.stringify(parsed.data);
  if (text.length > PUBLISHED_PACK_LIMITS.entryChars) {
    throw new CampaignError(`${entryName(kind, source, index)} is too long to publish (${text.length.toLocaleString('en')} characters; at most ${PUBLISHED_PACK_LIMITS.entryChars.toLocaleString('en')}): shorten its text.`);
  }
  return parsed.data;
}

/** The published changelog: the newest items, each checked as the rules check it. */
function publishedChangelog(changelog: readonly PackChange[] = []): PackChange[] {
  const newest = [...changelog].sort((a, b) => a.version - b.version).slice(-PUBLISHED_PACK_LIMITS.changelog);
  for (const change of newest) {
    const item = { version: change.version, text: change.text };
    if (!CHANGELOG_TEXT.test(`[${JSON.stringify(item)}]`)) {
      throw new CampaignError(`The changelog of version ${change.version} cannot be published: a version is a whole number from 1 to ${PUBLISHED_PACK_LIMITS.version.toLocaleString('en')} and its text at most ${PUBLISHED_PACK_LIMITS.changeText.toLocaleString('en')} characters.`);
    }
  }
  return newest.map((c) => ({ version: c.version, text: c.text }));
}

/** Checks the pack's own fields, as the rules do. */
function checkPackFields(source: PackSource): void {
  const L = PUBLISHED_PACK_LIMITS;
  if (!PACK_ID.test(source.id)) throw new CampaignError('This pack cannot be published: its id is not one the campaign can hold (1 to 128 letters, digits, hyphens or underscores). Duplicate the pack and publish the copy.');
  if (!source.name.trim()) throw new CampaignError('A pack needs a name before it is published.');
  if (source.name.trim().length > L.name) throw new CampaignError(`The pack’s name is too long to publish (at most ${L.name} characters).`);
  if ((source.author ?? '').length > L.author) throw new CampaignError(`The pack’s author is too long to publish (at most ${L.author} characters).`);
  if ((source.description ?? '').length > L.description) throw new CampaignError(`The pack’s description is too long to publish (at most ${L.description.toLocaleString('en')} characters).`);
}

/**
 * What members receive of the game master's pack at `version`: the entries
 * not marked game-master-only, checked; `leftOut` counts the others.
 * @throws CampaignError naming the first thing that would stop it (an entry that breaks its kind's rules, a limit)
 */
export function publishedPackOf(source: PackSource, version: number): { pack: PublishedPack; leftOut: number } {
  checkPackFields(source);
  if (!Number.isInteger(version) || version < 1 || version > PUBLISHED_PACK_LIMITS.version) {
    throw new CampaignError(`This pack has been published ${PUBLISHED_PACK_LIMITS.version.toLocaleString('en')} times, the most a campaign takes: publish it as a new pack.`);
  }
  const entries = emptyEntries();
  let leftOut = 0;
  for (const kind of PACK_ENTRY_KINDS) {
    (source.entries[kind] ?? []).forEach((entry, index) => {
      if (isGmOnly(kind, entry)) leftOut++;
      else (entries[kind] as unknown[]).push(publishedEntry(kind, entry, index));
    });
  }
  const pack: PublishedPack = {
    id: source.id,
    name: source.name.trim(),
    author: (source.author ?? '').trim(),
    description: source.description ?? '',
    version,
    publishedAt: 0,
    changelog: publishedChangelog(source.changelog),
    entries,
  };
  checkPackSize(pack);
  return { pack, leftOut };
}

export function emptyEntries(): PackEntries {
  return { gear: [], creatures: [], features: [], blueprintFeatures: [], coreEffects: [], coreSideEffects: [], creatureProperties: [] };
}

const countOf = (entries: PackEntries) => PACK_ENTRY_KINDS.reduce((n, k) => n + entries[k].length, 0);

function checkPackSize(pack: PublishedPack): void {
  const L = PUBLISHED_PACK_LIMITS;
  const count = countOf(pack.entries);
  if (count > L.entries) throw new CampaignError(`This pack has ${count} entries for the players; a campaign takes at most ${L.entries} a pack: mark some game-master-only or split the pack.`);
  const fields = packFields(pack);
  const chars = PACK_ENTRY_KINDS.reduce((n, k) => n + fields.entries[k].reduce((m, t) => m + t.length, 0), 0);
  if (chars > L.entriesChars) throw new CampaignError(`This pack’s entries are too long to publish together (${chars.toLocaleString('en')} characters; at most ${L.entriesChars.toLocaleString('en')}): shorten their texts or split the pack.`);
  if (fields.changelog.length > L.changelogChars) throw new CampaignError(`The pack’s changelog is too long to publish (at most ${L.changelogChars.toLocaleString('en')} characters): shorten its newest texts.`);
  const bytes = packBytes(pack);
  if (bytes > L.bytes) throw new CampaignError(`This pack is too large for one campaign document (${bytes.toLocaleString('en')} bytes; at most ${L.bytes.toLocaleString('en')}): shorten its texts or split the pack.`);
}

/** The Firestore fields of a published pack, but its time (the server stamps `publishedAt`). */
export interface PackFields {
  name: string;
  author: string;
  description: string;
  version: number;
  changelog: string;
  entries: Record<PackEntryKind, string[]>;
}

export function packFields(pack: PublishedPack): PackFields {
  return {
    name: pack.name,
    author: pack.author,
    description: pack.description,
    version: pack.version,
    changelog: JSON.stringify(pack.changelog.map((c) => ({ version: c.version, text: c.text }))),
    entries: Object.fromEntries(PACK_ENTRY_KINDS.map((k) => [k, pack.entries[k].map((e) => JSON.stringify(e))])) as Record<PackEntryKind, string[]>,
  };
}

/**
 * The document's size as Firestore counts it (a string is its UTF-8 bytes
 * plus one, a field name too, a number 8, a time 8, a document 32 more
 * than its path), so a pack is measured before it is sent.
 */
export function packBytes(pack: PublishedPack): number {
  const utf8 = (s: string) => new TextEncoder().encode(s).length + 1;
  const f = packFields(pack);
  let bytes = 32 + 200; // the document and its path, generously
  bytes += utf8('name') + utf8(f.name) + utf8('author') + utf8(f.author) + utf8('description') + utf8(f.description);
  bytes += utf8('version') + 8 + utf8('publishedAt') + 8 + utf8('changelog') + utf8(f.changelog) + utf8('entries');
  for (const kind of PACK_ENTRY_KINDS) bytes += utf8(kind) + f.entries[kind].reduce((n, t) => n + utf8(t), 0);
  return bytes;
}

/** A published pack read back, and the sentences of what in it could not be read. */
export interface ReceivedPack {
  pack: PublishedPack;
  problems: string[];
}

/**
 * A pack as Firestore gives it to a member: each entry checked against its
 * kind's schema again (a newer Nucleus, or a hostile client, may have
 * written it); an entry that fails is left out, with a sentence.
 */
export function readPackFields(id: string, data: Record<string, unknown>, publishedAt: number): ReceivedPack {
  const problems: string[] = [];
  const name = typeof data.name === 'string' ? data.name : id;
  const entries = emptyEntries();
  const stored = (data.entries ?? {}) as Record<string, unknown>;
  for (const kind of PACK_ENTRY_KINDS) {
    const texts = Array.isArray(stored[kind]) ? (stored[kind] as unknown[]) : [];
    let unread = 0;
    for (const text of texts) {
      const parsed = parseJson(text);
      const entry = parsed === undefined ? null : catalogueSchemas[kind].safeParse(parsed);
      if (entry?.success) (entries[kind] as unknown[]).push(entry.data);
      else unread++;
    }
    if (unread) problems.push(`${unread} ${KIND_WORDS[kind]} ${unread === 1 ? 'entry' : 'entries'} of “${name}” could not be read (made by a newer Nucleus, or damaged) and ${unread === 1 ? 'is' : 'are'} left out.`);
  }
  const changelog = parseJson(data.changelog);
  return {
    pack: {
      id,
      name,
      author: typeof data.author === 'string' ? data.author : '',
      description: typeof data.description === 'string' ? data.description : '',
      version: typeof data.version === 'number' ? data.version : 0,
      publishedAt,
      changelog: Array.isArray(changelog) ? changelog.filter((c): c is PackChange => typeof c?.version === 'number' && typeof c?.text === 'string') : [],
      entries,
    },
    problems,
  };
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Sources a campaign allows its characters: the official catalogue, and packs it holds. */
export const OFFICIAL_SOURCE = 'official';
