import { describe, expect, it } from 'vitest';
import { parseMarkdown, safeHref } from './markdown';

describe('notes Markdown', () => {
  it('[M1] paragraphs, headings, lists and emphasis', () => {
    const blocks = parseMarkdown('# Plan\n\nFirst **bold** and *soft*\nline two\n\n- one\n- two `x`\n\n1. a\n2. b');
    expect(blocks.map((b) => b.type)).toEqual(['h', 'p', 'ul', 'ol']);
    expect(blocks[1]).toEqual({
      type: 'p',
      children: [
        { type: 'text', text: 'First ' },
        { type: 'strong', children: [{ type: 'text', text: 'bold' }] },
        { type: 'text', text: ' and ' },
        { type: 'em', children: [{ type: 'text', text: 'soft' }] },
        { type: 'text', text: ' line two' },
      ],
    });
  });
  it('[M2] raw HTML stays text and unsafe links stay text', () => {
    const [p] = parseMarkdown('<script>alert(1)</script> [x](javascript:alert(1)) [ok](https://example.org)');
    expect(p).toMatchObject({ type: 'p' });
    const children = (p as { children: { type: string; text?: string; href?: string }[] }).children;
    expect(children[0]).toEqual({ type: 'text', text: '<script>alert(1)</script> ' });
    expect(children.some((c) => c.type === 'link' && c.href === 'https://example.org')).toBe(true);
    expect(children.some((c) => c.type === 'link' && /javascript/.test(c.href ?? ''))).toBe(false);
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('/rules/gear#x')).toBe('/rules/gear#x');
  });
});
