/**
 * Which layout a page gets (SPEC §2 "Layouts"), in exactly this order:
 * 1. the layout named on the page;
 * 2. the layout on the route metadata;
 * 3. the layout of the nearest navigation node (the page or an ancestor) that sets one;
 * 4. the first configured fallback whose pattern matches the path;
 * 5. `default`.
 */
import type { NavNode } from './types';
import { matchesPattern } from '../config/routes';
import { trail } from './navigation';

export interface LayoutInputs {
  path: string;
  pageLayout?: string;
  routeLayout?: string;
  navigation?: NavNode[];
  fallbacks?: { pattern: string; layout: string }[];
}

export function resolveLayout({ path, pageLayout, routeLayout, navigation, fallbacks }: LayoutInputs): string {
  if (pageLayout) return pageLayout;
  if (routeLayout) return routeLayout;
  const fromNav = navigation ? layoutFromNavigation(navigation, path) : undefined;
  if (fromNav) return fromNav;
  const fallback = fallbacks?.find((f) => matchesPattern(f.pattern, path));
  if (fallback) return fallback.layout;
  return 'default';
}

/** The layout of the deepest node on the way to `path` that sets one. */
export function layoutFromNavigation(navigation: NavNode[], path: string): string | undefined {
  const chain = trail(navigation, path);
  for (let i = chain.length - 1; i >= 0; i--) if (chain[i]!.layout) return chain[i]!.layout;
  return undefined;
}
