/**
 * A page body tree in the database's compact form. The tree's own JSON
 * spends most of its bytes on its keys (`{"type":"element","tag":"p",
 * "children":[{"type":"text","value":…}]}`): bodies were 48 MB of a 59 MB
 * database at 5,000 pages. Packed, a text node is its string and an element
 * is `[tag, props?, ...children]` (props only when the element has them, and
 * an object, so never mistaken for a child), about half the bytes; unpacking
 * is one walk over the tree, cheaper than parsing the JSON it saves.
 *
 * Only a tree of exactly the body's shape is packed (the keys in the order
 * the parser writes them), so unpacking gives back the same JSON, byte for
 * byte; anything else stays in the document as it was.
 */

type Props = Record<string, unknown>;
/** A packed node: a text's value, or `[tag, props?, ...children]`. */
export type PackedNode = string | [string, ...unknown[]];
export interface PackedBody {
  children: PackedNode[];
  toc: unknown;
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Keys exactly `keys`, in that order. */
function hasKeys(v: Record<string, unknown>, keys: readonly string[]): boolean {
  const own = Object.keys(v);
  return own.length === keys.length && own.every((k, i) => k === keys[i]);
}

function packNode(node: unknown): PackedNode | undefined {
  if (!isObject(node)) return undefined;
  if (node.type === 'text') return hasKeys(node, ['type', 'value']) && typeof node.value === 'string' ? node.value : undefined;
  if (node.type !== 'element' || typeof node.tag !== 'string' || !Array.isArray(node.children)) return undefined;
  const withProps = hasKeys(node, ['type', 'tag', 'props', 'children']);
  if (!withProps && !hasKeys(node, ['type', 'tag', 'children'])) return undefined;
  if (withProps && !isObject(node.props)) return undefined;
  const children = packNodes(node.children);
  if (!children) return undefined;
  return withProps ? [node.tag, node.props, ...children] : [node.tag, ...children];
}

function packNodes(nodes: unknown[]): PackedNode[] | undefined {
  const out: PackedNode[] = [];
  for (const node of nodes) {
    const packed = packNode(node);
    if (packed === undefined) return undefined;
    out.push(packed);
  }
  return out;
}

/** The packed form of a page body (`{type: 'root', children, toc}`), or undefined when it is not one. */
export function packBody(body: unknown): PackedBody | undefined {
  if (!isObject(body) || body.type !== 'root' || !hasKeys(body, ['type', 'children', 'toc']) || !Array.isArray(body.children)) return undefined;
  const children = packNodes(body.children);
  return children && { children, toc: body.toc };
}

function unpackNode(node: PackedNode): unknown {
  if (typeof node === 'string') return { type: 'text', value: node };
  const [tag, second, ...rest] = node;
  if (isObject(second)) return { type: 'element', tag, props: second as Props, children: (rest as PackedNode[]).map(unpackNode) };
  return { type: 'element', tag, children: (second === undefined ? [] : [second, ...rest] as PackedNode[]).map(unpackNode) };
}

/** The body tree a packed body was made from. */
export function unpackBody(packed: PackedBody): unknown {
  return { type: 'root', children: packed.children.map(unpackNode), toc: packed.toc };
}
