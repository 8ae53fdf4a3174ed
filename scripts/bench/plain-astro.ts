/**
 * The anchors of `bench:build`: plain Astro 7 (the version this project
 * uses) building the same Markdown pages with a content collection (the
 * glob loader) and one catch-all page that shows the title and the body: no
 * layout, navigation, database, search or static answers. Two of them:
 * Astro's default Markdown (`default`: Satteri, Astro 7's own renderer) and
 * its unified (remark/rehype) pipeline (`unified`: `markdown: { processor:
 * unified() }` from @astrojs/markdown-remark), the kind of pipeline Nucleus
 * renders with. Their wall and CPU times and output sizes stand beside ours
 * in the same run, on the same machine.
 */
import { mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { timed, type Timed } from './timed';

/** The Markdown pipelines plain Astro is built with. */
export const PLAIN_MARKDOWN = ['default', 'unified'] as const;
export type PlainMarkdown = (typeof PLAIN_MARKDOWN)[number];

// Its caches inside its own folder: by default Astro keeps the content
// store in node_modules/.astro and Vite its dependencies in node_modules/.vite,
// which here are this project's, shared with its own builds.
const CONFIG = (markdown: PlainMarkdown) =>
  markdown === 'unified'
    ? `import { defineConfig } from 'astro/config';
import { unified } from '@astrojs/markdown-remark';
export default defineConfig({ cacheDir: './.cache/astro', vite: { cacheDir: './.cache/vite' }, markdown: { processor: unified() } });
`
    : `import { defineConfig } from 'astro/config';
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

/** This project's Astro command line, as its package.json names it (bin/astro.mjs in Astro 7). */
const ASTRO_BIN = (() => {
  const { bin } = JSON.parse(readFileSync(resolve('node_modules/astro/package.json'), 'utf8')) as { bin: string | Record<string, string> };
  return resolve('node_modules/astro', typeof bin === 'string' ? bin : bin.astro!);
})();

/** A plain Astro project for one Markdown pipeline, ready to build. */
export interface PlainSite {
  markdown: PlainMarkdown;
  root: string;
  /** Where its build writes the site. */
  out: string;
}

/** Writes the plain Astro project for `markdown` in `work`/plain-astro-`markdown`, reading the corpus in `corpus`. */
export function preparePlainAstro(work: string, corpus: string, markdown: PlainMarkdown): PlainSite {
  const root = join(work, `plain-astro-${markdown}`);
  mkdirSync(join(root, 'src', 'pages'), { recursive: true });
  writeFileSync(join(root, 'package.json'), JSON.stringify({ name: 'plain-astro', private: true, type: 'module' }));
  writeFileSync(join(root, 'astro.config.mjs'), CONFIG(markdown));
  writeFileSync(join(root, 'src', 'content.config.ts'), COLLECTION(resolve(corpus)));
  writeFileSync(join(root, 'src', 'pages', '[...slug].astro'), PAGE);
  // This project's Astro, so both builds run the same version.
  symlinkSync(resolve('node_modules'), join(root, 'node_modules'), 'dir');
  return { markdown, root, out: join(root, 'dist') };
}

/**
 * Builds `site` cold: its caches (Astro's content store, Vite's), its
 * generated types and its last output removed first. Throws if the build fails.
 */
export function buildPlainAstro(site: PlainSite): Timed {
  for (const dir of ['.cache', '.astro', 'dist']) rmSync(join(site.root, dir), { recursive: true, force: true });
  const r = timed(process.execPath, [ASTRO_BIN, 'build', '--root', site.root], {
    cwd: site.root,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (r.status !== 0) throw new Error(`plain Astro (${site.markdown} Markdown) did not build the corpus:\n${r.stdout.slice(-3000)}\n${r.stderr.slice(-3000)}`);
  return r;
}
