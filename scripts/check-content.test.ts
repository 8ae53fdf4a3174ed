/**
 * `npm run check:content` (spawned, as CI runs it) on a scratch content
 * folder holding a hostile page: it fails, and names every problem with its
 * file and line in one run. Content comes from scratch folders, never from
 * content/ (written by others).
 */
import { describe, it, expect } from 'vitest';
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';
import { writeCorpus } from '../src/content/testing';

const root = resolve(import.meta.dirname, '..');
const tsx = join(root, 'node_modules/.bin/tsx');

function checkContent(files: Record<string, string>) {
  const { NODE_ENV: _, VITEST: __, ...inherited } = process.env;
  return spawnSync(tsx, [join(root, 'scripts/check-content.ts')], {
    cwd: root,
    env: { ...inherited, NUCLEUS_CONTENT_DIR: writeCorpus(files) },
    encoding: 'utf8',
  });
}

const hostile = [
  '---',
  'title: Free loot',
  'redirect: "javascript:alert(document.domain)"',
  'draft: "no"',
  'layout: wide',
  '---',
  '',
  '[Claim it](<java\tscript:alert(1)>) or [here](&#106;avascript:alert(1)) or [there](//elsewhere.example/x).',
  '',
  '![pixel](data:image/svg+xml;base64,PHN2Zz4=)',
  '',
  '::tree-chart{tree="nonexistent"}',
  '',
  '[later]: vbscript:msgbox(1)',
  '',
].join('\n');

describe('check:content', () => {
  it('fails on a hostile page and names every problem with its file and line', () => {
    const r = checkContent({ 'index.md': '---\ntitle: Home\n---\nWelcome.\n', 'loot.md': hostile });
    expect(r.status, r.stdout + r.stderr).toBe(1);
    const lines = r.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(/^9 content problems in /);
    expect(lines.slice(1).map((l) => l.trim().replace(/ is not a link target content may use: .*/, ' …'))).toEqual([
      "loot.md:3: 'redirect': 'javascript:alert(document.domain)' …",
      "loot.md:4: 'draft': Invalid input: expected boolean, received string",
      "loot.md:5: unknown layout 'wide' (known: default, full)",
      'loot.md:8: link: \'java\\tscript:alert(1)\' …',
      "loot.md:8: link: 'javascript:alert(1)' …",
      "loot.md:8: link: '//elsewhere.example/x' …",
      "loot.md:10: image: 'data:image/svg+xml;base64,PHN2Zz4=' …",
      "loot.md:12: '::tree-chart{tree}': unknown tree 'nonexistent' (the features catalogue has no trees)",
      "loot.md:14: link reference definition: 'vbscript:msgbox(1)' …",
    ]);
  });

  it('passes the same page once its links are ones content may use', () => {
    const fixed = hostile
      .replace(/redirect: .*\n/, '')
      .replace('draft: "no"', 'draft: false')
      .replace('layout: wide', 'layout: full')
      .replace(/\[Claim it\].*\n/, '[Claim it](/) or [mail](mailto:gm@example.org) or [there](https://elsewhere.example/x).\n')
      .replace(/!\[pixel\].*\n/, '')
      .replace('{tree="nonexistent"}', '')
      .replace('vbscript:msgbox(1)', 'https://example.org');
    const r = checkContent({ 'index.md': '---\ntitle: Home\n---\nWelcome.\n', 'loot.md': fixed });
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(/^content OK: 2 pages, 0 catalogue entries/);
    expect(r.status).toBe(0);
  });

  it('names raw HTML the renderer would drop or escape, and catalogue text problems, with their file and line', () => {
    const guide = [
      '---',
      'title: Guide',
      '---',
      '',
      '<!-- a --><img src=x onerror=alert(1)><!-- b -->',
      '',
      ':::note[Read <b>this</b>]',
      'Body.',
      ':::',
      '',
    ].join('\n');
    const effects = ['- id: shove', '  name: Shove', '  discipline: kinetic', '  baseCost: 2', '  maxPotency: 1', '  costPerPotency: 0', '  template: Push [far](javascript:alert(1)) {potency} metres.', ''].join('\n');
    const sides = '- id: numb\n  name: Numb\n  refund: 1\n  text: Numb <i>hands</i>.\n';
    const r = checkContent({ 'index.md': '---\ntitle: Home\n---\nWelcome.\n', 'guide.md': guide, 'data/core-effects.yml': effects, 'data/core-side-effects.yml': sides });
    expect(r.status, r.stdout + r.stderr).toBe(1);
    expect(r.stderr.trimEnd().split('\n').slice(1).map((l) => l.trim().replace(/ is not a link target content may use: .*/, ' …'))).toEqual([
      'guide.md:5: raw HTML is not allowed in content (<img src=x onerror=alert(1)>); use Markdown or a directive',
      'guide.md:7: raw HTML is not allowed in a callout label (<b></b>); it would show as text',
      "data/core-effects.yml:7: 'shove': template: link: 'javascript:alert(1)' …",
      "data/core-side-effects.yml:4: 'numb': text: raw HTML is not allowed in content (<i>); use Markdown or a directive",
      "data/core-side-effects.yml:4: 'numb': text: raw HTML is not allowed in content (</i>); use Markdown or a directive",
    ]);
  });
});
