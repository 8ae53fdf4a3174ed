/**
 * The catalogue fields the rules pages render as Markdown: an entry's
 * `text`, a creature's `description` and a core effect's `template`, at any
 * depth (a blueprint feature's options have a `text` too). Each is checked
 * as a page's Markdown is (markdown.ts): link targets content may use
 * (linkTargets.ts), no raw HTML, no unknown directive, so the build and
 * `npm run check:content` refuse what the renderer would drop, escape or
 * turn into `#`. Problems point at the line of the field in the YAML file.
 */
import { isMap, isScalar, isSeq, Scalar, type LineCounter, type Node as YamlNode } from 'yaml';
import { parseMarkdown } from './markdown';
import { linkTargetProblem } from './linkTargets';

/** Fields rendered as Markdown wherever they stand in an entry. */
export const MARKDOWN_FIELDS = ['text', 'description', 'template'] as const;

export interface TextProblem {
  line: number;
  /** Completes "'entry-id': …": the field's path, then what is wrong. */
  reason: string;
}

/**
 * The line a problem on `line` of a field's text stands on in the file: a
 * literal block (`text: |`) keeps its lines, one below its indicator; any
 * other scalar is reported at the field's own line, as folding moves lines.
 */
function fileLine(value: Scalar, lines: LineCounter, line: number): number {
  const start = lines.linePos(value.range?.[0] ?? 0).line;
  if (value.type === Scalar.BLOCK_LITERAL) return start + line;
  if (value.type === Scalar.BLOCK_FOLDED) return start + 1;
  return start;
}

/** What is wrong with one Markdown text: its links, then the rest (raw HTML, unknown directives). */
function markdownProblems(text: string): { line: number; reason: string }[] {
  const parsed = parseMarkdown(text);
  const links = parsed.links.flatMap((link) => {
    const problem = linkTargetProblem(link.url);
    return problem ? [{ line: link.line, reason: `${link.kind === 'image' ? 'image' : 'link'}: ${problem}` }] : [];
  });
  return [...links, ...parsed.problems];
}

/** Every problem of the Markdown fields inside one catalogue entry's YAML node. */
export function catalogueTextProblems(entry: YamlNode | null | undefined, lines: LineCounter, path = ''): TextProblem[] {
  const problems: TextProblem[] = [];
  if (isSeq(entry)) {
    entry.items.forEach((item, i) => problems.push(...catalogueTextProblems(item as YamlNode, lines, `${path}${path ? '.' : ''}${i}`)));
  } else if (isMap(entry)) {
    for (const pair of entry.items) {
      const key = isScalar(pair.key) ? String(pair.key.value) : '';
      const field = `${path}${path ? '.' : ''}${key}`;
      const value = pair.value as YamlNode | null;
      if ((MARKDOWN_FIELDS as readonly string[]).includes(key) && isScalar(value) && typeof value.value === 'string') {
        for (const p of markdownProblems(value.value)) problems.push({ line: fileLine(value, lines, p.line), reason: `${field}: ${p.reason}` });
      } else {
        problems.push(...catalogueTextProblems(value, lines, field));
      }
    }
  }
  return problems;
}
