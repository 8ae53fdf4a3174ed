/**
 * The glossary's aliases: the plain words a reader types for a term of the
 * game ("fatigue" for Strain, "hit points" for Health). Pure: reads body
 * trees, so the build, tests and the browser bundle can all use it.
 *
 * A glossary is any table with an "Also called" column: its first column
 * names the term, that column lists the aliases, separated by commas. They
 * live beside the term's definition, where an author editing a term sees
 * them, rather than in code (docs/content.md, "Glossary aliases"). Search
 * reads them into its manifest (src/search/indexBuilder.ts) and looks a
 * query's words up in them (src/search/aliases.ts).
 */
import type { BodyNode, PageRecord } from './types';

/** The header of the column that lists a term's aliases (case and spacing do not matter). */
export const ALSO_CALLED = 'Also called';

/** A glossary row: the term as written and its aliases. */
export interface GlossaryEntry {
  term: string;
  aliases: string[];
}

/** Whether a table header cell's text names the aliases column. */
export function isAlsoCalled(header: string): boolean {
  return header.replace(/\s+/g, ' ').trim().toLowerCase() === ALSO_CALLED.toLowerCase();
}

/** The aliases written in a cell: split at commas and semicolons, trimmed, empty ones dropped. */
export function splitAliases(cell: string): string[] {
  return cell
    .split(/[,;]/)
    .map((a) => a.replace(/\s+/g, ' ').trim())
    .filter((a) => a.length > 0);
}

function textOf(node: BodyNode): string {
  return node.type === 'text' ? node.value : node.children.map(textOf).join('');
}

function elements(node: BodyNode, tag: string): BodyNode[] {
  return node.type === 'element' ? node.children.filter((c) => c.type === 'element' && c.tag === tag) : [];
}

/** The position of a table's "Also called" column, -1 when it has none. */
export function aliasColumn(table: BodyNode): number {
  const [thead] = elements(table, 'thead');
  const [headRow] = thead ? elements(thead, 'tr') : [];
  return headRow ? elements(headRow, 'th').map(textOf).findIndex(isAlsoCalled) : -1;
}

/** The rows of one table that has an "Also called" column (none for another table). */
function tableEntries(table: BodyNode): GlossaryEntry[] {
  const [tbody] = elements(table, 'tbody');
  const column = aliasColumn(table);
  if (column <= 0 || !tbody) return [];
  return elements(tbody, 'tr').flatMap((row) => {
    const cells = elements(row, 'td').map(textOf);
    const term = (cells[0] ?? '').trim();
    return term ? [{ term, aliases: splitAliases(cells[column] ?? '') }] : [];
  });
}

function collect(node: BodyNode, out: GlossaryEntry[]): void {
  if (node.type !== 'element') return;
  if (node.tag === 'table') out.push(...tableEntries(node));
  else for (const child of node.children) collect(child, out);
}

/** The glossary rows of a page, in order (none when it has no "Also called" table). */
export function glossaryEntries(record: Pick<PageRecord, 'body'>): GlossaryEntry[] {
  const out: GlossaryEntry[] = [];
  for (const node of record.body.children) collect(node, out);
  return out;
}

/**
 * Every published page's glossary rows: what search expands queries with.
 * A draft's rows wait for it to be published, as its text does.
 */
export function siteGlossary(records: readonly Pick<PageRecord, '_type' | 'draft' | 'partial' | 'redirect' | 'body'>[]): GlossaryEntry[] {
  return records.filter((r) => r._type === 'markdown' && !r.draft && !r.partial && !r.redirect).flatMap(glossaryEntries);
}
