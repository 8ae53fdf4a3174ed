/**
 * Deterministic corpus generator for benchmarks:
 *   npm run --silent corpus -- --pages N --out DIR [--seed S]
 * Nested folders with _dir.yml, frontmatter, 3–6 headings, tables, lists, code
 * and internal links that resolve. The same arguments give the same files.
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

interface Generated {
  files: Map<string, string>;
  paths: string[];
}

export function generateCorpus(pages: number, seed = 1): Generated {
  const rand = mulberry32(seed);
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

  const files = new Map<string, string>();
  const paths: string[] = [];
  const perFolder = 25;
  const sections = Math.max(1, Math.min(10, Math.ceil(pages / perFolder)));
  const folders = Math.ceil(pages / perFolder);
  files.set('index.md', `---\ntitle: Benchmark corpus\ndescription: ${pages} generated pages.\n---\n\n## Overview\n\n${sentence()}\n`);

  let made = 0;
  for (let f = 0; f < folders && made < pages; f++) {
    const section = f % sections;
    const sectionDir = `${section + 1}.section-${section + 1}`;
    const folderDir = `${sectionDir}/${Math.floor(f / sections) + 1}.folder-${f + 1}`;
    if (!files.has(`${sectionDir}/_dir.yml`)) files.set(`${sectionDir}/_dir.yml`, `title: Section ${section + 1}\n`);
    files.set(`${folderDir}/_dir.yml`, `title: ${title()} ${f + 1}\n`);
    for (let p = 0; p < perFolder && made < pages; p++, made++) {
      const slug = `${p + 1}.page-${made + 1}`;
      const route = '/' + `${folderDir}/${slug}`.split('/').map((s) => s.replace(/^\d+\./, '')).join('/');
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

function arg(name: string, fallback?: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
}

export function writeCorpus(out: string, pages: number, seed = 1): number {
  rmSync(out, { recursive: true, force: true });
  const { files } = generateCorpus(pages, seed);
  for (const [path, text] of files) {
    mkdirSync(join(out, path, '..'), { recursive: true });
    writeFileSync(join(out, path), text);
  }
  return files.size;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const pages = Number(arg('pages'));
  const out = arg('out');
  if (!Number.isInteger(pages) || pages < 1 || !out) {
    console.error('usage: npm run --silent corpus -- --pages N --out DIR [--seed S]');
    process.exit(2);
  }
  const n = writeCorpus(out, pages, Number(arg('seed', '1')));
  console.log(JSON.stringify({ pages, files: n, out }));
}
