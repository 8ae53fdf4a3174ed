/**
 * A build that fails leaves the last good output folder serving (issue 48:
 * `astro build` empties its folder when it starts, and a failed build left
 * the running preview answering 404 for every page until the next good one).
 *
 * Real builds (`npm run build`, scripts/build.ts) of a small generated
 * corpus into one folder, served the whole time by a plain static server
 * (`serve`, as the e2e tests and hosts serve dist/). After one good build
 * the content is broken three ways, each build must exit non-zero saying
 * what is wrong, leave the folder byte for byte as the good build wrote it,
 * and never make the server answer anything but 200 for a page while it runs:
 *  - a broken directive line, met by the content-only rebuild (which stops
 *    before writing anything, naming the file and line);
 *  - an error after the content-only rebuild has made its data files and
 *    started linking the static answers under their new names (an unknown
 *    kind of compressed copy in NUCLEUS_COMPRESSED_COPIES): it falls back to
 *    `astro build`, which stops on the same error halfway through;
 *  - the broken directive line again, met by a full `astro build`.
 * Then a good full build and a good content-only rebuild put the new pages in place.
 */
import { describe, it, expect, beforeAll, afterAll } from 'vitest';
import { holdSiteBuildTests } from './lib/buildTestLock';
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, relative, resolve } from 'node:path';
import { writeCorpus } from './corpus';
import { scratchDir } from '../src/content/testing';
import { readResult } from '../src/build/result';

const work = scratchDir('nucleus-failed-build-');
const content = join(work, 'content');
const out = join(work, 'dist');
const PAGE = '1.section-1/1.folder-1/2.page-2.md';
const PAGE_URL = '/section-1/folder-1/page-2/';
/** A component the site does not have: check:content and every build refuse the page, at its line. */
const BROKEN_LINE = '::unknown-gadget{x=1}';

interface Run {
  status: number | null;
  log: string;
  /** Pages the server did not answer with 200 while the build ran, with the status it gave. */
  notServed: string[];
  /** Times every page was asked for while the build ran. */
  rounds: number;
}

/** Every file of `dir` with the hash of its bytes. */
function tree(dir: string, root = dir, into: Record<string, string> = {}): Record<string, string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) tree(path, root, into);
    else into[relative(root, path)] = createHash('sha256').update(readFileSync(path)).digest('hex');
  }
  return into;
}

const freePort = () =>
  new Promise<number>((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => done(port));
    });
  });

let server: ChildProcess | undefined;
let origin = '';
let pages: string[] = [];

async function status(path: string): Promise<number> {
  try {
    return (await fetch(origin + path)).status;
  } catch (e) {
    return -1; // no answer at all
  }
}

/** Runs `npm run build` into `out` while asking the server for every page, again and again, until it ends. */
async function build(env: Record<string, string> = {}): Promise<Run> {
  // vitest sets NODE_ENV=test and puts Vite's import.meta.env into process.env; a build runs as production.
  const { NODE_ENV: _, VITEST: __, BASE_URL: ___, MODE: ____, DEV: _____, PROD: ______, SSR: _______, ...inherited } = process.env;
  const child = spawn('npm', ['run', '--silent', 'build', '--', '--outDir', out], {
    env: { ...inherited, ASTRO_TELEMETRY_DISABLED: '1', NUCLEUS_CONTENT_DIR: content, NUCLEUS_CACHE_DIR: join(work, 'cache'), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (b: Buffer) => (log += b.toString()));
  child.stderr.on('data', (b: Buffer) => (log += b.toString()));
  let running = true;
  const ended = new Promise<number | null>((done) => child.once('close', (code) => ((running = false), done(code))));
  const notServed: string[] = [];
  let rounds = 0;
  while (running && pages.length) {
    for (const page of pages) {
      const s = await status(page);
      if (s !== 200) notServed.push(`${page} ${s}`);
    }
    rounds++;
  }
  return { status: await ended, log, notServed, rounds };
}

const edit = (from: string, to: string) => {
  const file = join(content, PAGE);
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${PAGE} has no ${JSON.stringify(from)}`);
  writeFileSync(file, text.replace(from, to));
};
/** The line of the broken directive in the page (1-based), as check:content counts. */
const brokenLine = () => readFileSync(join(content, PAGE), 'utf8').split('\n').indexOf(BROKEN_LINE) + 1;

describe('a failing build leaves the last good output serving', () => {
  let good: Record<string, string>;
  let brokenByContentOnly: Run;
  let failedAfterLinking: Run;
  let brokenByFull: Run;
  let fixed: Run;
  let fixedAgain: Run;
  let fixedPage = '';
  const after: Record<string, Record<string, string>> = {};
  let line = 0;

  let release: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    release = await holdSiteBuildTests();
    writeCorpus(content, 24);
    const first = await build();
    if (first.status !== 0) throw new Error(`the first build failed:\n${first.log.slice(-4000)}`);
    good = tree(out);
    pages = Object.keys(good)
      .filter((f) => f.endsWith('index.html'))
      .map((f) => `/${dirname(f) === '.' ? '' : `${dirname(f).split('\\').join('/')}/`}`);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = spawn(process.execPath, [resolve('node_modules/serve/build/main.js'), out, '--listen', `tcp://127.0.0.1:${port}`, '--no-clipboard', '--no-request-logging'], { stdio: 'ignore' });
    for (let tries = 0; (await status('/')) !== 200; tries++) {
      if (tries > 600) throw new Error('the static server did not start');
      await new Promise((r) => setTimeout(r, 100));
    }

    // A writer saves a page with a broken directive line and builds.
    edit('## Overview\n\n', `## Overview\n\n${BROKEN_LINE}\n\n`);
    line = brokenLine();
    brokenByContentOnly = await build();
    after.brokenByContentOnly = tree(out);

    // Fixed and changed, but the build is asked for a kind of compressed copy there is not.
    edit(`${BROKEN_LINE}\n\n`, 'The reactor hums a new note today.\n\n');
    failedAfterLinking = await build({ NUCLEUS_COMPRESSED_COPIES: 'zip' });
    after.failedAfterLinking = tree(out);

    // Broken again, and built by astro build (that failure left no snapshot for a content-only rebuild anyway).
    edit('The reactor hums a new note today.\n\n', `${BROKEN_LINE}\n\n`);
    brokenByFull = await build({ NUCLEUS_CONTENT_ONLY: '0' });
    after.brokenByFull = tree(out);

    // Fixed: a full build (no snapshot is left), then a content-only rebuild.
    edit(`${BROKEN_LINE}\n\n`, 'The reactor hums a new note today.\n\n');
    fixed = await build();
    after.fixed = tree(out);
    fixedPage = readFileSync(join(out, 'section-1/folder-1/page-2/index.html'), 'utf8');
    edit('hums a new note', 'sings a new note');
    fixedAgain = await build();
  }, 2_400_000); // three full builds (two that fail halfway) and three content-only ones, on a crowded 2-core machine

  afterAll(async () => {
    await release?.();
    server?.kill();
  });

  it('stops a content-only rebuild on a broken line, naming the file and line, before it writes anything', () => {
    expect(brokenByContentOnly.status).not.toBe(0);
    expect(brokenByContentOnly.log).toContain(`${PAGE}:${line}: unknown component '::unknown-gadget'`);
    expect(readResult(brokenByContentOnly.log).build).toBe('content-only');
    expect(after.brokenByContentOnly).toEqual(good);
    expect(brokenByContentOnly.notServed).toEqual([]);
    expect(brokenByContentOnly.rounds).toBeGreaterThan(0);
  });

  it('leaves the folder as it was when the content-only rebuild stops after linking the answers, and so does the full build it falls back to', () => {
    expect(failedAfterLinking.status).not.toBe(0);
    // The content-only rebuild got as far as its data files, then gave way to astro build, which stopped too.
    expect(readResult(failedAfterLinking.log).fallback).toMatch(/^an error before anything was written \(NUCLEUS_COMPRESSED_COPIES names zip/);
    expect(failedAfterLinking.log).toContain('NUCLEUS_COMPRESSED_COPIES names zip; it takes br, gz or br,gz');
    expect(after.failedAfterLinking).toEqual(good);
    expect(failedAfterLinking.notServed).toEqual([]);
    expect(failedAfterLinking.rounds).toBeGreaterThan(0);
  });

  it('leaves the folder as it was when a full build stops on a broken line, naming the file and line', () => {
    expect(brokenByFull.status).not.toBe(0);
    expect(readResult(brokenByFull.log).build).toBe('astro');
    expect(brokenByFull.log).toContain(`${PAGE}:${line}: unknown component '::unknown-gadget'`);
    expect(after.brokenByFull).toEqual(good);
    expect(brokenByFull.notServed).toEqual([]);
    expect(brokenByFull.rounds).toBeGreaterThan(0);
  });

  it('swaps the next good full build in whole, serving every page while it runs', async () => {
    expect(fixed.status, fixed.log.slice(-3000)).toBe(0);
    expect(readResult(fixed.log).build).toBe('astro');
    expect(fixed.notServed).toEqual([]);
    expect(fixedPage).toContain('The reactor hums a new note today.');
    // Only that page's HTML changed among the pages; nothing is left beside the folder.
    expect(Object.keys(good).filter((f) => f.endsWith('.html') && good[f] !== after.fixed![f])).toEqual(['section-1/folder-1/page-2/index.html']);
    expect(readdirSync(work).filter((name) => name.startsWith('dist'))).toEqual(['dist']);
    expect(existsSync(`${out}.next`) || existsSync(`${out}.old`)).toBe(false);
  });

  it('then rebuilds content only in place again, and the server serves the new page', async () => {
    expect(fixedAgain.status, fixedAgain.log.slice(-3000)).toBe(0);
    expect(readResult(fixedAgain.log).build).toBe('content-only');
    expect(fixedAgain.notServed).toEqual([]);
    const page = await fetch(origin + PAGE_URL);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('The reactor sings a new note today.');
  });
});
