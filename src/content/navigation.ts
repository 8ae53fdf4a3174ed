/**
 * Navigation tree and surround from page records. Pure.
 */
import type { DirConfig, NavNode, PageRecord, Surround } from './types';
import { compareStems, parentRoute, routeOf, stemOf, stripPrefix } from './paths';

/** A folder's config keyed by its route (`/rules`), with its stem for ordering. */
export interface FolderInfo {
  route: string;
  stem: string;
  config: DirConfig;
}

/**
 * Builds the tree: one node per folder and per page that is not hidden
 * (`navigation: false`), partial or draft, in stem order. A folder's node is
 * its index page when it has one.
 */
export function buildNavigation(records: PageRecord[], folders: FolderInfo[]): NavNode[] {
  const visible = records.filter((r) => r._type === 'markdown' && !r.partial && !r.draft && r.navigation !== false);
  const nodes = new Map<string, NavNode>();
  const root: NavNode = { title: '', _path: '/', stem: '', page: false, children: [] };
  nodes.set('/', root);

  const folderByRoute = new Map(folders.map((f) => [f.route, f]));
  const hiddenFolders = new Set(folders.filter((f) => f.config.navigation === false).map((f) => f.route));
  const isHidden = (path: string): boolean => {
    for (let p = path; p !== '/'; p = parentRoute(p)) if (hiddenFolders.has(p)) return true;
    return false;
  };

  const ensureFolder = (route: string, stemHint?: string): NavNode => {
    const existing = nodes.get(route);
    if (existing) return existing;
    const info = folderByRoute.get(route);
    const nav = info?.config.navigation;
    const node: NavNode = {
      title: (nav && nav.title) || info?.config.title || titleFromSegment(route),
      _path: route,
      stem: info?.stem ?? stemHint ?? route.slice(1),
      page: false,
      children: [],
    };
    const layout = (nav && nav.layout) || info?.config.layout;
    if (layout) node.layout = layout;
    if (nav && nav.redirect) node.redirect = nav.redirect;
    nodes.set(route, node);
    ensureFolder(parentRoute(route), stemHint ? parentStem(stemHint) : undefined).children!.push(node);
    return node;
  };

  for (const folder of folders) if (folder.route !== '/' && !isHidden(folder.route)) ensureFolder(folder.route);

  for (const record of visible) {
    if (isHidden(record._path)) continue;
    const isIndex = /(^|\/)(\d+\.)?index$/.test(record.stem);
    const navTitle = typeof record.navigation === 'object' ? record.navigation.title : undefined;
    const navLayout = typeof record.navigation === 'object' ? record.navigation.layout : undefined;
    if (isIndex && record._path !== '/') {
      const folder = ensureFolder(record._path, parentStem(record.stem));
      folder.page = true;
      if (!folderByRoute.get(record._path)?.config.title && !navTitle) folder.title = record.title;
      if (navTitle) folder.title = navTitle;
      if (navLayout) folder.layout = navLayout;
      continue;
    }
    const node: NavNode = { title: navTitle || record.title, _path: record._path, stem: record.stem, page: true };
    if (navLayout) node.layout = navLayout;
    if (record.redirect) node.redirect = record.redirect;
    if (record._path !== '/') nodes.set(record._path, node);
    ensureFolder(parentRoute(record._path), parentStem(record.stem)).children!.push(node);
  }

  sortTree(root);
  return root.children!;
}

function parentStem(stem: string): string {
  const i = stem.lastIndexOf('/');
  return i < 0 ? '' : stem.slice(0, i);
}

function sortTree(node: NavNode): void {
  if (!node.children) return;
  node.children.sort((a, b) => compareStems(a.stem, b.stem));
  for (const child of node.children) sortTree(child);
}

function titleFromSegment(route: string): string {
  const seg = stripPrefix(route.split('/').pop() ?? '');
  return seg.replace(/-/g, ' ').replace(/^\w/, (c) => c.toUpperCase());
}

/** Pages in reading order: a depth-first walk of the tree. */
export function flattenNavigation(tree: NavNode[]): NavNode[] {
  const out: NavNode[] = [];
  const walk = (nodes: NavNode[]) => {
    for (const n of nodes) {
      if (n.page) out.push(n);
      if (n.children) walk(n.children);
    }
  };
  walk(tree);
  return out;
}

/** Previous and next page of every page in the tree, keyed by path. */
export function surroundAll(tree: NavNode[]): Map<string, Surround> {
  const flat = flattenNavigation(tree);
  const result = new Map<string, Surround>();
  flat.forEach((node, i) => {
    const prev = flat[i - 1];
    const next = flat[i + 1];
    result.set(node._path, {
      prev: prev ? { title: prev.title, _path: prev._path } : null,
      next: next ? { title: next.title, _path: next._path } : null,
    });
  });
  return result;
}

/** The chain of nodes from the top of the tree down to `path` (empty when absent). */
export function trail(tree: NavNode[], path: string): NavNode[] {
  for (const node of tree) {
    if (node._path === path) return [node];
    if (node.children && (path.startsWith(node._path + '/') || node._path === '/')) {
      const rest = trail(node.children, path);
      if (rest.length) return [node, ...rest];
    }
  }
  return [];
}

/** Folder route and stem for a `_dir.yml` file path relative to content/. */
export function folderOf(dirFile: string): { route: string; stem: string } {
  const dir = dirFile.replace(/(^|\/)_dir\.ya?ml$/, '');
  return { route: dir ? routeOf(stemOf(dir)) : '/', stem: dir };
}

/** Entries one level of a page's sidebar shows at most (the rules section has 10). */
export const SIDEBAR_LEVEL_MAX = 15;

/** One level of the sidebar as a page shows it: the entries, and how many are left out. */
export interface SidebarLevel {
  nodes: NavNode[];
  hidden: number;
}

/**
 * A level of at most `max` entries shows whole; a longer one shows `max`
 * entries around the one on the way to the page (or its first `max`), and
 * counts the rest, which the site index lists. So a page's sidebar stays the
 * same size however large its section grows: a 2,000-page section's 80
 * folders were 13 KB of every one of its pages' HTML (a quarter of a
 * 20,000-page site's output).
 * @param onTrail whether an entry is the page or a folder on the way to it
 */
export function sidebarLevel(nodes: NavNode[], onTrail: (node: NavNode) => boolean, max = SIDEBAR_LEVEL_MAX): SidebarLevel {
  if (nodes.length <= max) return { nodes, hidden: 0 };
  const at = Math.max(0, nodes.findIndex(onTrail));
  const start = Math.min(Math.max(0, at - Math.floor(max / 2)), nodes.length - max);
  return { nodes: nodes.slice(start, start + max), hidden: nodes.length - max };
}

/**
 * Where a folder's link in the sidebar goes: its own page, or else its first
 * page (depth first), since a folder without an `index.md` has no page of
 * its own to open.
 */
export function folderHref(folder: NavNode): string {
  if (folder.page) return folder._path;
  for (const child of folder.children ?? []) {
    const href = child.page ? child._path : child.children ? folderHref(child) : null;
    if (href) return href;
  }
  return folder._path;
}
