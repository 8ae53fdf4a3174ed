/** An error a player or author can cause with a document or an argument. */
export class RulesError extends Error {
  override readonly name = 'RulesError';
  /** Dot path of the offending field or argument ('' for the whole document). */
  readonly path: string;
  /**
   * @example new RulesError('attributes.frame', 'expected a whole number').message ⇒ 'attributes.frame: expected a whole number'
   */
  constructor(path: string, message: string, options: { sentence?: boolean } = {}) {
    super(path && !options.sentence ? `${path}: ${message}` : message);
    this.path = path;
  }
}
