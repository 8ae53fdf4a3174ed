/**
 * The one error a query can raise because of what its author wrote.
 * `parameter` names the top-level parameter at fault (`where`, `limit`, …)
 * so a caller can point at it; the message is a sentence a person can act on.
 */
export class QueryError extends Error {
  override readonly name = 'QueryError';
  readonly parameter: string;

  constructor(parameter: string, message: string) {
    super(message);
    this.parameter = parameter;
  }
}

/**
 * A copy of `value` cut below `depth` levels of objects and lists, so that
 * printing a value nested thousands deep cannot overflow the stack.
 */
function cut(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth === 0) return Array.isArray(value) ? ['…'] : { '…': '…' };
  if (Array.isArray(value)) return value.map((v) => cut(v, depth - 1));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    Object.defineProperty(out, key, { value: cut((value as Record<string, unknown>)[key], depth - 1), enumerable: true });
  }
  return out;
}

/** A short, readable rendering of a value for error messages (at most `max` characters). */
export function show(value: unknown, max = 60): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  let text: string;
  try {
    text = JSON.stringify(cut(value, 8)) ?? String(value);
  } catch {
    text = Object.prototype.toString.call(value); // a BigInt, a getter that throws, …
  }
  return text.length > max ? text.slice(0, max - 3) + '...' : text;
}
