/**
 * The Content-Security-Policy's check of the pages a build wrote: every
 * inline script of every HTML file under the output folder must be one the
 * policy allows (src/integrations/security.ts runs it, on a worker thread
 * beside the build's last steps: pageScripts.worker.ts). Node only.
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

/** Throws one error naming every inline script under `out` that the policy in `security` would block. */
export function checkPages(out: string, security: BuildSecurity | undefined, files: Iterable<string> = htmlFiles(out)): void {
  if (!security?.policy) throw new Error('nucleus:security: no page rendered the Content-Security-Policy (SecurityMeta.astro in Base.astro and RedirectPage.astro)');
  const allowed = allowedHashes(security.policy);
  const problems: string[] = [];
  for (const file of files) problems.push(...blockedScripts(relative(out, file).split(sep).join('/'), readFileSync(file, 'utf8'), allowed));
  if (problems.length) {
    throw new Error(`nucleus:security: ${problems.length} inline script(s) would be blocked; render them from src/scripts/inline.ts (one text for every page, values in data- attributes):\n${problems.join('\n')}`);
  }
}
