/**
 * The game's catalogues (`content/data/`): read once per build, every entry
 * validated against its schema and every published gear item and creature
 * against the rules (GAME.md: an invalid published item fails the build with
 * the file and the item). Node only.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseDocument, LineCounter, isSeq, type Node as YamlNode } from 'yaml';
import { catalogueSchemas, emptyCatalogues, evaluate, type Catalogues } from '../rules';
import { ContentError, ContentErrors } from './errors';
import { contentDirFromEnv } from './contentDir';
import { CATALOGUE_FILES } from './catalogueFiles';
import { catalogueTextProblems, type TextProblem } from './catalogueText';

interface Located {
  file: string;
  line: number;
}

/** One entry of a catalogue file: its value, line, and the problems of its Markdown fields (catalogueText.ts). */
interface ReadEntry {
  value: unknown;
  line: number;
  textProblems: TextProblem[];
}

function readList(file: string, rel: string, errors: ContentError[]): ReadEntry[] {
  const text = readFileSync(file, 'utf8');
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter });
  if (doc.errors.length) {
    const e = doc.errors[0]!;
    errors.push(new ContentError(rel, lineCounter.linePos(e.pos[0]).line, `invalid YAML: ${e.message.split('\n')[0]}`));
    return [];
  }
  if (!isSeq(doc.contents)) {
    if (doc.contents == null) return [];
    errors.push(new ContentError(rel, 1, 'a catalogue file must be a YAML list of entries'));
    return [];
  }
  const values = doc.toJS() as unknown[];
  return doc.contents.items.map((item, i) => ({
    value: values[i],
    line: lineCounter.linePos(((item as YamlNode).range ?? [0])[0]).line,
    textProblems: catalogueTextProblems(item as YamlNode, lineCounter),
  }));
}

/** Reads and validates every catalogue under `dataDir`; null when there is no such folder. */
export function loadCatalogues(dataDir: string): Catalogues | null {
  if (!existsSync(dataDir)) return null;
  const catalogues: Record<keyof Catalogues, unknown[]> = emptyCatalogues();
  const where = new Map<unknown, Located>();
  const errors: ContentError[] = [];

  for (const [entry, name] of Object.entries(CATALOGUE_FILES)) {
    const path = join(dataDir, entry);
    if (!existsSync(path)) continue;
    const files = entry.endsWith('.yml')
      ? [[path, `data/${entry}`] as const]
      : readdirSync(path)
          .filter((f) => /\.ya?ml$/.test(f))
          .sort()
          .map((f) => [join(path, f), `data/${entry}/${f}`] as const);
    const schema = catalogueSchemas[name];
    const seen = new Map<string, string>();
    for (const [file, rel] of files) {
      for (const { value, line, textProblems } of readList(file, rel, errors)) {
        const parsed = schema.safeParse(value);
        const id = (value as { id?: unknown } | null)?.id;
        const label = typeof id === 'string' ? `'${id}'` : `entry at line ${line}`;
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          errors.push(new ContentError(rel, line, `${label}: ${issue.path.join('.') || 'entry'}: ${issue.message}`));
          continue;
        }
        const idStr = String((parsed.data as { id: string }).id);
        const before = seen.get(idStr);
        if (before) {
          errors.push(new ContentError(rel, line, `${label}: the id is already used in ${before}`));
          continue;
        }
        for (const problem of textProblems) errors.push(new ContentError(rel, problem.line, `${label}: ${problem.reason}`));
        seen.set(idStr, `${rel}:${line}`);
        where.set(parsed.data, { file: rel, line });
        catalogues[name]!.push(parsed.data);
      }
    }
  }

  // Every entry went through its catalogue's schema above.
  const result = catalogues as Catalogues;
  // Published gear and creatures must be valid under the rules.
  for (const item of [...result.gear, ...result.creatures]) {
    const { issues } = evaluate(item, result);
    const loc = where.get(item)!;
    for (const issue of issues.filter((i) => (i as { severity?: string }).severity !== 'warning')) {
      errors.push(new ContentError(loc.file, loc.line, `'${item.id}': ${issue.message}${issue.path ? ` (${issue.path})` : ''}`));
    }
  }

  if (errors.length) throw errors.length === 1 ? errors[0]! : new ContentErrors(errors);
  return result;
}

let cached: { dir: string; catalogues: Catalogues | null } | undefined;

/** The catalogues of the configured content folder, loaded once per process. */
export function getCatalogues(contentDir = contentDirFromEnv()): Catalogues | null {
  const dir = join(contentDir, 'data');
  if (!cached || cached.dir !== dir) cached = { dir, catalogues: loadCatalogues(dir) };
  return cached.catalogues;
}

/** Forgets the loaded catalogues (the development server calls it when one changes). */
export function forgetCatalogues(): void {
  cached = undefined;
}
