/**
 * Catalogue rules text (a line of Markdown) to safe inline HTML, with the
 * same pipeline as the pages (no raw HTML).
 */
import { parseMarkdown, renderNode } from '../../content';
import { BASE } from '../../config/base';

export function renderInline(markdown: string): string {
  const { body } = parseMarkdown(markdown);
  const first = body.children[0];
  if (body.children.length === 1 && first && first.type === 'element' && first.tag === 'p') {
    return first.children.map((c) => renderNode(c, { base: BASE })).join('');
  }
  return body.children.map((c) => renderNode(c, { base: BASE })).join('');
}
