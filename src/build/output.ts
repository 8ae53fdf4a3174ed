/**
 * Writes what the pages hand over after Astro rendered them: the static
 * content API answers (one file each, written here instead of through an
 * endpoint route, which cost a few milliseconds per file: most of a large
 * build) and the page HTML the incremental build reused from its cache
 * (src/build/renderCache.ts); newly rendered pages go into the cache.
 * Runs before the service worker and the compressed copies, which read dist/.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { closeSync, existsSync, fstatSync, ftruncateSync, mkdirSync, openSync, readSync, rmSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { htmlCache } from './renderCache';
import { buildContext, type BuildContext } from './context';
import { printResult } from './result';
import { openLedger, type Ledger } from './ledger';
import { mark, startPhase, endPhase } from './timing';
import { pageFile } from '../content';
import { settleStyleOrder, watchPrerenderer } from './astro';
import { startParseAhead, finishParseAhead } from './parseAhead';
import { prepareDataWorker, startDataWorkerAfterLoad } from './dataWorker';

/** Writes `path → content` pairs under `out` (see `writeChanged`), making each folder once. */
export function writeAll(out: string, files: Iterable<[string, string | Uint8Array]>): number {
  const made = new Set<string>();
  let n = 0;
  for (const [path, text] of files) {
    const file = join(out, path);
    const dir = dirname(file);
    if (!made.has(dir)) mkdirSync(dir, { recursive: true });
    made.add(dir);
    writeChanged(file, typeof text === 'string' ? Buffer.from(text) : text);
    n++;
  }
  return n;
}

/** The blocks `writeChanged` compares: the file system's. */
const BLOCK = 4096;

function writeFully(fd: number, bytes: Uint8Array, from: number, to: number): void {
  for (let at = from; at < to; ) at += writeSync(fd, bytes, at, to - at, at);
}

/**
 * Makes `file` hold `bytes`, writing only the blocks that differ when it
 * already has their length (else the whole file). A one-page rebuild's search
 * files differ from the last build's mostly by the content integrity near
 * their start: at 20,000 pages, writing all 8,118 of them again (82 MB) was
 * 1.7 s of the rebuild; reading them and writing one block of each is a
 * fraction of that. A file with another name (a hard link) is replaced, not
 * changed under it.
 */
export function writeChanged(file: string, bytes: Uint8Array): void {
  let fd: number;
  try {
    fd = openSync(file, 'r+');
  } catch {
    writeFileSync(file, bytes); // not there yet (or not a file: the error says so)
    return;
  }
  try {
    const st = fstatSync(fd);
    if (st.nlink > 1) {
      // The other name keeps what it holds; this one gets a file of its own.
      unlinkSync(file);
      writeFileSync(file, bytes);
      return;
    }
    if (st.size !== bytes.length) {
      ftruncateSync(fd, bytes.length);
      writeFully(fd, bytes, 0, bytes.length);
      return;
    }
    const old = Buffer.allocUnsafe(bytes.length);
    for (let at = 0; at < old.length; ) {
      const read = readSync(fd, old, at, old.length - at, at);
      if (read === 0) break;
      at += read;
    }
    const now = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    for (let at = 0; at < now.length; at += BLOCK) {
      const end = Math.min(now.length, at + BLOCK);
      if (!old.subarray(at, end).equals(now.subarray(at, end))) writeFully(fd, now, at, end);
    }
  } finally {
    closeSync(fd);
  }
}

/** What the output writers log through (Astro's integration logger has these). */
export interface OutputLogger {
  info(message: string): void;
  warn(message: string): void;
}

/**
 * Astro's own bookkeeping, which it writes into the output folder when that
 * lies outside the project (its `.astro` folder then sits there):
 * `data-store.json` only on some builds, so the output would depend on what
 * an earlier build left. None of it belongs to the site.
 */
const ASTRO_BOOKKEEPING = ['data-store.json', 'content-modules.mjs', 'content-assets.mjs', 'settings.json'];

function removeAstroBookkeeping(out: string): void {
  for (const name of ASTRO_BOOKKEEPING) {
    // A file of the same name in public/ is the site's own.
    if (!existsSync(join('public', name))) rmSync(join(out, name), { force: true });
  }
}

const ANSWER_WRITER = 'src/build/answer-writer.mjs';
const answerWriterUrl = () => pathToFileURL(resolve(ANSWER_WRITER));

/** What the answer writer did: answers written anew, and renamed from the last build. */
export interface AnswersWritten {
  written: number;
  renamed: number;
}

/** The static API answers' writer, on a worker thread (answer-writer.mjs). */
export interface AnswerWriter {
  /** Hands the answers over; resolves when they are all in place. */
  write(answers: Map<string, string>): Promise<AnswersWritten>;
  /** Ends the writer without answers (the build stopped first); resolves when it has ended. */
  stop(): Promise<void>;
}

/**
 * Starts the answer writer. Given the content integrity, it renames the
 * answers already in `out` to it at once, while the caller makes the answers.
 */
export function startAnswerWriter(out: string, integrity?: string): AnswerWriter {
  // Plain JavaScript: the worker need not load tsx (execArgv).
  const worker = new Worker(answerWriterUrl(), { execArgv: [], workerData: { nucleusAnswers: { out, integrity } } });
  let failure: Error | undefined;
  worker.on('error', (e) => (failure ??= e));
  const ended = new Promise<number>((resolve) => worker.once('exit', resolve));
  const written = new Promise<AnswersWritten>((resolve, reject) => {
    worker.once('message', resolve);
    void ended.then((code) => reject(failure ?? new Error(`the static API answer writer stopped (exit code ${code}) before it was done`)));
  });
  written.catch(() => undefined); // reported to whoever awaits write()
  return {
    write(answers) {
      worker.postMessage({ answers: [...answers] });
      return written;
    },
    async stop() {
      worker.postMessage({});
      await ended;
    },
  };
}

/** The search index's part files a full build handed over (BuildContext.searchParts). */
function writeSearchParts(h: BuildContext, out: string): void {
  if (!h.searchParts) return;
  const started = startPhase();
  for (const [path, text] of h.searchParts) {
    const file = join(out, path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  h.searchParts = undefined;
  endPhase('write search index parts', started);
}

/**
 * Writes the handed-over API answers and the cached pages into `out`, and
 * caches the newly rendered ones. The content-only rebuild (scripts/build.ts)
 * calls it too, with the plan it made itself and the ledger it has begun.
 */
export async function writeBuildOutput(h: BuildContext, out: string, logger: OutputLogger, ledger: Ledger = openLedger(out), writer?: AnswerWriter): Promise<void> {
  if (!h.answers) {
    await writer?.stop();
    throw new Error('nucleus:build-output: the pages did not hand over the content API answers (src/pages/content.sqlite.gz.ts and src/pages/[...slug].astro set them)');
  }
  removeAstroBookkeeping(out);
  writeSearchParts(h, out);
  const answersStarted = startPhase();
  const answersWritten = (writer ?? startAnswerWriter(out)).write(h.answers);
  h.answers = undefined;
  const pagesStarted = startPhase();
  const cache = htmlCache();
  let reused = 0;
  let copied = 0;
  if (cache) {
    for (const page of h.pages) {
      const rel = pageFile(page.path);
      const file = join(out, rel);
      if (page.reused) {
        reused++;
        if (ledger.current(rel, page.key, file)) continue;
        mkdirSync(dirname(file), { recursive: true });
        cache.copyTo(page.key, file);
        copied++;
      } else {
        cache.adopt(page.key, file);
      }
      ledger.record(rel, page.key, file);
    }
    cache.prune(new Set(h.pages.map((p) => p.key)));
  }
  ledger.save();
  endPhase('copy cached pages in, cache new ones', pagesStarted);
  const answers = await answersWritten;
  endPhase('write static API answers (on a worker thread)', answersStarted);
  printResult({ pages: h.pages.length, reused, copied, answersWritten: answers.written, answersRenamed: answers.renamed });
  logger.info(`${answers.written + answers.renamed} content API answers written (${answers.renamed} of them renamed from the last build); ${reused} of ${h.pages.length} pages reused from the build cache (${copied} copied, ${reused - copied} already in place)`);
}

export default function buildOutput(): AstroIntegration {
  return {
    name: 'nucleus:build-output',
    hooks: {
      // With NUCLEUS_BUILD_TIMING=1 the hooks mark where Astro's own phases end.
      'astro:config:done': () => mark('astro:config:done'),
      'astro:build:start': ({ setPrerenderer }) => {
        mark('astro:build:start');
        const h = buildContext();
        const steps: NonNullable<BuildContext['beforePages']> = [];
        Object.assign(h, { building: true, pages: [], beforePages: steps });
        startParseAhead();
        prepareDataWorker();
        // Astro's own prerenderer renders every page; once it is set up (the
        // bundles done), the integrations' steps for that moment run in order.
        setPrerenderer(watchPrerenderer(async (build) => {
          for (const step of steps) await step(build);
        }));
        steps.push(async () => {
          mark('prerenderer set up (bundles done)');
          await finishParseAhead();
          // The data files are made on a worker thread while the pages render.
          await startDataWorkerAfterLoad(h);
        });
      },
      'astro:build:setup': ({ target, pages }) => {
        mark(`astro:build:setup (${target})`);
        // Every page of a route lists its stylesheets in one order, whichever pages this build renders.
        if (target === 'server') for (const page of pages.values()) settleStyleOrder(page.styles);
      },
      'astro:build:generated': () => mark('astro:build:generated (pages rendered)'),
      'astro:build:done': ({ dir, logger }) => {
        mark('astro:build:done');
        return writeBuildOutput(buildContext(), fileURLToPath(dir), logger);
      },
    },
  };
}
