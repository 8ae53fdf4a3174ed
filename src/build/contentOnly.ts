/**
 * The content-only rebuild (see scripts/build.ts for when it runs): renders
 * the changed content pages with the server bundle the last full build of
 * this code version saved, takes everything else from that build's snapshot
 * and the HTML cache, and writes the data files, API answers, service worker,
 * compressed copies and _headers with the functions the full build's
 * endpoints and integrations call. Returns why it cannot run instead of
 * guessing: the caller then runs `astro build`.
 */
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { BuildContext, PagePlan } from './context';
import { getSite } from './site';
import { contentPagePaths, pageFile, ContentError, ContentErrors } from '../content';
import { appKey, htmlCache, renderKey, sharedKey, sharedParts } from './renderCache';
import { dataFiles } from './dataFiles';
import { snapshotDir, snapshotIdentity, SNAPSHOT_FORMAT, environmentKey, type SnapshotRecord } from './snapshot';
import { startAnswerWriter, writeAll, writeBuildOutput, type AnswerWriter, type OutputLogger } from './output';
import { openLedger } from './ledger';
import { writeServiceWorker } from './serviceWorker';
import { writeCompressedCopies } from './compress';
import { writeHeaders } from './headers';
import { startPhase, endPhase, timed } from './timing';
import { MIN_COMPRESSED_BYTES } from './compression';
import { internalsProblem, openBundle } from './astro';
import { allowedHashes, blockedScripts } from '../security/build';
import { ANSWER_FOLDERS } from './answer-writer.mjs';
import { CONTENT_DATABASE_FILE } from '../db';
import { siteConfig } from '../config/site';
import { copyKinds } from './compression';
import { serviceWorkerTemplate } from './serviceWorker';

/** More changed pages than this and a full build is the better tool (and the safer one). */
export const MAX_CHANGED_PAGES = 50;

/**
 * What the rebuild did: wrote the folder; found a reason to leave it to
 * `astro build`; or stopped the build on a content error (file and line),
 * which a full build would stop on too, before writing anything.
 */
export type PatchResult = { rendered: number; pages: number } | { fallback: string } | { failed: string };

const sameSet = (a: string[], b: string[]) => a.length === b.length && new Set([...a, ...b]).size === a.length;

/**
 * The static API answers' folders, which prune() does not walk: the answer
 * writer (src/build/answer-writer.mjs) renames the unchanged answers there,
 * writes the rest and removes whatever else they hold. They hold two files
 * per page: at 20,000 pages, walking them was most of prune()'s 1.5 s.
 */
const UNWALKED = new Set(ANSWER_FOLDERS.map((folder) => `${folder}/`));

/**
 * Removes from `dir` every file `keep` refuses, and the folders that leaves
 * empty, but for the answer folders. Returns whether `dir` is empty now (one
 * listing per folder: there is one per content page).
 */
function prune(dir: string, keep: (rel: string) => boolean, prefix = ''): boolean {
  const entries = readdirSync(dir, { withFileTypes: true });
  let left = entries.length;
  for (const entry of entries) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      const rel = `${prefix}${entry.name}/`;
      if (UNWALKED.has(rel) || !prune(path, keep, rel)) continue;
      rmdirSync(path);
    } else if (!keep(`${prefix}${entry.name}`)) unlinkSync(path);
    else continue;
    left--;
  }
  return left === 0;
}

/** The unchanged page the saved bundle is checked against: one near the first changed page, else the first. */
function witnessFor(plan: PagePlan[], changed: PagePlan[]): PagePlan | undefined {
  const reused = plan.filter((p) => p.reused);
  const folder = changed[0] && dirname(changed[0].path);
  return reused.find((p) => dirname(p.path) === folder) ?? reused[0];
}

/** A check that failed before the first byte went into the output folder. */
class NotWritten extends Error {}

/**
 * Runs the content-only rebuild into `out` with the build context `h` (the
 * one the saved bundle's pages read too: scripts/build.ts takes it from
 * buildContext()).
 */
export async function contentOnlyBuild(h: BuildContext, out: string, logger: OutputLogger): Promise<PatchResult> {
  let ready: Ready | { fallback: string };
  try {
    ready = await prepare(h);
  } catch (e) {
    if (e instanceof ContentError || e instanceof ContentErrors) return { failed: e.message };
    return { fallback: `an error before anything was written (${(e as Error).message.split('\n')[0]})` };
  }
  if ('fallback' in ready) return ready;
  try {
    return await write(h, out, ready, logger);
  } catch (e) {
    // `astro build` writes the whole folder again (beside it, swapped in if it succeeds).
    const when = e instanceof NotWritten ? 'before anything was written' : `while writing ${out}`;
    return { fallback: `an error ${when} (${(e as Error).message.split('\n')[0]})` };
  }
}

interface Ready {
  dir: string;
  record: SnapshotRecord;
  plan: PagePlan[];
  redirects: string[];
  html: Map<string, string>;
  /** The new content integrity, which the answers' names carry. */
  integrity: string;
}

/** Decides whether the content-only rebuild can run, and renders the changed pages. */
async function prepare(h: BuildContext): Promise<Ready | { fallback: string }> {
  const dir = snapshotDir();
  if (!dir) return { fallback: 'the build cache is off (NUCLEUS_BUILD_CACHE=0)' };
  if (!existsSync(join(dir, 'record.json'))) return { fallback: 'no snapshot of a full build of this code version (code, config or base path changed, or first build)' };
  const record = JSON.parse(readFileSync(join(dir, 'record.json'), 'utf8')) as SnapshotRecord;
  if (record.format !== SNAPSHOT_FORMAT) return { fallback: 'the snapshot was saved in an older format' };
  if (record.environment !== environmentKey()) return { fallback: 'PUBLIC_ environment variables or .env files changed (they are in the client code)' };
  const cache = htmlCache();
  if (!cache) return { fallback: 'the build cache is off' };
  // An Astro upgrade that moved what src/build/astro.ts uses: never guess.
  const astro = await internalsProblem();
  if (astro) return { fallback: astro };

  // Load the content as a build does (parse cache on); the saved bundle's own
  // copy of the loader is handed this site instead of loading it again.
  h.building = true;
  // The policy's inputs of the full build; the pages render the policy from them again.
  h.security = { astroScriptHashes: record.security.astroScriptHashes, services: record.security.services };
  // The data files are made here, after the load, not on the data worker:
  // a second load of the whole site in the worker, beside this one, made a
  // one-page rebuild at 5,000 pages slower (8.6 s, 14.6 s CPU, against 7.1 s
  // and 10.2 s; docs/build.md), since both loads compete for memory and the
  // render it would overlap takes about a second.
  const site = getSite();
  h.site = site;

  const paths = contentPagePaths(site);
  const pages = paths.filter((p) => !p.props.redirect);
  const redirects = paths.filter((p) => p.props.redirect).map((p) => p.props.path);
  if (!sameSet(pages.map((p) => p.props.path), record.paths) || !sameSet(redirects, record.redirects)) return { fallback: 'pages were added, removed or moved' };
  if (sharedKey(site, h.security) !== record.sharedKey) {
    const parts: Record<string, string> = { ...sharedParts(site, h.security) };
    const changed = Object.keys(parts).filter((name) => parts[name] !== record.sharedParts[name]);
    return { fallback: `what every page shows changed (${changed.join(', ') || 'shared key'}: a title, order or folder, folder settings or catalogues)` };
  }
  if (appKey(site, h.security, new Set(paths.map((p) => p.props.path))) !== record.appKey) return { fallback: 'the home page, a page outside the content route or where a catalogue is listed changed' };

  const plan: PagePlan[] = pages.map(({ props: { path } }) => {
    const key = renderKey(site, h.security, path, site.pages.get(path));
    return { path, key, reused: cache.has(key) };
  });
  const changed = plan.filter((p) => !p.reused);
  if (changed.length > MAX_CHANGED_PAGES) return { fallback: `${changed.length} pages changed (the content-only rebuild renders at most ${MAX_CHANGED_PAGES})` };
  const witness = witnessFor(plan, changed);
  if (!witness) return { fallback: 'no unchanged page to check the saved prerender bundle against' };

  // The safety net: the saved bundle must render an unchanged page exactly
  // as the full build did, else nothing it renders is trusted.
  const html = new Map<string, string>();
  const renderStarted = startPhase();
  // Astro takes each page's props from the route's getStaticPaths, which lists just these.
  h.renderOnly = new Set([witness.path, ...changed.map((p) => p.path)]);
  try {
    const bundle = await timed('content-only: open the saved prerender bundle', () => openBundle(dir));
    const check = await bundle.render({ path: witness.path });
    if (check !== cache.read(witness.key)) return { fallback: `the saved prerender bundle renders ${witness.path} differently from the full build` };
    for (const page of changed) html.set(page.path, await bundle.render({ path: page.path }));
  } finally {
    h.renderOnly = undefined;
  }
  const blocked = [...html].flatMap(([path, text]) => blockedScripts(pageFile(path), text, allowedHashes(h.security?.policy ?? [])));
  if (blocked.length) return { fallback: `a changed page has an inline script the Content-Security-Policy does not allow (${blocked[0]})` };
  endPhase(`content-only: ${changed.length} pages rendered (and ${witness.path} checked)`, renderStarted);
  return { dir, record, plan, redirects, html, integrity: site.integrity };
}

/** Writes the output folder from the snapshot, the caches and the rendered pages. */
async function write(h: BuildContext, out: string, ready: Ready, logger: OutputLogger): Promise<PatchResult> {
  // The answers already in the folder are renamed to the new integrity on a
  // worker thread, beside the work below; it ends before this returns.
  const answers = startAnswerWriter(out, ready.integrity);
  let handedOver = false;
  try {
    return await writeWith(h, out, ready, logger, answers, () => (handedOver = true));
  } finally {
    if (!handedOver) await answers.stop();
  }
}

/**
 * What the steps after the first write would stop on, checked before it
 * (issue 48: a build that stops halfway must leave the folder as the last
 * good build wrote it): the compressed copies asked for, the answers and the
 * policy handed over, the service worker's code. Returns that code.
 */
async function checkBeforeWriting(h: BuildContext, snapshot: string): Promise<string> {
  try {
    copyKinds();
    if (!h.answers) throw new Error('the pages did not hand over the content API answers');
    if (!h.security?.policy) throw new Error('no page rendered the Content-Security-Policy');
    // Made from the snapshot's offline page (the code does not depend on the folder); cached by the full build.
    return await serviceWorkerTemplate(snapshot);
  } catch (e) {
    throw new NotWritten((e as Error).message);
  }
}

async function writeWith(h: BuildContext, out: string, { dir, record, plan, redirects, html }: Ready, logger: OutputLogger, answers: AnswerWriter, handOver: () => void): Promise<PatchResult> {
  // The data files first: the database is then gzipped on the thread pool
  // while the folder is brought up to date. Until the checks below have
  // passed nothing is written into `out`: the answer writer only links the
  // last build's answers under their new names, and removes those links
  // when it is stopped instead (src/build/answer-writer.mjs).
  const dataStarted = startPhase();
  Object.assign(h, { pages: plan, redirects });
  const snapshot = join(dir, 'dist');
  let made: Awaited<ReturnType<typeof dataFiles>>;
  try {
    made = await dataFiles(h);
  } catch (e) {
    throw new NotWritten((e as Error).message);
  }
  const { files, database } = made;
  const data = [...files].map(([path, bytes]): [string, Uint8Array | string] => [path.slice(1), bytes]);
  endPhase('content-only: data files but the database', dataStarted);
  const template = await checkBeforeWriting(h, snapshot);

  const copyStarted = startPhase();
  // The folder is brought to the snapshot's files plus the content pages,
  // data files and API answers; updating it in place spares removing and
  // writing again thousands of files that are already right.
  const fromSnapshot = record.files;
  const keep = new Set([...fromSnapshot, ...plan.map((p) => pageFile(p.path)), ...data.map(([rel]) => rel), CONTENT_DATABASE_FILE]);
  if (existsSync(out) && statSync(out).isDirectory()) prune(out, (rel) => keep.has(rel));
  const ledger = openLedger(out);
  const identity = snapshotIdentity(dir);
  const folders = new Set<string>();
  for (const rel of fromSnapshot) {
    const file = join(out, rel);
    if (ledger.current(rel, identity, file)) continue;
    if (!folders.has(dirname(file))) mkdirSync(dirname(file), { recursive: true });
    folders.add(dirname(file));
    copyFileSync(join(snapshot, rel), file);
    ledger.record(rel, identity, file);
  }
  writeAll(out, [...html].map(([path, text]) => [pageFile(path), text]));
  // Every search file carries the content integrity, so all of them change; most only
  // by it, and writeChanged writes only the blocks that differ.
  writeAll(out, data);
  endPhase('content-only: snapshot copied, changed pages and data files written', copyStarted);
  // Every file that may get compressed copies is known here: no need to look through dist/.
  const mayCompress = [...fromSnapshot, ...data.map(([rel]) => rel), CONTENT_DATABASE_FILE];
  for (const [path, text] of h.answers ?? []) if (text.length * 3 >= MIN_COMPRESSED_BYTES) mayCompress.push(path.replace(/^\//, ''));
  // The database may still be being gzipped. The offline copy's list has
  // its size when pages read it (clientDatabase); otherwise no step before
  // the compressed copies reads it, so it is written beside them.
  const databaseWritten = timed('content-only: the database gzipped', () => database).then((bytes) => writeAll(out, [[CONTENT_DATABASE_FILE, bytes]]));
  if (siteConfig.clientDatabase) await databaseWritten;
  // The answers are written on a worker thread while the service worker's
  // list is made; both end before anything else happens (a fallback build
  // must not race the writer).
  handOver();
  // The folder now holds exactly `keep` besides the answers: the offline copy's list need not walk it.
  const settled = await Promise.allSettled([writeBuildOutput(h, out, logger, ledger, answers), writeServiceWorker(out, logger, [...keep], template), databaseWritten]);
  for (const s of settled) if (s.status === 'rejected') throw s.reason;
  await writeCompressedCopies(out, logger, mayCompress);
  writeHeaders(out, record.base, h.security?.policy);
  return { rendered: html.size, pages: plan.length };
}
