/**
 * The layer rules of docs/architecture.md hold: dependency-cruiser checks
 * every TypeScript and JavaScript module against .dependency-cruiser.cjs
 * (each folder of src/ imports only the folders below it, no module cycle,
 * nothing under src/ imports scripts/), and the same rules are applied here
 * to the imports of .astro files, which dependency-cruiser does not read.
 */
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize, relative, sep } from 'node:path';

const require = createRequire(import.meta.url);
const { MAY_IMPORT, LEAVES } = require('./layers.cjs') as { MAY_IMPORT: Record<string, string[]>; LEAVES: string };

/** dependency-cruiser's command (DEPCRUISE overrides it, e.g. a copy installed elsewhere). */
function depcruise(): string {
  if (process.env.DEPCRUISE) return process.env.DEPCRUISE;
  const bin = join('node_modules', '.bin', 'depcruise');
  if (!existsSync(bin)) throw new Error('dependency-cruiser is not installed: npm i -D -E dependency-cruiser@17.4.3');
  return bin;
}

/** The `src/<folder>` of a project path, or null outside src/. */
const folderOf = (path: string) => /^src\/([^/]+)\//.exec(path)?.[1] ?? null;

/**
 * What an import in `file` (project-relative) of `target` breaks, or null.
 * Type-only imports are exempt, as in .dependency-cruiser.cjs.
 */
export function layerProblem(file: string, target: string, typeOnly: boolean): string | null {
  if (typeOnly || !target.startsWith('.')) return null;
  const to = normalize(join(dirname(file), target)).split(sep).join('/');
  if (file.startsWith('src/') && to.startsWith('scripts/')) return `${file} imports ${to}: nothing under src/ imports scripts/`;
  const from = folderOf(file);
  const into = folderOf(to);
  if (!from || !into || from === into || new RegExp(LEAVES).test(to)) return null;
  const allowed = MAY_IMPORT[from];
  if (!allowed || allowed.includes(into)) return null;
  return `${file} imports ${to}: src/${from} may import ${allowed.length ? allowed.map((f) => `src/${f}`).join(', ') : 'no other folder'}`;
}

/** Every problem of one .astro file's frontmatter imports. */
export function astroProblems(file: string, text: string): string[] {
  const frontmatter = /^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? '';
  const problems: string[] = [];
  for (const m of frontmatter.matchAll(/^\s*import\s+(type\s+)?(?:[^'"]*?\s+from\s+)?['"]([^'"]+)['"]/gm)) {
    const problem = layerProblem(file, m[2]!, !!m[1]);
    if (problem) problems.push(problem);
  }
  return problems;
}

function astroFiles(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) astroFiles(path, out);
    else if (name.endsWith('.astro')) out.push(relative('.', path).split(sep).join('/'));
  }
  return out;
}

describe('layer rules (docs/architecture.md, .dependency-cruiser.cjs)', () => {
  it('every module of src/ and scripts/ keeps them (dependency-cruiser)', () => {
    const r = spawnSync(depcruise(), ['src', 'scripts', '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
    expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  }, 120_000);

  it('every .astro file keeps them', () => {
    const problems = astroFiles('src').flatMap((file) => astroProblems(file, readFileSync(file, 'utf8')));
    expect(problems).toEqual([]);
  });

  it('names an .astro import that goes up a layer, and lets a type import and a lower layer pass', () => {
    const text = "---\nimport type { Site } from '../layouts/x';\nimport Shell from '../editors/EditorShell.astro';\nimport { withBase } from '../config/base';\n---\n<p />";
    expect(astroProblems('src/components/Bad.astro', text)).toEqual([
      expect.stringMatching(/^src\/components\/Bad\.astro imports src\/editors\/EditorShell\.astro: src\/components may import /),
    ]);
    expect(layerProblem('src/query/x.ts', '../content/paths', false)).toMatch(/src\/query may import no other folder/);
    expect(layerProblem('src/editors/x.test.ts', '../../scripts/lib/catalogues', false)).toMatch(/nothing under src\/ imports scripts\//);
  });
});
