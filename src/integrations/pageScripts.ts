/**
 * The Content-Security-Policy's check of the pages a build wrote: every
 * inline script of every HTML file under the output folder must be one the
 * policy allows (src/integrations/security.ts runs it on a worker thread
 * beside the build's last steps, pageScripts.worker.ts, and on the main
 * thread once those are done). Node only.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { allowedHashes, blockedScripts, type BuildSecurity } from '../security/build';

export function* htmlFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) yield* htmlFiles(join(dir, entry.name));
    else if (entry.name.endsWith('.html')) yield join(dir, entry.name);
  }
}

/** The files to check, and the index of the next one to take (an Int32Array's first element, shared). */
export interface PageCheckJob {
  out: string;
  security: BuildSecurity;
  files: string[];
  next: SharedArrayBuffer;
}

/** A blocked script: the index of its page in the job's files, and the sentence naming it. */
export type PageProblem = [page: number, text: string];

/**
 * Checks pages taken one at a time from the job's shared counter until none
 * is left: a worker thread takes them, and the main thread too once its own
 * last steps are done.
 */
export function checkShare({ out, security, files, next }: PageCheckJob): PageProblem[] {
  const allowed = allowedHashes(security.policy ?? []);
  const counter = new Int32Array(next);
  const problems: PageProblem[] = [];
  for (let i = Atomics.add(counter, 0, 1); i < files.length; i = Atomics.add(counter, 0, 1)) {
    const file = files[i]!;
    for (const text of blockedScripts(relative(out, file).split(sep).join('/'), readFileSync(file, 'utf8'), allowed)) problems.push([i, text]);
  }
  return problems;
}

/** Throws one error naming every blocked script, in the pages' order (none: nothing). */
export function failOn(problems: PageProblem[]): void {
  if (!problems.length) return;
  const texts = [...problems].sort((a, b) => a[0] - b[0]).map(([, text]) => text);
  throw new Error(`nucleus:security: ${texts.length} inline script(s) would be blocked; render them from src/scripts/inline.ts (one text for every page, values in data- attributes):\n${texts.join('\n')}`);
}

/** Throws one error naming every inline script under `out` that the policy in `security` would block. */
export function checkPages(out: string, security: BuildSecurity | undefined, files: Iterable<string> = htmlFiles(out)): void {
  if (!security?.policy) throw new Error('nucleus:security: no page rendered the Content-Security-Policy (SecurityMeta.astro in Base.astro and RedirectPage.astro)');
  failOn(checkShare({ out, security, files: [...files], next: new SharedArrayBuffer(4) }));
}
