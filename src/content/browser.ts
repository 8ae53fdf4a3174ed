/**
 * The browser's surface of src/content: the pure pieces a page script or an
 * island bundles (no Node built-ins, no unified/remark, no YAML parser, no
 * module-level work). A second surface rather than the index because
 * `index.ts` also re-exports the Node pipeline (`load.ts` reads files,
 * `markdown.ts` pulls in unified), and a bundle that imports the index would
 * have to resolve all of it and trust the bundler to drop it; this file
 * keeps the page script's ~15 KB budget independent of that. Everything here
 * is also exported by `index.ts`, so build-side code needs only the index.
 * Add only modules that import nothing but each other and `src/config`,
 * `src/query`, `src/rules` pure code.
 */

/** The record types: a page's body tree, its table of contents, navigation and surround. */
export type { Body, BodyElement, BodyNode, BodyText, DirConfig, NavNode, PageRecord, Surround, TocEntry } from './types';

/** The queries a page makes (SPEC §4): the build pre-renders their answers, the browser asks the same. */
export { pageQuery, pageSummaryQuery, surroundQuery, NAVIGATION_QUERY, GLOBALS_ERROR, globalQueries } from './queries';

/** A page body to HTML, the same on the build and in preview mode. */
export { escapeHtml, renderBody, renderNode, splitBody, tableNames, type BodySegment, type RenderOptions } from './render';

/** The content components and callouts a body may hold, and their attributes. */
export {
  COMPONENTS,
  CALLOUTS,
  CALLOUT_TITLES,
  CATALOGUE_LISTS,
  COMPONENT_ATTRIBUTES,
  isComponent,
  type AttributeRule,
  type CalloutKind,
  type ComponentName,
} from './components';

/** Which link and redirect targets a page may have (no script, no unknown scheme). */
export { judgeLinkTarget, linkTargetProblem, isAllowedLinkTarget, type LinkTargetKind, type LinkTargetVerdict } from './linkTargets';
export { resolveRedirect, UnsafeRedirectError, type ResolvedRedirect } from './redirect';
