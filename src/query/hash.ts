/**
 * Canonical form, hash and URL encoding of query parameters (DECISIONS.md
 * "Content API paths"). Pure JS: no crypto, no TextEncoder, no Buffer, so the
 * build and the browser compute the same names.
 */
import { QueryError } from './errors';
import { parseQueryParams, type QueryParamsInput } from './params';
import { isPlainObject } from './values';

/**
 * Parameters in one spelling per meaning (H1): validated and normalised,
 * defaults removed, multi-key sort objects split into one key each (their
 * order matters), object keys sorted recursively.
 */
export function canonicalParams(input: unknown): QueryParamsInput {
  const p = parseQueryParams(input);
  const out: Record<string, unknown> = {};
  if (p.where?.length) out.where = p.where;
  if (p.only?.length) out.only = p.only;
  if (p.without?.length) out.without = p.without;
  if (p.sort?.length) {
    out.sort = p.sort.flatMap((spec) => {
      const options = Object.fromEntries(Object.entries(spec).filter(([k, v]) => k.startsWith('$') && !(k === '$numeric' && v === false)));
      return Object.keys(spec)
        .filter((k) => !k.startsWith('$'))
        .map((field) => ({ [field]: spec[field], ...options }));
    });
  }
  if (p.limit !== undefined) out.limit = p.limit;
  if (p.skip) out.skip = p.skip;
  if (p.first) out.first = true;
  if (p.count) out.count = true;
  if (p.surround) {
    const s: Record<string, unknown> = { query: p.surround.query };
    if (p.surround.before !== 1) s.before = p.surround.before;
    if (p.surround.after !== 1) s.after = p.surround.after;
    out.surround = s;
  }
  if (p.locale !== undefined) out.locale = p.locale;
  if (p.dirConfig) out.dirConfig = true;
  return sortKeysDeep(out) as QueryParamsInput;
}

function sortKeysDeep(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeysDeep);
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    Object.defineProperty(out, key, { value: sortKeysDeep(value[key]), enumerable: true, writable: true, configurable: true });
  }
  return out;
}

/** The canonical JSON text of parameters. */
export function canonicalJson(input: unknown): string {
  return JSON.stringify(canonicalParams(input));
}

function utf8(text: string): number[] {
  const bytes: number[] = [];
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    if (c < 0x80) bytes.push(c);
    else if (c < 0x800) bytes.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) bytes.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else bytes.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return bytes;
}

function fromUtf8(bytes: readonly number[]): string {
  let out = '';
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    const n = b < 0x80 ? 1 : b >> 5 === 6 ? 2 : b >> 4 === 14 ? 3 : b >> 3 === 30 ? 4 : 0;
    if (!n || i + n > bytes.length) throw new Error('invalid UTF-8');
    let c = n === 1 ? b : b & (0xff >> (n + 1));
    for (let k = 1; k < n; k++) {
      const cont = bytes[i + k]!;
      if (cont >> 6 !== 2) throw new Error('invalid UTF-8');
      c = (c << 6) | (cont & 63);
    }
    out += String.fromCodePoint(c);
    i += n;
  }
  return out;
}

const FNV_OFFSET = 0xcbf29ce484222325n;
const FNV_PRIME = 0x100000001b3n;
const MASK = 0xffffffffffffffffn;

/** 64-bit FNV-1a of the canonical JSON (UTF-8), as 13 base36 characters (H2). */
export function hashParams(input: unknown): string {
  let h = FNV_OFFSET;
  for (const b of utf8(canonicalJson(input))) h = ((h ^ BigInt(b)) * FNV_PRIME) & MASK;
  return h.toString(36).padStart(13, '0');
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url (no padding) of the canonical JSON (H3). */
export function encodeParams(input: unknown): string {
  const bytes = utf8(canonicalJson(input));
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const n = (bytes[i]! << 16) | ((bytes[i + 1] ?? 0) << 8) | (bytes[i + 2] ?? 0);
    const chars = Math.min(4, bytes.length - i + 1);
    for (let k = 0; k < chars; k++) out += B64[(n >> (18 - 6 * k)) & 63];
  }
  return out;
}

/** The parameters of an `encodeParams` string; throws QueryError('_params') when it is not one (H3). */
export function decodeParams(encoded: string): QueryParamsInput {
  const fail = (why: string) => new QueryError('_params', `'_params' is not encoded query parameters (${why})`);
  if (!/^[A-Za-z0-9_-]*$/.test(encoded) || encoded.length % 4 === 1) throw fail('not base64url');
  const bytes: number[] = [];
  for (let i = 0; i < encoded.length; i += 4) {
    const chunk = encoded.slice(i, i + 4);
    let n = 0;
    for (let k = 0; k < 4; k++) n = (n << 6) | (k < chunk.length ? B64.indexOf(chunk[k]!) : 0);
    bytes.push((n >> 16) & 255);
    if (chunk.length > 2) bytes.push((n >> 8) & 255);
    if (chunk.length > 3) bytes.push(n & 255);
  }
  let json: unknown;
  try {
    json = JSON.parse(fromUtf8(bytes));
  } catch {
    throw fail('not JSON');
  }
  return canonicalParams(json);
}
