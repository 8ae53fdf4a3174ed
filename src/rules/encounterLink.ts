/**
 * An encounter carried in an address (SPEC.md L1–L4): the `::encounter`
 * card's "Open at the table" link and the bestiary's "Add to encounter"
 * link, shared by the content build (which writes them) and the encounter
 * editor (which reads them). Plain text in, plain text out, so a reading
 * page needs no script to make one.
 *
 *   /nucleus/EncounterEditor#encounter=<base64url of {"title","creatures":[[id,count]],"crew":[heroes,rank]}>
 *   /nucleus/EncounterEditor#add=<creature id>
 */
import { RulesError } from './errors';

/** An encounter as a link carries it: bestiary ids with counts, and the crew it is meant for. */
export interface TableEncounter {
  title: string;
  creatures: [id: string, count: number][];
  /** Heroes and their rank; absent when the link does not say. */
  crew?: [heroes: number, rank: number];
}

export const ENCOUNTER_EDITOR_PATH = '/nucleus/EncounterEditor';
export const MAX_COUNT = 20;
export const MAX_CREW = 12;
const MAX_TITLE = 120;
const KEBAB = /^[a-z0-9]+(-[a-z0-9]+)*$/;

const fail = (message: string): never => {
  throw new RulesError('encounter', message, { sentence: true });
};

function base64url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function unbase64url(padded: string): string {
  // Padding is allowed (some tools add it back) but not needed.
  const value = padded.replace(/=+$/, '');
  if (!/^[A-Za-z0-9_-]*$/.test(value)) fail('This encounter link is damaged (it has characters a link never makes): copy it again.');
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (value.length % 4)) % 4));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

const wholeIn = (n: unknown, lo: number, hi: number): n is number => typeof n === 'number' && Number.isInteger(n) && n >= lo && n <= hi;

/**
 * Checks a link's encounter and returns a clean copy.
 * @throws RulesError with a sentence naming what is wrong.
 */
export function checkTableEncounter(value: unknown): TableEncounter {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return fail('This encounter link holds no encounter.');
  const v = value as Record<string, unknown>;
  const title = typeof v.title === 'string' ? v.title.trim().slice(0, MAX_TITLE) : '';
  if (!Array.isArray(v.creatures) || v.creatures.length === 0) fail('This encounter link names no creatures.');
  const creatures = (v.creatures as unknown[]).map((c): [string, number] => {
    if (!Array.isArray(c) || typeof c[0] !== 'string' || !KEBAB.test(c[0])) return fail('This encounter link names a creature by something that is not a bestiary id.');
    if (!wholeIn(c[1], 1, MAX_COUNT)) return fail(`This encounter link asks for ${JSON.stringify(c[1])} of ${c[0]}: a count is a whole number from 1 to ${MAX_COUNT}.`);
    return [c[0], c[1]];
  });
  const out: TableEncounter = { title, creatures };
  if (v.crew !== undefined) out.crew = checkCrew(v.crew);
  return out;
}

function checkCrew(crew: unknown): [number, number] {
  if (!Array.isArray(crew) || !wholeIn(crew[0], 1, MAX_CREW) || !wholeIn(crew[1], 1, 10)) {
    return fail(`A crew is 1 to ${MAX_CREW} heroes of a rank from 1 to 10.`);
  }
  return [crew[0], crew[1]];
}

/** The `#encounter=` value of a link (base64url JSON, so any title survives an address). */
export function encodeEncounterLink(e: TableEncounter): string {
  const clean = checkTableEncounter(e);
  return base64url(JSON.stringify(clean.crew ? { title: clean.title, creatures: clean.creatures, crew: clean.crew } : { title: clean.title, creatures: clean.creatures }));
}

/**
 * Reads a `#encounter=` value back.
 * @throws RulesError with a sentence a player understands (never a parser's text).
 */
export function decodeEncounterLink(value: string): TableEncounter {
  let parsed: unknown;
  try {
    parsed = JSON.parse(unbase64url(value));
  } catch (e) {
    if (e instanceof RulesError) throw e;
    return fail('This encounter link is damaged (it was cut short or changed): copy it again.');
  }
  return checkTableEncounter(parsed);
}

/** The whole address of an "Open at the table" link, under the site's base path ('' or '/sub'). */
export const encounterLinkHref = (e: TableEncounter, base = ''): string => `${base}${ENCOUNTER_EDITOR_PATH}#encounter=${encodeEncounterLink(e)}`;

/** The address of an "Add to encounter" link for a bestiary creature. */
export const addToEncounterHref = (creatureId: string, base = ''): string => `${base}${ENCOUNTER_EDITOR_PATH}#add=${encodeURIComponent(creatureId)}`;

/**
 * The creatures of a `::encounter` attribute: `id*count` items split by
 * commas (`*1` may be left out).
 * @example parseCreatureList('aegis-security-officer*2, scuttler-drone') ⇒ [['aegis-security-officer', 2], ['scuttler-drone', 1]]
 * @throws RulesError naming the bad item.
 */
export function parseCreatureList(text: string): [string, number][] {
  const items = text.split(',').map((s) => s.trim()).filter(Boolean);
  if (!items.length) fail('creatures is empty: list bestiary ids with counts, e.g. creatures="scuttler-drone*2".');
  return items.map((item) => {
    const m = /^([a-z0-9]+(?:-[a-z0-9]+)*)(?:\s*\*\s*(\S+))?$/.exec(item);
    if (!m) return fail(`'${item}' is not a creature: write a bestiary id and a count, e.g. scuttler-drone*2.`);
    const count = m[2] === undefined ? 1 : Number(m[2]);
    if (!wholeIn(count, 1, MAX_COUNT)) return fail(`'${item}' has a bad count: a count is a whole number from 1 to ${MAX_COUNT}.`);
    return [m[1]!, count];
  });
}

/**
 * A crew written `heroes@rank`.
 * @example parseCrew('4@2') ⇒ [4, 2]
 */
export function parseCrew(text: string): [number, number] {
  const m = /^\s*(\d+)\s*@\s*(\d+)\s*$/.exec(text);
  if (!m) return fail(`crew '${text}' is not a crew: write heroes@rank, e.g. crew="4@2" for four heroes of rank 2.`);
  return checkCrew([Number(m[1]), Number(m[2])]);
}
