/** An error a player or author can cause with a document or an argument. */
export class RulesError extends Error {
  override readonly name = 'RulesError';
  /** Dot path of the offending field or argument, when there is one. */
  readonly path: string;
  constructor(path: string, message: string) {
    super(path ? `${path}: ${message}` : message);
    this.path = path;
  }
}
