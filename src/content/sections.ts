/**
 * Splits a page into search sections at its h2/h3 headings. Pure.
 */
import type { BodyNode, PageRecord } from './types';
import { aliasColumn } from './glossary';

export interface SearchSection {
  /** `path` or `path#anchor`: unique, and where a result leads. */
  id: string;
  path: string;
  anchor?: string;
  pageTitle: string;
  heading?: string;
  text: string;
  /**
   * The first cell of each table row in the section, joined with ' · ': what
   * each row is about (a skill, a term, a weapon), so a word that names a row
   * counts more than one in running text. Absent when there is none.
   */
  labels?: string;
  /** Folder titles above the page, joined with ' › '. */
  breadcrumb: string;
  kind: string;
  draft?: boolean;
}

function textOf(node: BodyNode): string {
  if (node.type === 'text') return node.value;
  if (node.tag === 'pre') return ' ';
  // A glossary's "Also called" cells are not text to match: search reads them
  // as aliases that stand for the row's term (glossary.ts), and matching them
  // as words too would put the glossary above the rules for every alias.
  if (node.tag === 'table') {
    const skip = aliasColumn(node);
    if (skip > 0) return ` ${withoutColumn(node, skip).map(textOf).join('')} `;
  }
  const inner = node.children.map(textOf).join(node.tag === 'tr' || node.tag === 'li' ? ' ' : '');
  return /^(p|li|tr|td|th|h\d|blockquote|callout|table|ul|ol)$/.test(node.tag) ? ` ${inner} ` : inner;
}

/** A table's rows without their cells in one column. */
function withoutColumn(table: BodyNode, column: number): BodyNode[] {
  if (table.type === 'text') return [table];
  return table.children.map((part) =>
    part.type === 'text' ? part : { ...part, children: part.children.map((row) => (row.type === 'text' ? row : { ...row, children: row.children.filter((cell, c) => cell.type === 'text' || c !== column) })) },
  );
}

/** First cells of the body rows of the tables in `node` (header rows start with `th`). */
function rowLabels(node: BodyNode, out: string[]): string[] {
  if (node.type === 'text') return out;
  if (node.tag === 'tr') {
    const first = node.children.find((c) => c.type === 'element');
    if (first && first.type === 'element' && first.tag === 'td') {
      const label = textOf(first).replace(/\s+/g, ' ').trim();
      if (label) out.push(label);
    }
    return out;
  }
  for (const child of node.children) rowLabels(child, out);
  return out;
}

/**
 * A page's sections without what the page and its place add (path, title,
 * breadcrumb, kind, draft): a function of the body alone, so the build keeps
 * it with the page's parse (recordFacts.ts).
 */
export type SectionPart = Pick<SearchSection, 'id' | 'anchor' | 'heading' | 'text' | 'labels'>;

export function sectionParts(record: Pick<PageRecord, '_path' | 'description' | 'body'>): SectionPart[] {
  const parts: SectionPart[] = [];
  let current: SectionPart = { id: record._path, text: record.description ? `${record.description} ` : '' };
  let labels: string[] = [];
  const push = () => {
    current.text = current.text.replace(/\s+/g, ' ').trim();
    if (labels.length > 0) current.labels = labels.join(' · ');
    if (current.text || current.heading || parts.length === 0) parts.push(current);
  };
  for (const node of record.body.children) {
    if (node.type === 'element' && (node.tag === 'h2' || node.tag === 'h3') && node.props?.id) {
      push();
      const anchor = String(node.props.id);
      current = { id: `${record._path}#${anchor}`, anchor, heading: textOf(node).trim(), text: '' };
      labels = [];
    } else {
      current.text += textOf(node);
      rowLabels(node, labels);
    }
  }
  push();
  return parts;
}

/** The search sections of a page from its parts and the folder titles above it. */
export function sectionsFrom(record: PageRecord, parts: readonly SectionPart[], breadcrumb: string): SearchSection[] {
  const { _path: path, title: pageTitle, draft } = record;
  // Key by key, in the order spreading the page's fields and then the part
  // (sectionParts' order) gives: the group cache's key is their JSON. Spreads
  // of objects of varying keys cost 0.3 s, and as much again in garbage, at
  // 5,000 pages.
  return parts.map((part) => {
    const section = { path, pageTitle, breadcrumb, kind: 'page' } as SearchSection;
    if (draft) section.draft = true;
    section.id = part.id;
    if ('anchor' in part) section.anchor = part.anchor;
    if ('heading' in part) section.heading = part.heading;
    section.text = part.text;
    if ('labels' in part) section.labels = part.labels;
    return section;
  });
}

export function sectionsOf(record: PageRecord, breadcrumb: string): SearchSection[] {
  return sectionsFrom(record, sectionParts(record), breadcrumb);
}
