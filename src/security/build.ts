/**
 * The build's side of the Content-Security-Policy (Node only): hashing
 * inline scripts, composing the site policy the pages carry, and checking
 * the built HTML against it, so a page with a script the policy would block
 * fails the build instead of breaking in the browser.
 */
import { createHash } from 'node:crypto';
import { parse, type DefaultTreeAdapterMap } from 'parse5';
import { sitePolicy, type Policy, type ServiceSources } from './policy';

/** What the build integration (src/integrations/security.ts) hands the pages. */
export interface BuildSecurity {
  /** Base64 SHA-256 of the inline scripts Astro itself writes (island loader, hydration directives). */
  astroScriptHashes: string[];
  /** The Firebase sources of this build's configuration. */
  services: ServiceSources;
  /** The site policy, set by the first page that rendered it (SecurityMeta.astro). */
  policy?: Policy;
}

/** Base64 SHA-256 of a script's text, as the browser hashes it (UTF-8). */
export function scriptHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

/**
 * The site policy: Astro's scripts and the site's own inline scripts
 * (`ownScripts`, the texts src/scripts/inline.ts gives the pages) by hash.
 * Computed once per build and kept in `security`.
 */
export function buildPolicy(security: BuildSecurity, ownScripts: readonly string[]): Policy {
  security.policy ??= sitePolicy([...security.astroScriptHashes, ...ownScripts.map(scriptHash)], security.services);
  return security.policy;
}

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/** `type` values a browser runs as script (a data block such as application/json is never run). */
const SCRIPT_TYPES = new Set(['', 'text/javascript', 'application/javascript', 'module', 'text/ecmascript', 'application/ecmascript']);

function isInlineScript(el: Element): boolean {
  if (el.tagName !== 'script' || el.attrs.some((a) => a.name === 'src')) return false;
  const type = el.attrs.find((a) => a.name === 'type')?.value.trim().toLowerCase() ?? '';
  return SCRIPT_TYPES.has(type);
}

/** The texts of the inline scripts of a page, in document order (parse5: the browser's HTML parsing). */
export function inlineScripts(html: string): string[] {
  const found: string[] = [];
  const visit = (node: Node): void => {
    if ('tagName' in node && isInlineScript(node)) {
      found.push(node.childNodes.map((c) => ('value' in c ? c.value : '')).join(''));
      return;
    }
    if ('childNodes' in node) for (const child of node.childNodes) visit(child);
    if ('content' in node && node.content) visit(node.content);
  };
  visit(parse(html));
  return found;
}

/** The hashes a policy allows for scripts (`'sha256-…'` sources, unquoted digests). */
export function allowedHashes(policy: Policy): Set<string> {
  const sources = policy.find(([name]) => name === 'script-src')?.[1] ?? [];
  return new Set(sources.flatMap((s) => /^'sha256-(.+)'$/.exec(s)?.[1] ?? []));
}

/**
 * Sentences naming each inline script of `html` (the page `file`) that the
 * policy would block, with the start of its text; none when all are allowed.
 */
export function blockedScripts(file: string, html: string, allowed: Set<string>): string[] {
  return inlineScripts(html)
    .filter((text) => !allowed.has(scriptHash(text)))
    .map((text) => `${file}: an inline script the Content-Security-Policy does not allow (sha256-${scriptHash(text)}), starting "${text.trim().slice(0, 60)}"`);
}
