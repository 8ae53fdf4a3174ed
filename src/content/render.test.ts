import { describe, it, expect } from 'vitest';
import { parseMarkdown } from './markdown';
import { renderBody } from './render';

const names = (html: string) => [...html.matchAll(/class="table-scroll"[^>]*aria-label="([^"]*)"/g)].map((m) => m[1]);

describe('table scroll regions', () => {
  it('are named after the heading above them, each name unique', () => {
    const md = '## Ranges\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n| c |\n|---|\n| 3 |\n\n## Armour\n\n| d |\n|---|\n| 4 |\n';
    expect(names(renderBody(parseMarkdown(md).body))).toEqual(['Ranges table', 'Ranges table 2', 'Armour table']);
  });
  it('fall back to "Table" with no heading above', () => {
    expect(names(renderBody(parseMarkdown('| a |\n|---|\n| 1 |\n').body))).toEqual(['Table']);
  });
});
