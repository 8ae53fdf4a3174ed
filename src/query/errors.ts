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

/** A short, readable rendering of a value for error messages. */
export function show(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > 60 ? text.slice(0, 57) + '...' : text;
}
