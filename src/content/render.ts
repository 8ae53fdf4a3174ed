/**
 * Body tree → HTML. Pure and dependency-free, so the pre-rendered page and a
 * page rendered in the browser from the database (preview mode) are the same.
 */
import type { Body, BodyElement, BodyNode } from './types';
import { CALLOUT_TITLES, isComponent, type CalloutKind, type ComponentName } from './components';
import { isAllowedLinkTarget } from './linkTargets';

const VOID = new Set(['br', 'hr', 'img', 'input']);

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": '#39' }[c]};`);
}

/** A piece of a page: plain HTML, or an embedded component to render in its place. */
export type BodySegment = { html: string } | { component: ComponentName; props: Record<string, string> };

/**
 * Split a body into HTML runs and the components between them. Components are
 * only allowed at the top level (they are block directives), so this is flat.
 */
export function splitBody(body: Body, options: RenderOptions = {}): BodySegment[] {
  const segments: BodySegment[] = [];
  let html = '';
  options = withTableNames(body, options);
  for (const node of body.children) {
    if (node.type === 'element' && isComponent(node.tag)) {
      if (html) segments.push({ html });
      html = '';
      segments.push({ component: node.tag, props: (node.props ?? {}) as Record<string, string> });
    } else {
      html += renderNode(node, options);
    }
  }
  if (html) segments.push({ html });
  return segments;
}

export interface RenderOptions {
  /** Prefix for root-relative links and images (the site's base path). */
  base?: string;
  /** Renders an embedded component to HTML (browser preview); default: a labelled placeholder. */
  component?: (name: ComponentName, props: Record<string, string>) => string;
  /** Each table's accessible name (set by renderBody/splitBody from the page). */
  tableNames?: Map<BodyNode, string>;
}

export function renderBody(body: Body, options: RenderOptions = {}): string {
  const named = withTableNames(body, options);
  return body.children.map((n) => renderNode(n, named)).join('');
}

function textOf(node: BodyNode): string {
  return node.type === 'text' ? node.value : node.children.map(textOf).join('');
}

/**
 * Names each table's scroll region so a screen reader's list of regions
 * tells them apart: the table's caption, else the heading above it plus
 * "table", numbered when one heading has several ("Ranges table 2").
 */
export function tableNames(body: Body): Map<BodyNode, string> {
  const names = new Map<BodyNode, string>();
  const used = new Map<string, number>();
  let heading = '';
  for (const node of body.children) {
    if (node.type !== 'element') continue;
    if (/^h[1-6]$/.test(node.tag)) heading = textOf(node).trim();
    if (node.tag !== 'table') continue;
    const caption = node.children.find((c) => c.type === 'element' && c.tag === 'caption');
    const base = (caption && textOf(caption).trim()) || (heading ? `${heading} table` : 'Table');
    const n = (used.get(base) ?? 0) + 1;
    used.set(base, n);
    names.set(node, n === 1 ? base : `${base} ${n}`);
  }
  return names;
}

function withTableNames(body: Body, options: RenderOptions): RenderOptions {
  return options.tableNames ? options : { ...options, tableNames: tableNames(body) };
}

function attrs(props: BodyElement['props'], options: RenderOptions): string {
  if (!props) return '';
  let out = '';
  for (const [key, value] of Object.entries(props)) {
    if (value === false || value == null) continue;
    const name = key === 'className' ? 'class' : key;
    if (value === true) {
      out += ` ${name}`;
      continue;
    }
    let v = Array.isArray(value) ? value.join(' ') : String(value);
    // A target content may not use (linkTargets.ts) never reaches the page, whatever record it came from.
    if ((name === 'href' || name === 'src') && !isAllowedLinkTarget(v)) v = '#';
    if ((name === 'href' || name === 'src') && options.base && v.startsWith('/') && !v.startsWith('//')) {
      v = options.base.replace(/\/$/, '') + v;
    }
    out += ` ${name}="${escapeHtml(v)}"`;
  }
  return out;
}

export function renderNode(node: BodyNode, options: RenderOptions = {}): string {
  if (node.type === 'text') return escapeHtml(node.value);
  const { tag } = node;
  if (tag === 'callout') {
    const kind = String(node.props?.kind ?? 'note') as CalloutKind;
    const title = String(node.props?.title ?? CALLOUT_TITLES[kind] ?? 'Note');
    return `<aside class="callout callout-${kind}" aria-label="${escapeHtml(title)}"><p class="callout-title">${escapeHtml(title)}</p>${node.children.map((c) => renderNode(c, options)).join('')}</aside>`;
  }
  if (isComponent(tag)) {
    const props = (node.props ?? {}) as Record<string, string>;
    return options.component
      ? options.component(tag, props)
      : `<div class="component-placeholder" data-component="${escapeHtml(tag)}">${escapeHtml(tag)}</div>`;
  }
  if (/^h[1-6]$/.test(tag) && node.props?.id) {
    const id = escapeHtml(String(node.props.id));
    const inner = node.children.map((c) => renderNode(c, options)).join('');
    // The "#" link beside it is the page script's (src/scripts/anchors.ts): not in every page's HTML.
    return `<${tag} id="${id}">${inner}</${tag}>`;
  }
  if (tag === 'table') {
    const name = options.tableNames?.get(node) ?? 'Table';
    return `<div class="table-scroll" tabindex="0" role="region" aria-label="${escapeHtml(name)}"><table>${node.children.map((c) => renderNode(c, options)).join('')}</table></div>`;
  }
  const a = attrs(tag === 'a' && isExternal(String(node.props?.href ?? '')) ? { ...node.props, rel: 'noopener' } : node.props, options);
  if (VOID.has(tag)) return `<${tag}${a}>`;
  return `<${tag}${a}>${node.children.map((c) => renderNode(c, options)).join('')}</${tag}>`;
}

function isExternal(href: string): boolean {
  return /^[a-z][a-z0-9+.-]*:\/\//i.test(href);
}
