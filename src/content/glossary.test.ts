/**
 * The glossary's aliases: every term of the real glossary has them, a row
 * without them is refused at its line, and they reach search as aliases, not
 * as text to match.
 */
import { describe, it, expect } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseMarkdown } from './markdown';
import { glossaryEntries, siteGlossary, splitAliases, aliasColumn } from './glossary';
import { sectionParts } from './sections';
import type { BodyNode } from './types';

const GLOSSARY = fileURLToPath(new URL('../../content/1.galacticguide/5.glossary.md', import.meta.url));

const tables = (nodes: BodyNode[]): BodyNode[] =>
  nodes.flatMap((n) => (n.type === 'text' ? [] : n.tag === 'table' ? [n] : tables(n.children)));

describe('the glossary', () => {
  const source = readFileSync(GLOSSARY, 'utf8');
  const { body, problems } = parseMarkdown(source.replace(/^---[\s\S]*?\n---\n/, ''));

  it('has an "Also called" column in every table', () => {
    const all = tables(body.children);
    expect(all.length).toBeGreaterThanOrEqual(3);
    for (const table of all) expect(aliasColumn(table)).toBeGreaterThan(0);
  });

  it('gives every term at least one alias, none of them the term itself', () => {
    const entries = glossaryEntries({ body });
    expect(entries.length).toBeGreaterThanOrEqual(50);
    const bare = entries.filter((e) => e.aliases.length === 0).map((e) => e.term);
    expect(bare, `terms without aliases: ${bare.join(', ')}`).toEqual([]);
    for (const { term, aliases } of entries) expect(aliases.map((a) => a.toLowerCase()), term).not.toContain(term.toLowerCase());
    expect(problems).toEqual([]);
  });

  it('is read as a published page, a term listed as street word and rule kept twice', () => {
    const record = { _type: 'markdown', draft: false, partial: false, body } as const;
    const strain = siteGlossary([record]).filter((e) => e.term === 'Strain');
    expect(strain).toHaveLength(2);
    expect(strain.flatMap((e) => e.aliases)).toContain('fatigue');
  });
});

describe('glossary rows in any page', () => {
  const md = ['| Term | Meaning | Also called |', '|---|---|---|', '| Guard | How hard you are to hit | armor class, AC; defence |', '| Bulk | How cumbersome | |', '| Edge | A reroll | , ,|', ''].join('\n');

  it('refuses a row whose "Also called" cell is empty, at its line in the file', () => {
    const { problems } = parseMarkdown(md, 10);
    expect(problems.map((p) => p.line)).toEqual([14, 15]);
    expect(problems[0]!.reason).toContain('the glossary row "Bulk" has no aliases');
    expect(problems[0]!.reason).toContain('"Also called"');
    expect(problems[1]!.reason).toContain('"Edge"');
  });

  it('refuses an "Also called" column that leaves no column for the term', () => {
    const { problems } = parseMarkdown('| Also called | Meaning |\n|---|---|\n| x | y |\n');
    expect(problems).toEqual([{ line: 1, reason: expect.stringContaining('cannot be a glossary table\'s first') }]);
  });

  it('leaves tables without the column alone', () => {
    expect(parseMarkdown('| Term | Meaning |\n|---|---|\n| Bulk | |\n').problems).toEqual([]);
  });

  it('reads the term and its aliases, split at commas and semicolons', () => {
    expect(glossaryEntries(parseMarkdown(md))).toEqual([
      { term: 'Guard', aliases: ['armor class', 'AC', 'defence'] },
      { term: 'Bulk', aliases: [] },
      { term: 'Edge', aliases: [] },
    ]);
    expect(splitAliases('  hit  points ,hp;; ')).toEqual(['hit points', 'hp']);
  });

  it('keeps the aliases out of the text search matches (they stand for the term instead)', () => {
    const [part] = sectionParts({ _path: '/g', description: '', body: parseMarkdown(md).body });
    expect(part!.text).toContain('How hard you are to hit');
    expect(part!.text).not.toContain('armor class');
    expect(part!.labels).toBe('Guard · Bulk · Edge');
  });

  it('takes no aliases from a draft', () => {
    const record = { _type: 'markdown', draft: true, partial: false, body: parseMarkdown(md).body } as const;
    expect(siteGlossary([record])).toEqual([]);
    expect(siteGlossary([{ ...record, draft: false }])).toHaveLength(3);
  });
});
