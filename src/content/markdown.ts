/**
 * Markdown → body tree. Pure: runs in the build, the browser and tests alike.
 *
 * The body tree is a small JSON form of HTML (`{type:'element', tag, props,
 * children}`), so it can be stored in the database, sent by the API and
 * rendered again anywhere with `renderBody`.
 */
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import GithubSlugger from 'github-slugger';
import { toString } from 'mdast-util-to-string';
import { definitions } from 'mdast-util-definitions';
import type { Nodes, Root, RootContent, PhrasingContent, List, ListItem, Paragraph, TableRow } from 'mdast';
import type {} from 'mdast-util-directive';
import type { Body, BodyElement, BodyNode, TocEntry } from './types';
import { CALLOUTS, COMPONENTS } from './components';
import { imageElement, linkElement, type LinkContext } from './markdownLinks';
import { ALSO_CALLED, isAlsoCalled, splitAliases } from './glossary';

/** A link or image found in a page, with the line it stands on. */
export interface FoundLink {
  url: string;
  line: number;
  kind: 'link' | 'image' | 'definition';
}

/** An embedded component (`::tree-chart{tree="medic"}`) and the line it stands on, for checking its attributes. */
export interface FoundComponent {
  name: string;
  attributes: Record<string, string>;
  line: number;
}

export interface FoundProblem {
  line: number;
  reason: string;
}

export interface ParsedMarkdown {
  body: Body;
  excerpt?: Body;
  /** Text of the first h1, when the page has one. */
  h1?: string;
  links: FoundLink[];
  components: FoundComponent[];
  problems: FoundProblem[];
  /** Plain text of the page (for search), headings included. */
  text: string;
}

const processor = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);

const MORE = /^<!--\s*more\s*-->$/;

/**
 * Parse Markdown (without frontmatter). `lineOffset` is added to every line
 * reported, so errors point at the line of the original file.
 */
export function parseMarkdown(source: string, lineOffset = 0): ParsedMarkdown {
  const tree = processor.parse(source) as Root;
  const ctx: Ctx = {
    slugger: new GithubSlugger(),
    toc: [],
    links: [],
    components: [],
    problems: [],
    footnotes: [],
    lineOffset,
    definition: definitions(tree),
    source,
  };

  let h1: string | undefined;
  let moreIndex = -1;
  tree.children.forEach((node, i) => {
    if (node.type === 'html' && MORE.test(node.value.trim()) && moreIndex < 0) moreIndex = i;
    if (node.type === 'heading' && node.depth === 1 && h1 === undefined) h1 = toString(node);
  });

  const children = convertAll(tree.children, ctx);
  if (ctx.footnotes.length > 0) children.push(footnoteSection(ctx));
  const body: Body = { type: 'root', children, toc: ctx.toc };

  let excerpt: Body | undefined;
  if (moreIndex >= 0) {
    const exCtx: Ctx = { ...ctx, slugger: new GithubSlugger(), toc: [], links: [], components: [], problems: [], footnotes: [] };
    excerpt = { type: 'root', children: convertAll(tree.children.slice(0, moreIndex), exCtx), toc: exCtx.toc };
  }

  return { body, excerpt, h1, links: ctx.links, components: ctx.components, problems: ctx.problems, text: toString(tree) };
}

/**
 * A glossary row (a table with an "Also called" column, glossary.ts) whose
 * aliases cell is empty: search could not find the term from a reader's
 * plain words, so the row is refused at its line.
 */
function reportRowsWithoutAliases(head: TableRow | undefined, rows: TableRow[], ctx: Ctx): void {
  const column = head ? head.children.findIndex((cell) => isAlsoCalled(toString(cell))) : -1;
  if (column < 0) return;
  if (column === 0) {
    ctx.problems.push({ line: lineOf(head!, ctx), reason: `the "${ALSO_CALLED}" column cannot be a glossary table's first: the first column names the term` });
    return;
  }
  for (const row of rows) {
    const cell = row.children[column];
    if (cell && splitAliases(toString(cell)).length > 0) continue;
    const term = toString(row.children[0] ?? row).trim() || 'without a term';
    ctx.problems.push({
      line: lineOf(row, ctx),
      reason: `the glossary row "${term}" has no aliases: write in its "${ALSO_CALLED}" cell the plain words a reader would search for it, separated by commas`,
    });
  }
}

interface Ctx extends LinkContext {
  /** The Markdown being converted, to read an image's label as written. */
  source: string;
  slugger: GithubSlugger;
  toc: TocEntry[];
  links: FoundLink[];
  components: FoundComponent[];
  problems: FoundProblem[];
  footnotes: { id: string; children: BodyNode[] }[];
}

function el(tag: string, children: BodyNode[], props?: BodyElement['props']): BodyElement {
  return props ? { type: 'element', tag, props, children } : { type: 'element', tag, children };
}

function lineOf(node: Nodes, ctx: Ctx): number {
  return (node.position?.start.line ?? 1) + ctx.lineOffset;
}

function convertAll(nodes: (RootContent | PhrasingContent)[], ctx: Ctx): BodyNode[] {
  const out: BodyNode[] = [];
  for (const node of nodes) {
    const converted = convert(node, ctx);
    if (converted) out.push(converted);
  }
  return out;
}

function convert(node: RootContent | PhrasingContent, ctx: Ctx): BodyNode | null {
  switch (node.type) {
    case 'text':
      return { type: 'text', value: node.value };
    case 'paragraph':
      reportBrokenDirectives(node, ctx);
      return el('p', convertAll(node.children, ctx));
    case 'heading': {
      const text = toString(node);
      const id = ctx.slugger.slug(text);
      if (node.depth === 2 || node.depth === 3) ctx.toc.push({ id, depth: node.depth, text });
      return el(`h${node.depth}`, convertAll(node.children, ctx), { id });
    }
    case 'emphasis':
      return el('em', convertAll(node.children, ctx));
    case 'strong':
      return el('strong', convertAll(node.children, ctx));
    case 'delete':
      return el('del', convertAll(node.children, ctx));
    case 'inlineCode':
      return el('code', [{ type: 'text', value: node.value }]);
    case 'code': {
      // As CommonMark: a block's last line ends with a line break like the others.
      const value = node.value ? `${node.value}\n` : '';
      const props = node.lang ? { className: [`language-${node.lang}`] } : undefined;
      return el('pre', [el('code', [{ type: 'text', value }], props)], node.lang ? { 'data-language': node.lang } : undefined);
    }
    case 'blockquote':
      return el('blockquote', convertAll(node.children, ctx));
    case 'list':
      return convertList(node, ctx);
    case 'thematicBreak':
      return el('hr', []);
    case 'break':
      return el('br', []);
    case 'link':
    case 'linkReference':
      return linkElement(node, convertAll(node.children, ctx), ctx);
    case 'image':
    case 'imageReference':
      reportLabelHtml(imageLabel(node, ctx), node, 'an image description', ctx);
      return imageElement(node, ctx);
    case 'definition':
      // `[name]: url` renders nothing itself; its target is checked like a link's, used or not.
      ctx.links.push({ url: node.url, line: lineOf(node, ctx), kind: 'definition' });
      return null;
    case 'table': {
      const align = node.align ?? [];
      const [head, ...rows] = node.children;
      const cells = (row: typeof head, tag: 'th' | 'td') =>
        row.children.map((cell, i) =>
          el(tag, convertAll(cell.children, ctx), align[i] ? { align: align[i]! } : undefined),
        );
      reportRowsWithoutAliases(head, rows, ctx);
      const thead = el('thead', head ? [el('tr', cells(head, 'th'))] : []);
      const tbody = el('tbody', rows.map((r) => el('tr', cells(r, 'td'))));
      return el('table', rows.length ? [thead, tbody] : [thead]);
    }
    case 'html':
      // Raw HTML is not rendered (content stays safe to render anywhere); a
      // `<!-- more -->` marker or other comment simply disappears.
      if (isOnlyComments(node.value)) return null;
      ctx.problems.push({ line: lineOf(node, ctx), reason: `raw HTML is not allowed in content (${truncate(withoutComments(node.value))}); use Markdown or a directive` });
      return null;
    case 'footnoteReference': {
      const id = footnoteId(node.identifier);
      return el('sup', [el('a', [{ type: 'text', value: node.label ?? node.identifier }], { href: `#fn-${id}`, id: `fnref-${id}` })]);
    }
    case 'footnoteDefinition': {
      ctx.footnotes.push({ id: footnoteId(node.identifier), children: convertAll(node.children, ctx) });
      return null;
    }
    case 'containerDirective': {
      if (!(CALLOUTS as readonly string[]).includes(node.name)) {
        ctx.problems.push({ line: lineOf(node, ctx), reason: `unknown callout ':::${node.name}' (known: ${CALLOUTS.join(', ')})` });
        return null;
      }
      const [first, ...rest] = node.children;
      let title: string | undefined;
      let kids = node.children;
      if (first && first.type === 'paragraph' && (first.data as { directiveLabel?: boolean } | undefined)?.directiveLabel) {
        reportLabelHtml(first.children, first, 'a callout label', ctx);
        title = toString(first);
        kids = rest;
      }
      return el('callout', convertAll(kids, ctx), { kind: node.name, ...(title ? { title } : {}) });
    }
    case 'leafDirective': {
      if (!(COMPONENTS as readonly string[]).includes(node.name)) {
        ctx.problems.push({ line: lineOf(node, ctx), reason: `unknown component '::${node.name}' (known: ${COMPONENTS.join(', ')})` });
        return null;
      }
      reportLabelHtml(node.children, node, 'a component label', ctx);
      const props: Record<string, string> = {};
      for (const [k, v] of Object.entries(node.attributes ?? {})) if (v != null) props[k] = v;
      ctx.components.push({ name: node.name, attributes: props, line: lineOf(node, ctx) });
      return el(node.name, [], props);
    }
    case 'textDirective':
      // `word:thing` in prose is not meant as a directive: keep the text.
      reportLabelHtml(node.children, node, 'a text label', ctx);
      return { type: 'text', value: `:${node.name}${toString(node) ? `[${toString(node)}]` : ''}` };
    default:
      return null;
  }
}

/** A line that begins like a component or callout (`::name`, `:::name`), as a writer means one. */
const DIRECTIVE_START = /^ {0,3}(:{2,}[A-Za-z][\w-]*)/;

/**
 * A line of a paragraph that starts a directive did not parse as one (an
 * unclosed brace or quote, a `\"` inside a value, text after the closing
 * brace): the page would show the raw line. Reported with its line, so the
 * build refuses it as it refuses an unknown component.
 */
function reportBrokenDirectives(node: Paragraph, ctx: Ctx): void {
  const { start, end } = node.position ?? {};
  if (start?.offset == null || end?.offset == null) return;
  ctx.source
    .slice(start.offset, end.offset)
    .split('\n')
    .forEach((text, i) => {
      const opening = DIRECTIVE_START.exec(text)?.[1];
      if (!opening) return;
      ctx.problems.push({
        line: start.line + i + ctx.lineOffset,
        reason: `'${truncate(text.trim())}' starts a directive but does not parse as one: write ${opening}{name="value"} on one line, with each value in straight double quotes (a quote inside a value as &quot;) and nothing after the closing brace`,
      });
    });
}

/**
 * A list as CommonMark renders it: in a tight list (no blank line between or
 * inside its items) an item's paragraphs are bare text, in a loose list each
 * stays a <p>. One loose item makes the whole list loose.
 */
function convertList(node: List, ctx: Ctx): BodyElement {
  const props: BodyElement['props'] = {};
  if (node.ordered && node.start != null && node.start !== 1) props.start = node.start;
  const loose = Boolean(node.spread) || node.children.some(isLooseItem);
  const items = node.children.map((item) => {
    const kids = loose
      ? convertAll(item.children, ctx)
      : convertAll(item.children.flatMap((c): (RootContent | PhrasingContent)[] => (c.type === 'paragraph' ? c.children : [c])), ctx);
    if (typeof item.checked !== 'boolean') return el('li', kids);
    const box = el('input', [], { type: 'checkbox', checked: item.checked, disabled: true });
    const first = kids[0];
    if (first?.type === 'element' && first.tag === 'p') first.children.unshift(box);
    else kids.unshift(box);
    return el('li', kids, { className: ['task-list-item'] });
  });
  return el(node.ordered ? 'ol' : 'ul', items, Object.keys(props).length ? props : undefined);
}

function isLooseItem(item: ListItem): boolean {
  return item.spread ?? item.children.length > 1;
}

function footnoteSection(ctx: Ctx): BodyElement {
  return el(
    'section',
    [
      el('ol', ctx.footnotes.map((f) => el('li', [...f.children, el('a', [{ type: 'text', value: '↩' }], { href: `#fnref-${f.id}`, 'aria-label': 'Back to reference' })], { id: `fn-${f.id}` }))),
    ],
    { className: ['footnotes'], 'aria-label': 'Footnotes' },
  );
}

function footnoteId(identifier: string): string {
  return identifier.toLowerCase().replace(/[^a-z0-9-]+/g, '-');
}

/** CommonMark's comments: `<!-- … -->`, and the empty `<!-->` and `<!--->`. */
const COMMENT = /<!--(?:-?>|[\s\S]*?-->)/g;

function withoutComments(html: string): string {
  return html.replace(COMMENT, '');
}

/** An HTML node holding comments and nothing else (`<!-- a --><b>x</b><!-- b -->` holds a `<b>`). */
function isOnlyComments(html: string): boolean {
  return withoutComments(html).trim() === '';
}

/**
 * Raw HTML in a label that is rendered as plain text (a callout's title, a
 * component's or a text directive's label, an image's description): the
 * renderer escapes it, so the reader would see the tags. Reported like raw
 * HTML anywhere else.
 */
function reportLabelHtml(label: readonly Nodes[], owner: Nodes, where: string, ctx: Ctx): void {
  const found: string[] = [];
  const walk = (nodes: readonly Nodes[]) => {
    for (const n of nodes) {
      if (n.type === 'html') found.push(n.value); // comments too: a label is text, so they would show
      else if ('children' in n) walk(n.children as Nodes[]);
    }
  };
  walk(label);
  if (found.length) ctx.problems.push({ line: lineOf(owner, ctx), reason: `raw HTML is not allowed in ${where} (${truncate(found.join(''))}); it would show as text` });
}

/** An image's description as written (`![*this*](…)`), parsed: its `alt` has lost the markup. */
function imageLabel(node: Nodes, ctx: Ctx): Nodes[] {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return [];
  const written = /^!\[([\s\S]*?)\](?:[([]|$)/.exec(ctx.source.slice(start, end))?.[1];
  return written && written.includes('<') ? (processor.parse(written) as Root).children : [];
}

function truncate(s: string): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > 40 ? `${one.slice(0, 40)}…` : one;
}
