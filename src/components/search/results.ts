/**
 * Search results for display: grouped by page, with the matched words marked
 * and a short excerpt around the first match. Pure.
 */
import type { SearchHit } from '../../search';

/** What a result needs from the index (see SearchHit in src/search/engine.ts). */
export type Hit = Pick<SearchHit, 'id' | 'path' | 'anchor' | 'pageTitle' | 'heading' | 'breadcrumb' | 'kind' | 'text'>;

export interface Piece {
  text: string;
  mark: boolean;
}

export interface ResultItem {
  id: string;
  href: string;
  title: Piece[];
  excerpt: Piece[];
  kind: string;
}

export interface ResultGroup {
  path: string;
  pageTitle: string;
  breadcrumb: string;
  items: ResultItem[];
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Splits `text` into marked and unmarked pieces for the given terms (prefix matches). */
export function highlight(text: string, terms: string[]): Piece[] {
  const words = [...new Set(terms.filter((t) => t.length > 0))].sort((a, b) => b.length - a.length);
  if (!words.length || !text) return text ? [{ text, mark: false }] : [];
  const re = new RegExp(`(${words.map(escapeRegExp).join('|')})`, 'gi');
  const pieces: Piece[] = [];
  let last = 0;
  for (const m of text.matchAll(re)) {
    if (m.index! > last) pieces.push({ text: text.slice(last, m.index), mark: false });
    pieces.push({ text: m[0], mark: true });
    last = m.index! + m[0].length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last), mark: false });
  return pieces;
}

/** About `size` characters of `text` around the first match of `terms`. */
export function excerptAround(text: string, terms: string[], size = 140): string {
  if (text.length <= size) return text;
  const lower = text.toLowerCase();
  let at = -1;
  for (const t of terms) {
    const i = lower.indexOf(t.toLowerCase());
    if (i >= 0 && (at < 0 || i < at)) at = i;
  }
  if (at < 0) return text.slice(0, size).trimEnd() + '…';
  const start = Math.max(0, at - Math.floor(size / 3));
  const end = Math.min(text.length, start + size);
  return (start > 0 ? '…' : '') + text.slice(start, end).trim() + (end < text.length ? '…' : '');
}

/** "creature property" → "Creature properties"; uncountable kinds stay as they are. */
export function plural(kind: string): string {
  const word = kind.charAt(0).toUpperCase() + kind.slice(1);
  if (/(armour|equipment|gear|ware|s)$/i.test(word)) return word;
  return /[^aeiou]y$/i.test(word) ? `${word.slice(0, -1)}ies` : `${word}s`;
}

/**
 * Groups hits by page, keeping the best page first and, inside a page, its
 * sections in score order. `limit` caps the number of items shown.
 */
export function groupResults(hits: Hit[], terms: string[], withBase: (p: string) => string, limit = 40): ResultGroup[] {
  const groups = new Map<string, ResultGroup>();
  let count = 0;
  for (const hit of hits) {
    if (count >= limit) break;
    // Catalogue entries group by kind on their page ("Weapons · Gear and blueprints").
    const isPage = hit.kind === 'page';
    const key = isPage ? hit.path : `${hit.path}|${hit.kind}`;
    let group = groups.get(key);
    if (!group) {
      group = isPage
        ? { path: hit.path, pageTitle: hit.pageTitle, breadcrumb: hit.breadcrumb, items: [] }
        : { path: key, pageTitle: plural(hit.kind), breadcrumb: hit.breadcrumb, items: [] };
      groups.set(key, group);
    }
    const title = hit.heading ?? hit.pageTitle;
    group.items.push({
      id: hit.id,
      href: withBase(hit.path) + (hit.anchor ? `#${hit.anchor}` : ''),
      title: highlight(title, terms),
      excerpt: highlight(excerptAround(hit.text, terms), terms),
      kind: hit.kind,
    });
    count++;
  }
  return [...groups.values()];
}
