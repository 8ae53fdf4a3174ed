import { describe, it, expect } from 'vitest';
import fc from 'fast-check';
import { readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseMarkdown } from './markdown';
import { renderBody, splitBody } from './render';

// Fixture folders: input.md → expected.json (body, excerpt, toc, links and the
// rendered HTML). Add a case by adding a folder and writing its expected.json
// with UPDATE=1 (which rewrites them all); a case without one fails.
const root = join(import.meta.dirname, '__fixtures__', 'markdown');

describe('parseMarkdown fixtures', () => {
  for (const name of readdirSync(root).sort()) {
    it(`parses ${name}`, () => {
      const input = readFileSync(join(root, name, 'input.md'), 'utf8');
      const parsed = parseMarkdown(input);
      const actual = {
        h1: parsed.h1 ?? null,
        toc: parsed.body.toc,
        links: parsed.links,
        problems: parsed.problems,
        html: renderBody(parsed.body),
        excerpt: parsed.excerpt ? renderBody(parsed.excerpt) : null,
        body: parsed.body.children,
      };
      const file = join(root, name, 'expected.json');
      // A new case fails until its expected output is written on purpose (UPDATE=1) and read.
      if (process.env.UPDATE === '1') writeFileSync(file, JSON.stringify(actual, null, 2) + '\n');
      else if (!existsSync(file)) throw new Error(`${name} has no expected.json: run UPDATE=1 npx vitest run src/content/markdown.test.ts, then read what it wrote`);
      expect(actual).toEqual(JSON.parse(readFileSync(file, 'utf8')));
    });
  }
});

describe('parseMarkdown', () => {
  it('gives repeated headings distinct ids', () => {
    const { body } = parseMarkdown('## Same\n\n## Same\n');
    expect(body.toc.map((t) => t.id)).toEqual(['same', 'same-1']);
  });

  it('reports lines shifted by the frontmatter offset', () => {
    const { links, problems } = parseMarkdown('\n[a](/x)\n\n::nope\n', 4);
    expect(links[0]).toMatchObject({ url: '/x', line: 6 });
    expect(problems[0]).toMatchObject({ line: 8 });
    expect(problems[0]!.reason).toContain("unknown component '::nope'");
  });

  it('refuses a line that starts a directive and does not parse as one, with its line', () => {
    const source = [
      'Intro.', // 1
      '',
      '::encounter{title="The \\"Rust\\" Gang" creatures="ganger"}', // 3: an escaped quote ends the value early
      '',
      '::encounter{title="Open brace"', // 5: no closing brace
      '',
      '::weapon-list', // 7: a directive that parses
      '',
      'Text with a :colon and 12:30 in it.', // 9: not a directive
    ].join('\n');
    const { problems, components } = parseMarkdown(source, 2);
    expect(problems.map((p) => p.line)).toEqual([5, 7]);
    for (const p of problems) expect(p.reason).toMatch(/starts a directive but does not parse as one: write ::encounter\{name="value"\} on one line/);
    expect(components.map((c) => c.name)).toEqual(['weapon-list']);
  });

  it('reads a quote inside a directive value written as &quot;', () => {
    const { problems, components } = parseMarkdown('::encounter{title="The &quot;Rust&quot; Gang"}\n');
    expect(problems).toEqual([]);
    expect(components[0]!.attributes.title).toBe('The "Rust" Gang');
  });

  it('refuses raw HTML instead of rendering it', () => {
    const { body, problems } = parseMarkdown('<script>alert(1)</script>\n');
    expect(renderBody(body)).not.toContain('<script');
    expect(problems[0]!.reason).toContain('raw HTML is not allowed');
  });

  it('reports raw HTML between two comments on one line, which it drops', () => {
    const source = 'Intro.\n\n<!-- a --><script>alert(1)</script><!-- b -->\n\nText <!-- c --><b>bold</b><!-- d --> end.\n\n<!-- only --> <!-- comments -->\n';
    const { body, problems } = parseMarkdown(source);
    expect(renderBody(body)).not.toMatch(/script|<b>/);
    expect(problems).toEqual([
      { line: 3, reason: 'raw HTML is not allowed in content (<script>alert(1)</script>); use Markdown or a directive' },
      { line: 5, reason: 'raw HTML is not allowed in content (<b>); use Markdown or a directive' },
      { line: 5, reason: 'raw HTML is not allowed in content (</b>); use Markdown or a directive' },
    ]);
  });

  it('reports raw HTML in labels it shows as text: callout labels, component and text labels, image descriptions', () => {
    const source = [':::note[Mind <b>this</b>]', 'Body.', ':::', '', ':::tip[<!-- hidden -->Tip]', 'Body.', ':::', '', 'See :abbr[<i>x</i>].', '', '![<b>map</b>](/map.png)', '', '::tree-chart[<u>label</u>]{tree="medic"}', ''].join('\n');
    const { body, problems } = parseMarkdown(source);
    expect(renderBody(body)).toContain('Mind &lt;b&gt;this&lt;/b&gt;'); // what a reader would see, hence the report
    expect(problems).toEqual([
      { line: 1, reason: 'raw HTML is not allowed in a callout label (<b></b>); it would show as text' },
      { line: 5, reason: 'raw HTML is not allowed in a callout label (<!-- hidden -->); it would show as text' },
      { line: 9, reason: 'raw HTML is not allowed in a text label (<i></i>); it would show as text' },
      { line: 11, reason: 'raw HTML is not allowed in an image description (<b></b>); it would show as text' },
      { line: 13, reason: 'raw HTML is not allowed in a component label (<u></u>); it would show as text' },
    ]);
    expect(parseMarkdown(':::note[Plain *label*]\nx\n:::\n\n![a *b* \\<c>](/x.png)\n').problems).toEqual([]);
  });

  it('escapes text and neutralises javascript: links', () => {
    const html = renderBody(parseMarkdown('[x](javascript:alert(1)) 1 < 2 & "q"').body);
    expect(html).toContain('href="#"');
    expect(html).toContain('1 &lt; 2 &amp; &quot;q&quot;');
  });

  it('prefixes root-relative links with the base path', () => {
    const html = renderBody(parseMarkdown('[r](/rules) [e](https://e.org)').body, { base: '/guide/' });
    expect(html).toContain('href="/guide/rules"');
    expect(html).toContain('href="https://e.org"');
  });
});

// Pieces of Markdown syntax that meet in awkward ways: list markers, brackets
// and definitions, comments, directives, tables, backslashes and entities.
const PIECES = [
  '- ', '* ', '+ ', '1. ', '2) ', '- [ ] ', '- [x] ', '  ', '    ', '\t', '\n', '\n\n', '> ', '# ', '## ', '---', '===',
  '[', ']', '(', ')', '[a]', '[a][]', '[b][a]', '![a]', '![x](/i.png)', '[a]: /b', '[A]: </c d> "t"', '[x](/y "z")',
  '<!-- c -->', '<!-- more -->', '<', '>', '<https://e.org>', '::weapon-list{a="b"}', '::nope', ':::note', ':::tip[T]', ':::',
  ':name', ':x[y]{z}', '{', '}', '| a | b |', '|---|:-:|', '|', '\\', '\\[', '&amp;', '&#9;', '&ouml;', '&bogus;',
  '`', '```', '~~~', '*', '_', '**', '~~', '[^1]', '[^1]: note', 'word', ' ', '"', "'",
  'javascript:alert(1)', '[j]', '\n[j]: javascript:x\n', '[s](javascript:alert(1))', '![s](JavaScript:x)', '[t](<java\tscript:x>)',
  '[e](java&#9;script:x)', '[d](data:text/html,x)',
];
const markdown = fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 3 })), { maxLength: 40 }).map((p) => p.join(''));

describe('parseMarkdown and renderBody on any input', () => {
  it('never throw, and never write a javascript:, vbscript: or data: address', () => {
    fc.assert(
      fc.property(markdown, (source) => {
        const { body, excerpt } = parseMarkdown(source);
        for (const b of excerpt ? [body, excerpt] : [body]) {
          const html = renderBody(b);
          splitBody(b);
          expect(html).not.toMatch(/href="\s*(javascript|vbscript|data):|src="\s*(javascript:|vbscript:|data:(?!image\/))/i);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
