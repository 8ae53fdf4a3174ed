/**
 * The layer rules of docs/architecture.md hold: dependency-cruiser checks
 * every TypeScript and JavaScript module against .dependency-cruiser.cjs
 * (each folder of src/ imports only the folders below it, no module cycle,
 * nothing under src/ imports scripts/), and the same rules are applied here
 * to the imports of .astro files, which dependency-cruiser does not read.
 */
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, normalize, relative, sep } from 'node:path';

const require = createRequire(import.meta.url);
const { MAY_IMPORT, LEAVES, SURFACES, MAY_NOT_IMPORT } = require('./layers.cjs') as {
  MAY_IMPORT: Record<string, string[]>;
  LEAVES: string;
  SURFACES: Record<string, string[]>;
  MAY_NOT_IMPORT: Record<string, string[]>;
};

/** dependency-cruiser's command (DEPCRUISE overrides it, e.g. a copy installed elsewhere). */
function depcruise(): string {
  if (process.env.DEPCRUISE) return process.env.DEPCRUISE;
  const bin = join('node_modules', '.bin', 'depcruise');
  if (!existsSync(bin)) throw new Error('dependency-cruiser is not installed: npm i -D -E dependency-cruiser@17.4.3');
  return bin;
}

/** The `src/<folder>` of a project path, or null outside src/. */
const folderOf = (path: string) => /^src\/([^/.]+)(?:\/|$)/.exec(path)?.[1] ?? null;

/**
 * An import from outside a folder with a surface (SURFACES) of one of its
 * other files, or null. `to` is the resolved path, with or without extension.
 */
function surfaceProblem(file: string, to: string): string | null {
  const into = folderOf(to);
  const surface = into ? SURFACES[into] : undefined;
  if (!into || !surface || folderOf(file) === into) return null;
  const name = to.slice(`src/${into}/`.length).replace(/\.(ts|tsx|mjs|js)$/, '') || 'index';
  if (surface.some((f) => f.replace(/\.ts$/, '') === name)) return null;
  return `${file} imports ${to}: from outside src/${into}, import its surface (${surface.map((f) => `src/${into}/${f}`).join(', ')})`;
}

/**
 * What an import in `file` (project-relative) of `target` breaks, or null.
 * Type-only imports are exempt from the layers, as in .dependency-cruiser.cjs,
 * but not from a folder's surface.
 */
export function layerProblem(file: string, target: string, typeOnly: boolean): string | null {
  if (!target.startsWith('.')) return null;
  const to = normalize(join(dirname(file), target)).split(sep).join('/');
  return (typeOnly ? null : folderProblem(file, to)) ?? surfaceProblem(file, to);
}

/** An import of `to` that goes up a layer (or into scripts/), or null. */
function folderProblem(file: string, to: string): string | null {
  if (file.startsWith('src/') && to.startsWith('scripts/')) return `${file} imports ${to}: nothing under src/ imports scripts/`;
  const from = folderOf(file);
  const into = folderOf(to);
  if (!from || !into || from === into || new RegExp(LEAVES).test(to)) return null;
  const part = Object.keys(MAY_NOT_IMPORT).find((p) => file.startsWith(`src/${p}/`));
  if (part && MAY_NOT_IMPORT[part]!.includes(into)) return `${file} imports ${to}: src/${part} imports none of ${MAY_NOT_IMPORT[part]!.map((f) => `src/${f}`).join(', ')}`;
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
  });

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

  it('names a deep import of src/content from outside it, type imports included, and lets its surfaces and its own files pass', () => {
    const text = "---\nimport { pageData } from '../content/pageData';\nimport type { NavNode } from '../content/types';\nimport { trail } from '../content';\n---\n<p />";
    expect(astroProblems('src/layouts/Deep.astro', text)).toEqual([
      expect.stringMatching(/^src\/layouts\/Deep\.astro imports src\/content\/pageData: from outside src\/content, import its surface/),
      expect.stringMatching(/^src\/layouts\/Deep\.astro imports src\/content\/types: /),
    ]);
    expect(layerProblem('scripts/check.ts', '../src/content/load', false)).toMatch(/import its surface \(src\/content\/index\.ts, /);
    expect(layerProblem('src/scripts/page.ts', '../content/browser', false)).toBeNull();
    expect(layerProblem('src/query/x.ts', '../content', false)).toMatch(/src\/query may import no other folder/);
    expect(layerProblem('tests/e2e/x.spec.ts', '../../src/content/testing', false)).toBeNull();
    expect(layerProblem('src/content/load.ts', './markdown', false)).toBeNull();
  });

  it('names an editor-kit import of the stores or the config, and lets the rest of the editors have them', () => {
    expect(layerProblem('src/editors/kit/catalogues.ts', '../../stores/preview', false)).toMatch(/src\/editors\/kit imports none of src\/stores, src\/config/);
    expect(layerProblem('src/editors/kit/Notices.tsx', '../../config/base', false)).toMatch(/src\/editors\/kit imports none of/);
    expect(layerProblem('src/editors/kit/Notices.tsx', '../../config/site', true)).toBeNull();
    expect(layerProblem('src/editors/catalogues.ts', '../stores/preview', false)).toBeNull();
  });

  it('dependency-cruiser refuses a deep import of src/content and a kit import of the stores', () => {
    // A hidden folder: the build's code version leaves hidden entries out
    // (src/build/info.ts), so builds running beside this test keep theirs.
    const dir = mkdtempSync(join('src', 'editors', 'kit', '.layers-probe-'));
    try {
      writeFileSync(join(dir, 'probe.ts'), "import { loadSite } from '../../../content/load';\nimport { $preview } from '../../../stores/preview';\nexport const probe = [loadSite, $preview];\n");
      const r = spawnSync(depcruise(), [dir, '--config', '.dependency-cruiser.cjs', '--output-type', 'err'], { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 });
      expect(r.status).not.toBe(0);
      expect(r.stdout).toMatch(/surface-content/);
      expect(r.stdout).toMatch(/part-editors-kit/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** Every TypeScript source under `dir` (tests included: a cast in a test helper counts too). */
function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(path, out);
    else if (/\.(ts|tsx|mjs|astro)$/.test(entry.name)) out.push(path);
  }
  return out;
}

const occurrences = (pattern: RegExp) =>
  sourceFiles('src').flatMap((file) => [...readFileSync(file, 'utf8').matchAll(pattern)].map(() => file));

describe('the last shared state (issue 37)', () => {
  it('src/ steps around the type checker with `as unknown as` at most 5 times (a test builds a wrong value with `unchecked`)', () => {
    const casts = occurrences(/\bas unknown as\b/g);
    expect(casts.length, `double casts in: ${casts.join(', ')}`).toBeLessThanOrEqual(5);
  });

  it('the build keeps one slot on globalThis (the build context, src/build/context.ts)', () => {
    const slots = occurrences(/globalThis\s+as\b|\(globalThis as|globalThis\[/g).filter((file) => !/\.test\.tsx?$/.test(file));
    expect(slots).toEqual([join('src', 'build', 'context.ts')]);
  });
});
