/**
 * Reads the content folder once per build and returns everything the pages,
 * the database and the API need: each page is parsed exactly once.
 * Node only (file system); the parsing it calls is pure.
 */
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { createHash } from 'node:crypto';
import { ContentError, ContentErrors } from './errors';
import { splitFrontmatter, parseYaml, type FieldPath } from './frontmatter';
import { parseMarkdown, type FoundLink, type FoundComponent } from './markdown';
import { checkFrontmatter, checkDirConfig, nameProblems, type FieldProblem } from './fieldChecks';
import { linkTargetProblem } from './linkTargets';
import { componentProblems, isComponent, type CatalogueNames } from './components';
import { getCatalogues } from './catalogues';
import { idOf, routeOf, stemOf, typeOf, parentRoute, compareStems } from './paths';
import { buildNavigation, folderOf, surroundAll, type FolderInfo } from './navigation';
import type { DirConfig, NavNode, PageRecord, Surround } from './types';
import { siteConfig } from '../config/site';
import { routes, validateRouteTable } from '../config/routes';
import { computeFacts, rememberFacts } from './recordFacts';
import type { SectionPart } from './sections';

export interface Site {
  contentDir: string;
  /** Every record, drafts and partials included, in stem order. */
  records: PageRecord[];
  /** Published pages (not draft, not partial, markdown) by path. */
  pages: Map<string, PageRecord>;
  navigation: NavNode[];
  surround: Map<string, Surround>;
  folders: FolderInfo[];
  dirConfigs: Record<string, DirConfig>;
  /** Hash of every content file: changes exactly when content changes. */
  integrity: string;
}

export { contentDirFromEnv } from './contentDir';

function walk(dir: string, root: string, out: string[]): void {
  const entries = readdirSync(dir, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const { name } = entry;
    if (name.startsWith('.') || name === 'node_modules') continue;
    const full = join(dir, name);
    const rel = relative(root, full).split(sep).join('/');
    if (rel === 'data') continue; // catalogues: read by the rules pipeline
    // The entry's type spares a stat per file; a link is followed as before.
    if (entry.isSymbolicLink() ? statSync(full).isDirectory() : entry.isDirectory()) walk(full, root, out);
    else if (/\.(md|ya?ml|json)$/i.test(name)) out.push(rel);
  }
}

/** Every content file of the folder (Markdown, folder configs, data records), relative and in load order. */
export function contentFiles(contentDir: string): string[] {
  const files: string[] = [];
  walk(contentDir, contentDir, files);
  return files;
}

/** Parsed pages by key, kept between loads (src/build/cache.ts's ParseCache is one). */
export interface ParseStore {
  get<T>(key: string): T | undefined;
  /** As `get`, for a file's parse key by its state on disk (not counted as a parse reused or missed). */
  peek<T>(key: string): T | undefined;
  set(key: string, value: unknown): void;
  /** Keeps what this load added (for the next build). */
  save(): void;
}

export interface LoadOptions {
  /** Parsed pages from earlier builds, by content hash (the incremental build). */
  cache?: ParseStore;
}

/** The key a file's parse is kept under: its path and its text. */
export function parseKey(file: string, source: string): string {
  return createHash('sha256').update(file).update('\0').update(source).update('\0').digest('hex').slice(0, 24);
}

/**
 * Where the cache keeps the parse key of a file as it is on disk now: its
 * size, modification and change times and inode, the quick check git's
 * index, make and rsync rely on (the change time moves on every write and
 * cannot be set back by tools). An unchanged file is then neither read nor
 * hashed: at 20,000 pages, reading and hashing every file was about 1.2 s of
 * a one-page rebuild.
 */
function fileState(full: string, file: string): { key: string; settled: boolean } {
  const st = statSync(full);
  // A file written in the last seconds is not remembered by its state: the
  // clock file times are taken from ticks every few milliseconds, so a second
  // write of the same size in the same tick would look unchanged (git's
  // "racy" files). Any later write then changes the times by a second or more.
  const settled = Date.now() - Math.max(st.mtimeMs, st.ctimeMs) > SETTLED_MS;
  return { key: `file\0${file}\0${st.size}\0${st.mtimeMs}\0${st.ctimeMs}\0${st.ino}`, settled };
}
const SETTLED_MS = 2000;

/** A Markdown file's parse key and, when it had to be read, its text. */
function markdownKey(full: string, file: string, cache: ParseStore | undefined): { key: string; source?: string } {
  const state = cache && fileState(full, file);
  const known = state && cache!.peek<string>(state.key);
  if (known) return { key: known };
  const source = readFileSync(full, 'utf8');
  const key = parseKey(file, source);
  if (state?.settled) cache!.set(state.key, key);
  return { key, source };
}

export function loadSite(contentDir: string, options: LoadOptions = {}): Site {
  const { cache } = options;
  validateRouteTable();
  if (!existsSync(contentDir)) throw new ContentError(contentDir, undefined, 'content folder not found (set NUCLEUS_CONTENT_DIR)');
  const files = contentFiles(contentDir);

  const errors: ContentError[] = [];
  const records: PageRecord[] = [];
  const folders: FolderInfo[] = [];
  const linksByFile = new Map<string, FoundLink[]>();
  const componentsByFile = new Map<string, FoundComponent[]>();
  const hash = createHash('sha256');

  for (const file of files) {
    const full = join(contentDir, file);
    try {
      if (/\.md$/i.test(file)) {
        // Parsing is most of the load: an unchanged file reuses its parse.
        // The content's hash takes a Markdown file's key, itself a hash of its text.
        const { key, source } = markdownKey(full, file, cache);
        hash.update(file).update('\0').update(key).update('\0');
        let entry = cache?.get<ParsedEntry>(key);
        if (!entry) {
          const parsed = readMarkdown(file, source ?? readFileSync(full, 'utf8'));
          if (!isPage(parsed)) {
            // A field of the wrong type leaves no page; every problem is still reported.
            for (const p of parsed.problems) errors.push(new ContentError(file, p.line, p.reason));
            componentsByFile.set(file, parsed.components);
            continue;
          }
          entry = toEntry(parsed);
          cache?.set(key, entry);
        }
        const { record, links, components, problems } = fromEntry(entry);
        for (const p of problems) errors.push(new ContentError(file, p.line, p.reason));
        records.push(record);
        linksByFile.set(file, links);
        componentsByFile.set(file, components);
      } else {
        const source = readFileSync(full, 'utf8');
        hash.update(file).update('\0').update(source).update('\0');
        if (/(^|\/)_dir\.ya?ml$/.test(file)) {
          folders.push(readDirConfig(file, source));
          continue;
        }
        const { record, problems } = readData(file, source);
        errors.push(...problems);
        records.push(record);
      }
    } catch (e) {
      if (e instanceof ContentErrors) errors.push(...e.all);
      else if (e instanceof ContentError) errors.push(e);
      else throw e;
    }
  }

  records.sort((a, b) => compareStems(a.stem, b.stem));
  const dirConfigs: Record<string, DirConfig> = {};
  for (const f of folders) dirConfigs[f.route] = f.config;

  // Two files, one path.
  const pages = new Map<string, PageRecord>();
  const allByPath = new Map<string, PageRecord>();
  for (const r of records) {
    if (r.partial || r._type !== 'markdown') continue;
    const other = allByPath.get(r._path);
    if (other) {
      errors.push(new ContentError(r._file, 1, `path '${r._path}' is already used by ${other._file}; rename one of them`));
      continue;
    }
    allByPath.set(r._path, r);
    if (!r.draft) pages.set(r._path, r);
  }

  errors.push(...brokenLinks(records, pages, linksByFile), ...componentErrors(contentDir, componentsByFile));

  cache?.save();
  if (errors.length) throw errors.length === 1 ? errors[0]! : new ContentErrors(inFileOrder(errors, files));

  const navigation = buildNavigation(records, folders);
  return {
    contentDir,
    records,
    pages,
    navigation,
    surround: surroundAll(navigation),
    folders,
    dirConfigs,
    integrity: hash.digest('hex').slice(0, 12),
  };
}

/**
 * Internal links must lead somewhere: all broken links are listed at once.
 * (Targets content may not use were reported with each file's parse.)
 */
function brokenLinks(records: PageRecord[], pages: Map<string, PageRecord>, linksByFile: Map<string, FoundLink[]>): ContentError[] {
  const staticRoutes = new Set(routes.filter((r) => !r.pattern.includes('*')).map((r) => r.pattern));
  const publicDir = resolve('public');
  const errors: ContentError[] = [];
  for (const r of records) {
    for (const link of linksByFile.get(r._file) ?? []) {
      if (linkTargetProblem(link.url)) continue;
      const problem = checkLink(link.url, r, pages, staticRoutes, publicDir);
      if (problem) errors.push(new ContentError(r._file, link.line, problem));
    }
  }
  return errors;
}

/** Embedded components take only their own attributes, naming things that exist. */
function componentErrors(contentDir: string, componentsByFile: Map<string, FoundComponent[]>): ContentError[] {
  let names: CatalogueNames | undefined;
  const catalogueNames = () => (names ??= readCatalogueNames(contentDir));
  const errors: ContentError[] = [];
  for (const [file, uses] of componentsByFile) {
    for (const use of uses) {
      if (!isComponent(use.name)) continue; // reported as an unknown component
      for (const problem of componentProblems(use.name, use.attributes, catalogueNames)) errors.push(new ContentError(file, use.line, problem));
    }
  }
  return errors;
}

/** Errors file by file (in the order files are read), each file's by line. */
function inFileOrder(errors: ContentError[], files: string[]): ContentError[] {
  const order = new Map(files.map((f, i) => [f, i]));
  const rank = (e: ContentError) => order.get(e.file) ?? files.length;
  return [...errors].sort((a, b) => rank(a) - rank(b) || (a.line ?? 0) - (b.line ?? 0));
}

const LINK_KINDS: Record<FoundLink['kind'], string> = { link: 'link', image: 'image', definition: 'link reference definition' };

/** The feature trees and bestiary creatures an attribute may name; null when the catalogues cannot be read (their own check says why). */
function readCatalogueNames(contentDir: string): CatalogueNames {
  try {
    const catalogues = getCatalogues(contentDir);
    return { trees: [...new Set((catalogues?.features ?? []).map((f) => f.tree))], creatures: (catalogues?.creatures ?? []).map((c) => c.id) };
  } catch (e) {
    if (e instanceof ContentError || e instanceof ContentErrors) return { trees: null, creatures: null };
    throw e;
  }
}

/** A file's field problems as content errors, each at its field's line. */
function atLines(file: string, problems: FieldProblem[], lineOf: (path: FieldPath) => number): ContentError[] {
  return problems.map((p) => new ContentError(file, lineOf(p.path), p.reason));
}

function readDirConfig(file: string, source: string): FolderInfo {
  const { data, lineOf } = parseYaml(file, source, 1);
  const { data: config, problems } = checkDirConfig(data);
  if (problems.length) throw new ContentErrors(atLines(file, problems, lineOf).sort((a, b) => a.line! - b.line!));
  const { route, stem } = folderOf(file);
  return { route, stem, config: config! };
}

function localeOf(file: string, fmLocale: string | undefined): string {
  const first = stripNum(file.split('/')[0] ?? '');
  if (file.includes('/') && siteConfig.locales.includes(first)) return first;
  return fmLocale ?? siteConfig.defaultLocale;
}

function stripNum(s: string): string {
  return s.replace(/^\d+\./, '');
}

type Parsed = ReturnType<typeof readMarkdown>;
type ParsedPage = Parsed & { record: PageRecord };

function isPage(parsed: Parsed): parsed is ParsedPage {
  return parsed.record !== null;
}

/**
 * A parsed page as the cache keeps it: the record as its JSON (a string reads
 * back from the cache about twice as fast as the objects it holds), its
 * `_lines`, and what the build derives from it (recordFacts.ts).
 */
interface ParsedEntry {
  document: string;
  lines: Record<string, number>;
  digest: string;
  shows: string;
  sections: SectionPart[];
  links: Parsed['links'];
  components: Parsed['components'];
  problems: Parsed['problems'];
}

/**
 * What the parse cache keeps for a Markdown file, under its key, as a load
 * would compute it; none when a field of the wrong type leaves no page (the
 * load parses that file again to report it). The build parses the pages
 * ahead on a worker thread with it while Astro bundles (src/build/parseAhead.ts).
 */
export function markdownEntry(file: string, source: string): { key: string; entry: unknown } | undefined {
  const parsed = readMarkdown(file, source);
  return isPage(parsed) ? { key: parseKey(file, source), entry: toEntry(parsed) } : undefined;
}

function toEntry({ record, links, components, problems }: ParsedPage): ParsedEntry {
  const { document, digest, shows, sections } = computeFacts(record);
  return { document, lines: record._lines as Record<string, number>, digest, shows, sections, links, components, problems };
}

/**
 * The record of an entry. A fresh parse goes through its entry too, so a page
 * is the same record whether it was parsed now or came from the cache (JSON
 * values only, `_lines` last).
 */
function fromEntry(entry: ParsedEntry): Pick<ParsedPage, 'record' | 'links' | 'components' | 'problems'> {
  const { document, lines, digest, shows, sections, links, components, problems } = entry;
  const record = JSON.parse(document) as PageRecord;
  record._lines = lines;
  rememberFacts(record, { document, digest, shows, sections });
  return { record, links, components, problems };
}

function readMarkdown(file: string, source: string) {
  const { yaml, markdown, lineOffset } = splitFrontmatter(source);
  const { data, lineOf, lineOfKey } = parseYaml(file, yaml, 2);
  const { data: front, problems: fieldProblems } = checkFrontmatter(data);
  const parsed = parseMarkdown(markdown, lineOffset);
  const fields = fieldProblems.map((p) => ({ line: lineOf(p.path), reason: p.reason }));
  const unsafe = parsed.links.flatMap((link) => {
    const problem = linkTargetProblem(link.url);
    return problem ? [{ line: link.line, reason: `${LINK_KINDS[link.kind]}: ${problem}` }] : [];
  });
  // Every problem of the file, in the order of its lines.
  const problems = [...fields, ...parsed.problems, ...unsafe].sort((a, b) => a.line - b.line);
  // A field of the wrong type leaves no record to build, but the author still
  // hears about every field and everything in the body in this one run.
  if (!front) return { record: null, links: parsed.links, components: parsed.components, problems };

  // The layout renders the title as the page's h1, so a leading h1 moves there.
  const first = parsed.body.children[0];
  if (first && first.type === 'element' && first.tag === 'h1') parsed.body.children.shift();

  const stem = stemOf(file);
  const path = routeOf(stem);
  const name = file.split('/').pop()!;
  const lines: Record<string, number> = {};
  for (const key of ['layout', 'middleware', 'redirect', 'title']) lines[key] = lineOfKey(key);

  const record: PageRecord = {
    ...(front as Record<string, unknown>),
    _id: idOf(file),
    _path: path,
    path,
    stem,
    _type: 'markdown',
    _file: file,
    _lines: lines,
    folder: parentRoute(path === '/' ? '/' : /(^|\/)(\d+\.)?index$/.test(stem) ? path + '/x' : path),
    locale: localeOf(file, front.locale),
    title: front.title ?? parsed.h1 ?? stripNum(name.replace(/\.md$/i, '')),
    description: front.description ?? '',
    partial: name.startsWith('_'),
    navigation: front.navigation ?? true,
    draft: front.draft ?? false,
    body: parsed.body,
  };
  if (front.layout) record.layout = front.layout;
  if (front.redirect) record.redirect = front.redirect;
  if (front.middleware) record.middleware = front.middleware;
  if (parsed.excerpt) record.excerpt = parsed.excerpt;
  return { record, links: parsed.links, components: parsed.components, problems };
}

/** A YAML or JSON file as a record, and the layouts or route guards it names that do not exist. */
function readData(file: string, source: string): { record: PageRecord; problems: ContentError[] } {
  const type = typeOf(file);
  let data: unknown;
  let lineOf: (path: FieldPath) => number = () => 1;
  if (type === 'json') {
    try {
      data = JSON.parse(source);
    } catch (e) {
      throw new ContentError(file, 1, `invalid JSON: ${(e as Error).message}`);
    }
  } else {
    ({ data, lineOf } = parseYaml(file, source, 1));
  }
  const stem = stemOf(file);
  const path = routeOf(stem);
  const obj = data && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : { items: data };
  const record: PageRecord = {
    ...obj,
    _id: idOf(file),
    _path: path,
    path,
    stem,
    _type: type,
    _file: file,
    folder: parentRoute(path),
    locale: localeOf(file, typeof obj.locale === 'string' ? obj.locale : undefined),
    title: typeof obj.title === 'string' ? obj.title : stripNum(file.split('/').pop()!.replace(/\.\w+$/, '')),
    description: typeof obj.description === 'string' ? obj.description : '',
    partial: file.split('/').pop()!.startsWith('_'),
    navigation: false,
    draft: false,
    body: { type: 'root', children: [], toc: [] },
  };
  return { record, problems: atLines(file, nameProblems(obj), lineOf) };
}

function headingIds(r: PageRecord): Set<string> {
  const ids = new Set<string>();
  const walkNodes = (nodes: PageRecord['body']['children']) => {
    for (const n of nodes) {
      if (n.type !== 'element') continue;
      if (n.props?.id) ids.add(String(n.props.id));
      walkNodes(n.children);
    }
  };
  walkNodes(r.body.children);
  return ids;
}

const idCache = new WeakMap<PageRecord, Set<string>>();

function checkLink(url: string, from: PageRecord, pages: Map<string, PageRecord>, staticRoutes: Set<string>, publicDir: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(url) || url.startsWith('//')) return null; // external or mailto:
  const [rawPath = '', hash] = url.split('#');
  let path = rawPath.split('?')[0]!;
  if (path === '') path = from._path;
  else if (!path.startsWith('/')) path = new URL(path, `http://x${from._path.endsWith('/') ? from._path : from._path + '/'}`).pathname;
  const normal = path.length > 1 ? path.replace(/\/$/, '') : path;
  const target = pages.get(normal);
  if (!target) {
    if (staticRoutes.has(normal)) return null;
    if (existsSync(join(publicDir, normal))) return null;
    return `broken link to '${url}': no page has the path '${normal}'`;
  }
  if (hash) {
    let ids = idCache.get(target);
    if (!ids) idCache.set(target, (ids = headingIds(target)));
    if (!ids.has(decodeURIComponent(hash))) return `broken link to '${url}': '${target._file}' has no heading with the id '${hash}'`;
  }
  return null;
}
