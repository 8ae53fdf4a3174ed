/**
 * The rules engine's word on an exported document, for the editors'
 * differential checks (the summary shows what the engine derives). These are
 * the functions `npm run rules -- evaluate` and `-- probability` run
 * (scripts/rules.ts, whose command line scripts/rules.test.ts tries), called
 * in the test's own process: spawning npm and tsx for each check took 3 to
 * 13 s on a busy 2-core machine, dozens of times a run.
 */
import { readFileSync } from 'node:fs';
import { evaluate, loadDocument, probabilityAtLeast } from '../../src/rules';
import { readCatalogues } from '../../src/content';

let catalogues: ReturnType<typeof readCatalogues> | undefined;

/** What `rules evaluate FILE` prints for the exported file at `file`, as the same JSON. */
export function evaluateFile<T = { valid: boolean; derived: Record<string, number>; issues: { code: string; severity: string }[] }>(file: string): T {
  catalogues ??= readCatalogues(process.env.NUCLEUS_DATA_DIR ?? 'content/data');
  // Through JSON, as the command's output is: what a reader of its output would see.
  return JSON.parse(JSON.stringify(evaluate(loadDocument(JSON.parse(readFileSync(file, 'utf8'))), catalogues))) as T;
}

/** What `rules probability --pool N --difficulty D` prints as `probability`. */
export const probability = (pool: number, difficulty: number): number => probabilityAtLeast(pool, difficulty, false);
