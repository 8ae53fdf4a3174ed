/**
 * What a build did, as one JSON line per step on standard output
 * (`[nucleus:result] {...}`), for tests and tools to read instead of the
 * wording of the log: scripts/build.ts says which build ran (and why not the
 * content-only rebuild), src/build/output.ts what it wrote. The fields of
 * every line of one build merge into one BuildResult.
 */
export const RESULT_PREFIX = '[nucleus:result] ';

export interface BuildResult {
  /** Which build ran: the content-only rebuild, or `astro build`. */
  build: 'content-only' | 'astro';
  /** Why the content-only rebuild could not run (with build: 'astro'). */
  fallback: string;
  /** Why the content-only rebuild stopped the build before writing anything (a content error, with its file and line). */
  failed: string;
  /** Content pages rendered by the content-only rebuild. */
  rendered: number;
  /** Content pages of the catch-all route, and how many came from the HTML cache (in place or copied in). */
  pages: number;
  reused: number;
  /** Cached pages copied into the output folder (the others were in place already). */
  copied: number;
  /** Static API answers written, and renamed (or, in a content-only rebuild, linked) from the last build's. */
  answersWritten: number;
  answersRenamed: number;
}

/** Prints one step's part of the result. */
export function printResult(part: Partial<BuildResult>): void {
  console.log(`${RESULT_PREFIX}${JSON.stringify(part)}`);
}

/** The result of the build whose standard output is `log`: its result lines merged, later over earlier. */
export function readResult(log: string): Partial<BuildResult> {
  const result: Partial<BuildResult> = {};
  for (const line of log.split('\n')) if (line.startsWith(RESULT_PREFIX)) Object.assign(result, JSON.parse(line.slice(RESULT_PREFIX.length)) as Partial<BuildResult>);
  return result;
}
