/**
 * The anchor of `bench:build`: plain Astro 5 (the version this project
 * uses) building the same Markdown pages with a content collection (the
 * glob loader) and one catch-all page that shows the title and the body: no
 * layout, navigation, database, search or static answers. Its wall time
 * and output size stand beside ours in the same run, on the same machine.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

// Its caches inside its own folder: by default Astro keeps the content
// store in node_modules/.astro and Vite its dependencies in node_modules/.vite,
// which here are this project's, shared with its own builds.
const CONFIG = `import { defineConfig } from 'astro/config';
export default defineConfig({ cacheDir: './.cache/astro', vite: { cacheDir: './.cache/vite' } });
`;

const COLLECTION = (corpus: string) => `import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
export const collections = { pages: defineCollection({ loader: glob({ pattern: '**/*.md', base: ${JSON.stringify(corpus)} }) }) };
`;

const PAGE = `---
import { getCollection, render } from 'astro:content';
export async function getStaticPaths() {
  const pages = await getCollection('pages');
  return pages.map((entry) => ({ params: { slug: entry.id === 'index' ? undefined : entry.id }, props: { entry } }));
}
const { entry } = Astro.props;
const { Content } = await render(entry);
---
<html lang="en"><head><meta charset="utf-8"><title>{entry.data.title}</title></head>
<body><main><h1>{entry.data.title}</h1><Content /></main></body></html>
`;

export interface PlainBuild {
  seconds: number;
  out: string;
}

/** Builds the corpus in `corpus` with plain Astro in `work`/plain-astro; returns its wall time and output folder. */
export function buildPlainAstro(work: string, corpus: string): PlainBuild {
  const root = join(work, 'plain-astro');
  mkdirSync(join(root, 'src', 'pages'), { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'plain-astro', private: true, type: 'module' }));
  writeFileSync(join(root, 'astro.config.mjs'), CONFIG);
  writeFileSync(join(root, 'src', 'content.config.ts'), COLLECTION(resolve(corpus)));
  writeFileSync(join(root, 'src', 'pages', '[...slug].astro'), PAGE);
  // This project's Astro, so both builds run the same version.
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir');
  const started = Date.now();
  const r = spawnSync(process.execPath, [resolve('node_modules/astro/astro.js'), 'build', '--root', root], {
    cwd: root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
    encoding: 'utf8',
    maxBuffer: 1024 * 1024 * 200,
  });
  if (r.status !== 0) throw new Error(`plain Astro did not build the corpus:\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`);
  return { seconds: (Date.now() - started) / 1000, out: join(root, 'dist') };
}
