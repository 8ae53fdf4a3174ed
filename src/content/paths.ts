/**
 * File paths → routes. Pure.
 *
 * @example stemOf('2.rules/4.combat.md') ⇒ '2.rules/4.combat'
 * @example routeOf('2.rules/4.combat') ⇒ '/rules/combat'
 * @example routeOf('2.rules/index') ⇒ '/rules'
 */

/** Strips a numeric ordering prefix from one path segment (`4.combat` → `combat`). */
export function stripPrefix(segment: string): string {
  return segment.replace(/^\d+\./, '');
}

export function stemOf(file: string): string {
  return file.replace(/\.(md|ya?ml|json)$/i, '');
}

export function routeOf(stem: string): string {
  const segments = stem.split('/').map(stripPrefix);
  if (segments[segments.length - 1] === 'index') segments.pop();
  return '/' + segments.join('/');
}

export function idOf(file: string): string {
  return 'content:' + file.split('/').join(':');
}

export function typeOf(file: string): 'markdown' | 'yaml' | 'json' {
  if (/\.md$/i.test(file)) return 'markdown';
  if (/\.json$/i.test(file)) return 'json';
  return 'yaml';
}

/** The folder route a path lives in (`/rules/combat` → `/rules`, `/rules` → `/`). */
export function parentRoute(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

/**
 * Stems compare segment by segment, numerically, a folder's index first
 * (DECISIONS.md "Content records"): the query engine's default order, so
 * listings, surround and navigation share one order.
 */
export { compareStems } from '../query/sort';

/** The route table owns the rule (src/config/routes.ts); the content pipeline checks paths with it. */
export { isValidContentPath } from '../config/routes';
