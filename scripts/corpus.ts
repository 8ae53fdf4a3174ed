/**
 * Deterministic corpus generator for benchmarks:
 *   npm run --silent corpus -- --pages N --out DIR [--seed S] [--shape flat|deep|uneven]
 * Nested folders with _dir.yml, frontmatter, 3–6 headings, tables, lists, code
 * and internal links that resolve. The same arguments give the same files.
 * Three shapes, so that output size and build time are not tuned to one
 * corpus only: `flat` (the default: short pages, folders of 25, see
 * generateCorpus), `deep` (long pages 3–4 folders down, generateDeepCorpus)
 * and `uneven` (long pages in folders of 10–40, generateUnevenCorpus).
 */
import { mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const WORDS = (
  'pulse core drone arcology orbital ring neon circuit shard lattice void signal ' +
  'syndicate relay vector cipher chrome ghost uplink hull reactor plasma rifle guard ' +
  'frame reflex logic nerve sync overcharge edge spark strain bulk protection sector ' +
  'station colony freighter corsair medic netrunner pilot face brawler gunslinger ' +
  'implant module sensor beacon archive quarantine protocol habitat dock corridor ' +
  'market broker contract bounty patrol convoy anomaly rift storm dust ember frost'
).split(' ');

export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Generated {
  files: Map<string, string>;
  paths: string[];
}

export const SHAPES = ['flat', 'deep', 'uneven'] as const;
export type Shape = (typeof SHAPES)[number];

/** The route of a file path without its extension: numeric order prefixes dropped, as the site does. */
const routeOf = (path: string) => '/' + path.split('/').map((s) => s.replace(/^\d+\./, '')).join('/');

/** Random words, titles and sentences from one seeded stream. */
function prose(rand: () => number) {
  const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(rand() * (hi - lo + 1));
  const words = (n: number) => Array.from({ length: n }, () => pick(WORDS)).join(' ');
  const sentence = () => {
    const s = words(int(8, 16));
    return s[0]!.toUpperCase() + s.slice(1) + '.';
  };
  const title = () =>
    words(int(2, 3))
      .split(' ')
      .map((w) => w[0]!.toUpperCase() + w.slice(1))
      .join(' ');
  return { pick, int, words, sentence, title };
}
type Prose = ReturnType<typeof prose>;

/** The corpus's home page. */
const indexPage = (pages: number, note: string, { sentence }: Prose) =>
  `---\ntitle: Benchmark corpus\ndescription: ${pages} generated pages${note}.\n---\n\n## Overview\n\n${sentence()}\n`;

/** The blocks of a long page (deep and uneven shapes), each ending with a blank line. */
function blocks({ pick, int, words, sentence, title }: Prose) {
  const table = () => {
    let t = `| Name | Cost | Range | Note |\n|---|---:|---:|---|\n`;
    for (let r = 0; r < int(4, 6); r++) t += `| ${title()} | ${int(1, 999)} | ${int(1, 60)} m | ${words(4)} |\n`;
    return t + '\n';
  };
  const code = () => {
    let c = '```ts\n';
    for (let l = 0; l < int(5, 8); l++) c += `const ${pick(WORDS)}${l} = roll(${int(1, 6)}, '${pick(WORDS)}') + ${int(0, 9)};\n`;
    return c + '```\n\n';
  };
  const list = () => `- ${sentence()}\n- ${sentence()}\n- ${sentence()}\n\n`;
  return { table, code, list };
}

/**
 * Links from the n-th of `paths` to any other one (`#overview` for a
 * heading, which every page has), or a plain title in a one-page corpus.
 */
function linker(rand: () => number, { title }: Prose, paths: string[]) {
  const other = (n: number) => {
    const i = Math.floor(rand() * (paths.length - 1));
    return paths[i >= n ? i + 1 : i]!;
  };
  return (n: number, anchor: boolean) => (paths.length > 1 ? `[${title()}](${other(n)}${anchor ? '#overview' : ''})` : title());
}

/** Pages per innermost folder of the deep shape, and its top-level sections. */
const DEEP_PER_FOLDER = 10;
const DEEP_SECTIONS = 6;
/** Markdown a deep page grows to (about 4 KB, a long rules page). */
const DEEP_PAGE_BYTES = 3700;

/**
 * The deep shape: pages 3–4 folders down (section / book / chapter, and a
 * topic folder in every chapter), each page about 4 KB of Markdown
 * with a table, a fenced code block and 4–6 links to other generated pages
 * (earlier or later, some to a heading). Top-level folders are `section-N`
 * like the flat shape's, so the benchmarks find the content pages the same way.
 */
export function generateDeepCorpus(pages: number, seed = 1): Generated {
  const rand = mulberry32(seed);
  const lorem = prose(rand);
  const { sentence, title } = lorem;
  const files = new Map<string, string>();
  files.set('index.md', indexPage(pages, ', deep shape', lorem));

  // Where every page goes first, so that a page can link to one made after it.
  const slots: { dir: string; slug: string }[] = [];
  for (let n = 0; n < pages; n++) {
    // Folder f: every chapter holds one folder's pages and a topic folder with the next one's.
    const f = Math.floor(n / DEEP_PER_FOLDER);
    const g = Math.floor(f / 2);
    const s = g % DEEP_SECTIONS;
    const b = Math.floor(g / DEEP_SECTIONS) % 4;
    const c = Math.floor(g / (DEEP_SECTIONS * 4));
    const dirs = [`${s + 1}.section-${s + 1}`, `${b + 1}.book-${b + 1}`, `${c + 1}.chapter-${c + 1}`];
    if (f % 2 === 1) dirs.push(`${DEEP_PER_FOLDER + 1}.topic-${f + 1}`);
    for (let d = 1; d <= dirs.length; d++) {
      const dir = dirs.slice(0, d).join('/');
      if (!files.has(`${dir}/_dir.yml`)) files.set(`${dir}/_dir.yml`, `title: ${d === 1 ? `Section ${s + 1}` : `${title()} ${f + 1}`}\n`);
    }
    slots.push({ dir: dirs.join('/'), slug: `${(n % DEEP_PER_FOLDER) + 1}.page-${n + 1}` });
  }
  const paths = slots.map(({ dir, slug }) => routeOf(`${dir}/${slug}`));

  const linkFrom = linker(rand, lorem, paths);
  const { table, code, list } = blocks(lorem);
  slots.forEach(({ dir, slug }, n) => {
    const link = (anchor: boolean) => linkFrom(n, anchor);
    let body = `## Overview\n\n${sentence()} ${sentence()} See ${link(false)}, ${link(true)} and ${link(false)}.\n\n`;
    body += table();
    body += code();
    for (let h = 1; body.length < DEEP_PAGE_BYTES; h++) {
      body += `## ${title()} ${h}\n\n${sentence()} ${sentence()} ${sentence()}${h % 2 ? ` Compare ${link(h % 4 === 1)}.` : ''}\n\n`;
      if (h % 3 === 2) body += list();
    }
    files.set(`${dir}/${slug}.md`, `---\ntitle: ${title()} ${n + 1}\ndescription: ${sentence()}\n---\n\n${body}`);
  });
  return { files, paths };
}

/** Pages per folder of the uneven shape, at least and at most. */
const UNEVEN_FOLDER = [10, 40] as const;
/** Markdown an uneven page grows to, at least and at most (about 4 KB). */
const UNEVEN_PAGE_BYTES = [3600, 4200] as const;

/**
 * Folder sizes for `pages` pages: each from `lo` to `hi`, drawn in turn,
 * the last ones adjusted so that none falls short of `lo` (a corpus of
 * fewer than `lo` pages is one folder).
 */
function folderSizes(pages: number, [lo, hi]: readonly [number, number], int: (lo: number, hi: number) => number): number[] {
  const sizes: number[] = [];
  for (let left = pages; left > 0; ) {
    let size = int(lo, hi);
    if (left - size < lo) size = left <= hi ? left : left - lo;
    sizes.push(size);
    left -= size;
  }
  return sizes;
}

/**
 * The uneven shape: pages of about 4 KB (a long rules page, like the deep
 * shape's) in folders of 10 to 40 pages, the size drawn per folder, two
 * levels down (section / folder) like the flat shape's. Each page has 3–6
 * headings, one GFM table, one fenced code block, one list and 2–4 links
 * to other generated pages (earlier or later, one to a heading), its text
 * spread over its sections until the page reaches its size.
 */
export function generateUnevenCorpus(pages: number, seed = 1): Generated {
  const rand = mulberry32(seed);
  const lorem = prose(rand);
  const { int, sentence, title } = lorem;
  const files = new Map<string, string>();
  files.set('index.md', indexPage(pages, ', uneven shape', lorem));

  // Where every page goes first, so that a page can link to one made after it.
  const sizes = folderSizes(pages, UNEVEN_FOLDER, int);
  const sections = Math.max(1, Math.min(8, Math.ceil(sizes.length / 4)));
  const slots: { dir: string; slug: string }[] = [];
  sizes.forEach((size, f) => {
    const s = f % sections;
    const sectionDir = `${s + 1}.section-${s + 1}`;
    const dir = `${sectionDir}/${Math.floor(f / sections) + 1}.folder-${f + 1}`;
    if (!files.has(`${sectionDir}/_dir.yml`)) files.set(`${sectionDir}/_dir.yml`, `title: Section ${s + 1}\n`);
    files.set(`${dir}/_dir.yml`, `title: ${title()} ${f + 1}\n`);
    for (let p = 0; p < size; p++) slots.push({ dir, slug: `${p + 1}.page-${slots.length + 1}` });
  });
  const paths = slots.map(({ dir, slug }) => routeOf(`${dir}/${slug}`));

  const linkFrom = linker(rand, lorem, paths);
  const { table, code, list } = blocks(lorem);
  slots.forEach(({ dir, slug }, n) => {
    const headings = int(3, 6);
    const size = int(...UNEVEN_PAGE_BYTES);
    // Each section: its heading, a paragraph (grown below) and at most one block.
    const paragraphs = Array.from({ length: headings }, () => [sentence(), sentence()]);
    const links = int(2, 4);
    for (let l = 0; l < links; l++) paragraphs[l % headings]!.push(`See ${linkFrom(n, l === 1)}.`);
    const after = Array.from({ length: headings }, () => '');
    after[1] = table();
    after[2] = code();
    after[headings > 3 ? 3 : 1] += list();
    const frontmatter = `---\ntitle: ${title()} ${n + 1}\ndescription: ${sentence()}\n---\n\n`;
    const heads = paragraphs.map((_, h) => (h ? `## ${title()} ${h}` : '## Overview'));
    const text = () => frontmatter + heads.map((head, h) => `${head}\n\n${paragraphs[h]!.join(' ')}\n\n${after[h]}`).join('');
    let bytes = text().length;
    for (let h = 0; bytes < size; h = (h + 1) % headings) {
      const more = sentence();
      paragraphs[h]!.push(more);
      bytes += more.length + 1;
    }
    files.set(`${dir}/${slug}.md`, `${text().trimEnd()}\n`);
  });
  return { files, paths };
}

export function generateCorpus(pages: number, seed = 1): Generated {
  const p = prose(mulberry32(seed));
  const { pick, int, words, sentence, title } = p;

  const files = new Map<string, string>();
  const paths: string[] = [];
  const perFolder = 25;
  const sections = Math.max(1, Math.min(10, Math.ceil(pages / perFolder)));
  const folders = Math.ceil(pages / perFolder);
  files.set('index.md', indexPage(pages, '', p));

  let made = 0;
  for (let f = 0; f < folders && made < pages; f++) {
    const section = f % sections;
    const sectionDir = `${section + 1}.section-${section + 1}`;
    const folderDir = `${sectionDir}/${Math.floor(f / sections) + 1}.folder-${f + 1}`;
    if (!files.has(`${sectionDir}/_dir.yml`)) files.set(`${sectionDir}/_dir.yml`, `title: Section ${section + 1}\n`);
    files.set(`${folderDir}/_dir.yml`, `title: ${title()} ${f + 1}\n`);
    for (let p = 0; p < perFolder && made < pages; p++, made++) {
      const slug = `${p + 1}.page-${made + 1}`;
      const route = routeOf(`${folderDir}/${slug}`);
      const links = paths.length ? [pick(paths), pick(paths)] : [];
      const headings = int(3, 6);
      let body = `## Overview\n\n${sentence()} ${sentence()}${links.length ? ` See [${title()}](${links[0]}) and [the overview](${links[1]}#overview).` : ''}\n\n`;
      for (let h = 1; h < headings; h++) {
        body += `## ${title()} ${h}\n\n${sentence()} ${sentence()} ${sentence()}\n\n`;
        if (h % 2 === 1) body += `### Detail ${h}\n\n- ${sentence()}\n- ${sentence()}\n- ${sentence()}\n\n`;
        if (h === 2) body += `| Name | Value | Note |\n|---|---:|---|\n| ${pick(WORDS)} | ${int(1, 99)} | ${words(3)} |\n| ${pick(WORDS)} | ${int(1, 99)} | ${words(3)} |\n\n`;
        if (h === 3) body += '```ts\nconst pool = frame + skill;\n```\n\n';
      }
      files.set(`${folderDir}/${slug}.md`, `---\ntitle: ${title()} ${made + 1}\ndescription: ${sentence()}\n---\n\n${body}`);
      paths.push(route);
    }
  }
  return { files, paths };
}

/** The generator of each shape. */
export const GENERATORS: Record<Shape, (pages: number, seed?: number) => Generated> = {
  flat: generateCorpus,
  deep: generateDeepCorpus,
  uneven: generateUnevenCorpus,
};

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

export function writeCorpus(out: string, pages: number, seed = 1, shape: Shape = 'flat'): number {
  rmSync(out, { recursive: true, force: true });
  const { files } = GENERATORS[shape](pages, seed);
  for (const [path, text] of files) {
    mkdirSync(join(out, path, '..'), { recursive: true });
    writeFileSync(join(out, path), text);
  }
  return files.size;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pages = Number(arg('pages'));
  const out = arg('out');
  const shape = arg('shape', 'flat') as Shape;
  if (!Number.isInteger(pages) || pages < 1 || !out) {
    console.error(`usage: npm run --silent corpus -- --pages N --out DIR [--seed S] [--shape ${SHAPES.join('|')}]`);
    process.exit(2);
  }
  if (!SHAPES.includes(shape)) {
    console.error(`--shape must be one of ${SHAPES.join(', ')} (got ${shape})`);
    process.exit(2);
  }
  const n = writeCorpus(out, pages, Number(arg('seed', '1')), shape);
  console.log(JSON.stringify({ pages, shape, files: n, out }));
}
