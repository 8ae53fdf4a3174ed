/**
 * Splits YAML frontmatter from a Markdown file and parses it, reporting errors
 * at the line of the original file.
 */
import { parseDocument, LineCounter } from 'yaml';
import { ContentError } from './errors';

export interface SplitFile {
  /** Raw YAML between the fences ('' when there is none). */
  yaml: string;
  /** Markdown after the closing fence. */
  markdown: string;
  /** Lines before the Markdown starts (add to Markdown line numbers). */
  lineOffset: number;
}

const FENCE = /^---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

export function splitFrontmatter(source: string): SplitFile {
  const m = FENCE.exec(source);
  if (!m) return { yaml: '', markdown: source, lineOffset: 0 };
  const lineOffset = m[0].split('\n').length - (m[0].endsWith('\n') ? 1 : 0);
  return { yaml: m[1]!, markdown: source.slice(m[0].length), lineOffset };
}

/**
 * Parses YAML; `firstLine` is the file line of the YAML's first line. Returns
 * the data and a function that finds the line of a top-level key.
 */
export function parseYaml(file: string, text: string, firstLine: number): { data: unknown; lineOfKey: (key: string) => number } {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  if (doc.errors.length > 0) {
    const err = doc.errors[0]!;
    const line = lineCounter.linePos(err.pos[0]).line + firstLine - 1;
    throw new ContentError(file, line, `invalid YAML: ${err.message.split('\n')[0]}`);
  }
  const lineOfKey = (key: string): number => {
    const re = new RegExp(`^${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*:`, 'm');
    const m = re.exec(text);
    if (!m) return firstLine;
    return text.slice(0, m.index).split('\n').length + firstLine - 1;
  };
  return { data: doc.toJS() ?? {}, lineOfKey };
}
