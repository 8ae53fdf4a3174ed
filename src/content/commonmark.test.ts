/**
 * The CommonMark spec's own examples (the `commonmark-spec` package, 0.31.2)
 * run through `parseMarkdown` and `renderBody`: what an author writes renders
 * as CommonMark says, apart from the deliberate differences listed below.
 *
 * Examples with raw HTML are left out: the site refuses raw HTML on purpose
 * (markdown.ts), so those examples say nothing about it. HTML is compared
 * after normalising what a browser does not show (whitespace between tags,
 * entity spelling, attribute quoting).
 *
 * The list stays true both ways: an example not on it must render as the spec
 * says, and an example on it must still differ (take it off when it passes).
 * Where the difference is something the site adds, `undo` takes the addition
 * out again and the rest must then match, so nothing else hides behind it.
 */
import { createRequire } from 'node:module';
import { describe, it, expect } from 'vitest';
import { unified } from 'unified';
import remarkParse from 'remark-parse';
import remarkGfm from 'remark-gfm';
import remarkDirective from 'remark-directive';
import { fromHtml } from 'hast-util-from-html';
import { toHtml } from 'hast-util-to-html';
import type { Nodes as HastNodes, Parents as HastParents } from 'hast';
import { parseMarkdown } from './markdown';
import { renderBody } from './render';

interface SpecExample {
  markdown: string;
  html: string;
  section: string;
  number: number;
}

interface Difference {
  why: string;
  examples: number[];
  /** Takes the site's addition out of our HTML, when the difference is one. */
  undo?: (html: string) => string;
}

/** The deliberate differences from CommonMark, each with its reason and the examples it covers. */
const DIFFERENCES: Record<string, Difference> = {
  'heading ids and anchors': {
    why: 'every heading gets an id and a "#" link to itself, so it can be linked to and listed in the table of contents',
    examples: [
      10, 59, 62, 66, 67, 68, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 86, 89, 90, 91, 95, 96, 102, 103,
      115, 141, 214, 215, 227, 228, 229, 230, 232, 300, 646, 647,
    ],
    undo: (html) => html.replace(/<a class="heading-anchor"[^>]*>#<\/a>/g, '').replace(/(<h[1-6]) id="[^"]*"/g, '$1'),
  },
  'data-language on code blocks': {
    why: "the site puts a fenced block's language on its <pre> too, as a styling hook (nothing reads it yet)",
    examples: [24, 34, 142, 143, 144, 146],
    undo: (html) => html.replace(/ data-language="[^"]*"/g, ''),
  },
  'rel="noopener" on external links': {
    why: 'the site marks every link to another site rel="noopener" (render.ts)',
    examples: [20, 346, 480, 481, 501, 526, 538, 594, 595, 600, 602, 603, 608, 611],
    undo: (html) => html.replace(/ rel="noopener"/g, ''),
  },
  'link targets content may not use': {
    why: 'a link may lead only to a site path, an http: or https: URL or mailto: (linkTargets.ts); any other scheme (irc:, made-up ones, "localhost:") renders as "#", and check:content names it',
    examples: [500, 596, 598, 599, 601],
  },
  'GFM autolink literals': {
    why: 'the site reads GitHub-flavoured Markdown (remark-gfm), where a bare address or e-mail in text is a link',
    examples: [602, 606, 608, 611, 612],
  },
};

const require = createRequire(import.meta.url);
const { tests } = require('commonmark-spec') as { tests: SpecExample[] };

// The spec shows tabs as "→"; its own test runner puts the tabs back.
const examples = tests.map((t) => ({ ...t, markdown: t.markdown.replace(/→/g, '\t'), html: t.html.replace(/→/g, '\t') }));

const mdast = unified().use(remarkParse).use(remarkGfm).use(remarkDirective);

function hasRawHtml(node: { type: string; children?: unknown[] }): boolean {
  return node.type === 'html' || (node.children ?? []).some((c) => hasRawHtml(c as typeof node));
}

const BLOCK = new Set('address aside blockquote div h1 h2 h3 h4 h5 h6 hr li ol p pre section table tbody td th thead tr ul'.split(' '));

function isBlock(node: HastNodes | undefined): boolean {
  return node?.type === 'element' && BLOCK.has(node.tagName);
}

/**
 * HTML as a browser shows it: runs of whitespace are one space, whitespace
 * next to a block's edge or right after a <br> is dropped (outside <pre>), and
 * entities and attributes are spelled one way.
 */
function normaliseHtml(html: string): string {
  const tree = fromHtml(html, { fragment: true });
  const walk = (parent: HastParents, inPre: boolean) => {
    const pre = inPre || (parent.type === 'element' && parent.tagName === 'pre');
    const blockEdge = parent.type === 'root' || isBlock(parent as HastNodes);
    parent.children.forEach((child, i) => {
      if (child.type === 'text' && !pre) {
        const before = parent.children[i - 1];
        const after = parent.children[i + 1];
        let value = child.value.replace(/\s+/g, ' ');
        if (before ? isBlock(before) || (before.type === 'element' && before.tagName === 'br') : blockEdge) value = value.replace(/^ /, '');
        if (after ? isBlock(after) : blockEdge) value = value.replace(/ $/, '');
        child.value = value;
      }
      if ('children' in child) walk(child, pre);
    });
    parent.children = parent.children.filter((c) => !(c.type === 'text' && c.value === '')) as typeof parent.children;
  };
  walk(tree, false);
  return toHtml(tree);
}

const withoutHtml = examples.filter((e) => !hasRawHtml(mdast.parse(e.markdown)));

describe('CommonMark spec examples', () => {
  it('the list of differences names only examples this test runs', () => {
    const run = new Set(withoutHtml.map((e) => e.number));
    const listed = Object.values(DIFFERENCES).flatMap((d) => d.examples);
    expect(listed.filter((n) => !run.has(n))).toEqual([]);
    expect(withoutHtml.length).toBe(580);
  });

  for (const example of withoutHtml) {
    const differences = Object.entries(DIFFERENCES).filter(([, d]) => d.examples.includes(example.number));
    const name = `example ${example.number} (${example.section})${differences.length ? `, differs: ${differences.map(([k]) => k).join('; ')}` : ''}`;
    it(name, () => {
      const ours = normaliseHtml(renderBody(parseMarkdown(example.markdown).body));
      const expected = normaliseHtml(example.html);
      if (differences.length === 0) {
        expect(ours, `Markdown: ${JSON.stringify(example.markdown)}`).toBe(expected);
        return;
      }
      expect(ours, 'listed as a difference but renders as the spec says: take it off the list').not.toBe(expected);
      if (differences.every(([, d]) => d.undo)) {
        const undone = differences.reduce((html, [, d]) => d.undo!(html), renderBody(parseMarkdown(example.markdown).body));
        expect(normaliseHtml(undone), 'differs by more than what the list says').toBe(expected);
      }
    });
  }
});
