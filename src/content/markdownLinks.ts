/**
 * Links and images of a page → body tree, as CommonMark says: a reference
 * (`[text][label]`, `[label]`, `![alt][label]`) takes the address and title of
 * the page's `[label]: /url "title"` definition, and an address is written into
 * HTML percent-encoded (`/my uri` → `/my%20uri`, `a\b` → `a%5Cb`).
 *
 * Which addresses are safe to render (never `javascript:`, `data:`,
 * `vbscript:`) is decided where the HTML is written (render.ts); here the
 * addresses are only resolved, encoded and listed in `links` for checking.
 */
import { normalizeUri } from 'micromark-util-sanitize-uri';
import type { GetDefinition } from 'mdast-util-definitions';
import type { Definition, Image, ImageReference, Link, LinkReference } from 'mdast';
import type { BodyElement, BodyNode } from './types';
import type { FoundLink } from './markdown';

/** What link conversion needs from the page being converted. */
export interface LinkContext {
  /** Every link and image address of the page, with its line, for the content checks. */
  links: FoundLink[];
  lineOffset: number;
  /** The page's definitions by label; labels match as CommonMark says (case and spacing folded). */
  definition: GetDefinition;
}

/** An address as it goes into `href`/`src`: percent-encoded, `%XX` already there kept. */
function encodeAddress(url: string): string {
  return normalizeUri(url);
}

/** `[text](url)` or `[text][label]` → `<a>`; a reference with no definition stays the text written. */
export function linkElement(node: Link | LinkReference, children: BodyNode[], ctx: LinkContext): BodyNode {
  const target = targetOf(node, 'link', ctx);
  if (!target) return { type: 'text', value: `[${textOf(children)}]${labelSuffix(node)}` };
  const props: BodyElement['props'] = { href: encodeAddress(target.url) };
  if (target.title) props.title = target.title;
  return { type: 'element', tag: 'a', props, children };
}

/** `![alt](url)` or `![alt][label]` → `<img>`; a reference with no definition stays the text written. */
export function imageElement(node: Image | ImageReference, ctx: LinkContext): BodyNode {
  const target = targetOf(node, 'image', ctx);
  if (!target) return { type: 'text', value: `![${node.alt ?? ''}]${labelSuffix(node)}` };
  const props: BodyElement['props'] = { src: encodeAddress(target.url), alt: node.alt ?? '' };
  if (target.title) props.title = target.title;
  return { type: 'element', tag: 'img', props, children: [] };
}

/**
 * Where a link or image leads (its own address, or its definition's), listed
 * in `links` with the line the address is written on: a reference's address
 * stands on its definition's line, listed once per definition.
 */
function targetOf(node: Link | Image | LinkReference | ImageReference, kind: FoundLink['kind'], ctx: LinkContext): Link | Image | Definition | undefined {
  if (node.type === 'link' || node.type === 'image') {
    ctx.links.push({ url: node.url, line: (node.position?.start.line ?? 1) + ctx.lineOffset, kind });
    return node;
  }
  // A reference's address is listed where it is written: its definition, which lists itself (kind 'definition').
  return ctx.definition(node.identifier);
}

/** The `[label]` or `[]` after a reference's text, as written (none for `[label]` alone). */
function labelSuffix(node: Link | Image | LinkReference | ImageReference): string {
  if (node.type === 'link' || node.type === 'image') return '';
  if (node.referenceType === 'full') return `[${node.label ?? node.identifier}]`;
  return node.referenceType === 'collapsed' ? '[]' : '';
}

function textOf(nodes: BodyNode[]): string {
  return nodes.map((n) => (n.type === 'text' ? n.value : textOf(n.children))).join('');
}
