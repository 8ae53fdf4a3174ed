/**
 * Splits YAML frontmatter from a Markdown file and parses it, reporting errors
 * at the line of the original file.
 */
import { parseDocument, LineCounter, isMap, isScalar, isSeq, type Node as YamlNode } from 'yaml';
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

/** Where a field is: top-level keys, then keys and list positions inside them (`['navigation', 'layout']`). */
export type FieldPath = readonly PropertyKey[];

export interface ParsedYaml {
  data: unknown;
  /** File line of the deepest part of `path` found (the YAML's first line when nothing is). */
  lineOf: (path: FieldPath) => number;
  /** File line of a top-level key. */
  lineOfKey: (key: string) => number;
}

/**
 * Parses YAML; `firstLine` is the file line of the YAML's first line. Returns
 * the data and functions that find the line of a field, so every problem in a
 * file can point at its own line.
 */
export function parseYaml(file: string, text: string, firstLine: number): ParsedYaml {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false });
  if (doc.errors.length > 0) {
    const err = doc.errors[0]!;
    const line = lineCounter.linePos(err.pos[0]).line + firstLine - 1;
    throw new ContentError(file, line, `invalid YAML: ${err.message.split('\n')[0]}`);
  }
  const lineOf = (path: FieldPath): number => {
    const offset = offsetOf(doc.contents, path);
    return offset === undefined ? firstLine : lineCounter.linePos(offset).line + firstLine - 1;
  };
  return { data: doc.toJS() ?? {}, lineOf, lineOfKey: (key) => lineOf([key]) };
}

/** Offset of the key (or list item) `path` leads to, or of the deepest part of it that exists. */
function offsetOf(root: unknown, path: FieldPath): number | undefined {
  let node = root;
  let offset: number | undefined;
  for (const step of path) {
    if (isMap(node)) {
      const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(step));
      if (!pair) break;
      offset = (pair.key as YamlNode).range?.[0] ?? offset;
      node = pair.value;
    } else if (isSeq(node) && typeof step === 'number' && node.items[step]) {
      node = node.items[step];
      offset = (node as YamlNode).range?.[0] ?? offset;
    } else break;
  }
  return offset;
}
