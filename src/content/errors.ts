/**
 * An error a content author can cause and fix. It always names the file, and
 * the line when one is known, so the build output points straight at it.
 */
export class ContentError extends Error {
  readonly file: string;
  readonly line: number | undefined;
  readonly reason: string;

  constructor(file: string, line: number | undefined, reason: string) {
    super(`${file}${line ? `:${line}` : ''}: ${reason}`);
    this.name = 'ContentError';
    this.file = file;
    this.line = line;
    this.reason = reason;
  }
}

/**
 * Several content errors found in one pass, reported together. The list is
 * not called `errors`: Astro takes an error with an `errors` array for a
 * bundler's and prints only the first, so a build would name one problem.
 */
export class ContentErrors extends Error {
  readonly all: ContentError[];

  constructor(errors: ContentError[]) {
    super(
      `${errors.length} content error${errors.length === 1 ? '' : 's'}:\n` +
        errors.map((e) => `  - ${e.message}`).join('\n'),
    );
    this.name = 'ContentErrors';
    this.all = errors;
  }
}
