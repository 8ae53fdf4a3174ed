/**
 * A small, safe Markdown reader for document notes: paragraphs, headings,
 * lists, emphasis, code and links. It builds a tree of plain data that
 * React renders as elements, so no text is ever read as HTML (a `<script>`
 * in notes shows as the characters it is). Links keep only http(s), mailto
 * and site-relative addresses. Pure.
 */
export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'p'; children: Inline[] }
  | { type: 'h'; level: 3 | 4 | 5; children: Inline[] }
  | { type: 'ul' | 'ol'; items: Inline[][] };

/** Addresses a note may link to; anything else (javascript:, data:) stays text. */
export function safeHref(href: string): string | null {
  const h = href.trim();
  if (/^(https?:|mailto:)/i.test(h)) return h;
  if (/^[/#?]/.test(h) && !h.startsWith('//')) return h;
  return null;
}

const INLINE = /(`[^`]+`)|(\*\*[^*]+\*\*|__[^_]+__)|(\*[^*\s][^*]*\*|_[^_\s][^_]*_)|(\[[^\]]+\]\([^)\s]+\))/;

export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let rest = text;
  while (rest) {
    const m = INLINE.exec(rest);
    if (!m) {
      out.push({ type: 'text', text: rest });
      break;
    }
    if (m.index > 0) out.push({ type: 'text', text: rest.slice(0, m.index) });
    const token = m[0];
    if (m[1]) out.push({ type: 'code', text: token.slice(1, -1) });
    else if (m[2]) out.push({ type: 'strong', children: parseInline(token.slice(2, -2)) });
    else if (m[3]) out.push({ type: 'em', children: parseInline(token.slice(1, -1)) });
    else {
      const [, label, href] = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(token)!;
      const safe = safeHref(href!);
      out.push(safe ? { type: 'link', href: safe, children: parseInline(label!) } : { type: 'text', text: token });
    }
    rest = rest.slice(m.index + token.length);
  }
  return out;
}

export function parseMarkdown(source: string): Block[] {
  const blocks: Block[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let para: string[] = [];
  let list: { type: 'ul' | 'ol'; items: string[] } | null = null;
  const flush = () => {
    if (para.length) blocks.push({ type: 'p', children: parseInline(para.join(' ')) });
    para = [];
    if (list) blocks.push({ type: list.type, items: list.items.map(parseInline) });
    list = null;
  };
  for (const line of lines) {
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    const bullet = /^\s*[-*+]\s+(.*)$/.exec(line);
    const numbered = /^\s*\d+[.)]\s+(.*)$/.exec(line);
    if (!line.trim()) flush();
    else if (heading) {
      flush();
      blocks.push({ type: 'h', level: (heading[1]!.length + 2) as 3 | 4 | 5, children: parseInline(heading[2]!) });
    } else if (bullet || numbered) {
      const type = bullet ? 'ul' : 'ol';
      if (para.length || (list && list.type !== type)) flush();
      list ??= { type, items: [] };
      list.items.push((bullet ?? numbered)![1]!);
    } else if (list && /^\s+\S/.test(line)) {
      list.items[list.items.length - 1] += ` ${line.trim()}`;
    } else {
      if (list) flush();
      para.push(line.trim());
    }
  }
  flush();
  return blocks;
}
