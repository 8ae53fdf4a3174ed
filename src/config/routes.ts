/**
 * The route table: every route's metadata in one place (SPEC §2).
 * Patterns: an exact path, or a prefix ending in `/**`.
 */
import { EDITORS } from './editors';

/** Catch-all validation: lower-case segments of letters, digits and hyphens (the content pipeline checks paths with it too). */
export function isValidContentPath(path: string): boolean {
  return path === '/' || /^(\/[a-z0-9-]+)+$/.test(path);
}

export type ColorMode = 'dark' | 'light';

export interface RouteMeta {
  pattern: string;
  title?: string;
  layout?: string;
  /** A forced colour mode; absent = the reader's choice. */
  colorMode?: ColorMode;
  /** false hides the right drawer (table of contents). */
  rightDrawer?: boolean;
  /** false: the route never loads a content page (SPEC §2, DECISIONS.md). */
  documentDriven?: boolean;
  /** Route guards by name; each must be a known guard. */
  middleware?: string[];
  /** A failing check renders the 404 page ('Page Not Found: {path}'). */
  validate?: (path: string) => boolean;
  /** A placeholder route that sends the reader on. */
  redirect?: string;
}

/** Guards the app knows. A name not listed here fails the build. */
export const KNOWN_GUARDS = ['auth'] as const;

export { EDITORS };

export const routes: RouteMeta[] = [
  { pattern: '/', title: 'Nucleus', layout: 'full', colorMode: 'dark' },
  { pattern: '/login', title: 'Sign in', layout: 'full', colorMode: 'dark', documentDriven: false },
  // The search of a reader without JavaScript (src/pages/site-index.astro): built from the navigation, no record of its own.
  { pattern: '/site-index', title: 'Site index', layout: 'full', documentDriven: false },
  ...EDITORS.map((e) => ({
    pattern: `/nucleus/${e.slug}`,
    title: e.title,
    colorMode: 'dark' as const,
    rightDrawer: false,
    documentDriven: false,
  })),
  // No guard: the library is this device's documents; only its cloud panel asks to sign in.
  { pattern: '/nucleus/library', title: 'My library', documentDriven: false, rightDrawer: false },
  { pattern: '/nucleus/campaign', title: 'Campaigns', documentDriven: false, rightDrawer: false, middleware: ['auth'] },
  // Not guarded: a signed-out reader's link is kept while they sign in (the guard's redirect drops the fragment).
  { pattern: '/nucleus/join', title: 'Join a campaign', documentDriven: false, rightDrawer: false },
  { pattern: '/nucleus', title: 'Editors', documentDriven: false, rightDrawer: false },
  { pattern: '/editor', title: 'Editors', documentDriven: false, redirect: '/nucleus' },
  { pattern: '/creatureeditor', title: 'Creature editor', documentDriven: false, redirect: '/nucleus/CreatureEditor' },
  // Content pages name no layout here, so that the page, the navigation tree and
  // the fallbacks get their say before `default` (resolveLayout's order).
  { pattern: '/galacticguide/**', validate: isValidContentPath },
  { pattern: '/**', validate: isValidContentPath },
];

export function matchesPattern(pattern: string, path: string): boolean {
  if (pattern.endsWith('/**')) {
    const prefix = pattern.slice(0, -3);
    return path === (prefix || '/') || path.startsWith(prefix + '/');
  }
  return pattern === path;
}

/** The metadata of the first route whose pattern matches `path`. */
export function routeFor(path: string): RouteMeta {
  return routes.find((r) => matchesPattern(r.pattern, path)) ?? { pattern: '/**' };
}

/** Throws when a route or page names a guard the app does not know. */
export function assertKnownGuards(names: readonly string[] | undefined, where: string): void {
  for (const name of names ?? []) {
    if (!(KNOWN_GUARDS as readonly string[]).includes(name)) {
      throw new Error(`${where}: unknown route guard '${name}' (known guards: ${KNOWN_GUARDS.join(', ')})`);
    }
  }
}

export function validateRouteTable(table: RouteMeta[] = routes): void {
  for (const route of table) assertKnownGuards(route.middleware, `route table, route '${route.pattern}'`);
}
