/**
 * The Content-Security-Policy of a build (src/security/policy.ts). When the
 * build starts, before any page is rendered (`astro:build:start`), it hands
 * the pages what the policy is made of: the hashes of the inline scripts
 * Astro writes for islands (the island loader and each hydration directive,
 * read through Astro's Container API: astroScripts.ts) and the Firebase
 * sources of this build's PUBLIC_ variables; each page's SecurityMeta adds the site's own inline scripts and
 * writes the policy. Once the pages are rendered it reads every page Astro
 * wrote, on a worker thread, and fails the build, naming the page and the
 * script, if one has an inline script the policy would block. The pages are
 * listed before build-output copies in the pages reused from the cache
 * (rendered under the same policy: its inputs are part of their cache key);
 * securityChecked() waits for the check before the snapshot saves the build.
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { loadEnv } from 'vite';
import { buildContext } from '../build/context';
import { scriptHash, type BuildSecurity } from '../security/build';
import { checkPages, checkShare, failOn, htmlFiles, type PageCheckJob, type PageProblem } from './pageScripts';
import { runWorker } from '../build/workerBundle';
import { serviceSources, type SecurityEnv } from '../security/policy';
import { astroIslandScripts } from './astroScripts';
import { timed } from '../build/timing';

/** The build's PUBLIC_ variables as the client code sees them (Vite's loadEnv: .env files, then the environment). */
export function publicEnv(mode: string, root = process.cwd()): SecurityEnv {
  return loadEnv(mode, root, 'PUBLIC_') as SecurityEnv;
}

export { checkPages };

/**
 * Checks the pages on a worker thread: parsing every page (parse5) took
 * about 3 s of the main thread at 5,000 pages after Astro rendered them,
 * beside which the other core was idle. Started once the pages are written
 * (`astro:build:generated`) with the pages there then; `finish` takes the
 * pages the worker has not taken yet on this thread, waits for the worker's,
 * and throws checkPages' sentence for any blocked script.
 */
function startPageCheck(out: string, security: BuildSecurity | undefined): { files: Set<string>; finish: () => Promise<void> } {
  const files = [...htmlFiles(out)];
  if (!security?.policy) return { files: new Set(files), finish: async () => checkPages(out, security, []) };
  const job: PageCheckJob = { out, security, files, next: new SharedArrayBuffer(4) };
  // undefined: the worker could not run (its bundle, a crash), and the pages it took are unchecked.
  const theirs = runWorker<PageProblem[]>('page-scripts', 'src/integrations/pageScripts.worker.ts', job).catch(() => undefined);
  return {
    files: new Set(files),
    async finish() {
      const own = checkShare(job);
      const other = await theirs;
      if (other) failOn([...other, ...own]);
      else checkPages(out, security, files);
    },
  };
}

/** The check under way, between `astro:build:generated` and the end of `astro:build:done` (securityChecked). */
let check: ReturnType<typeof startPageCheck> | undefined;

export default function security(): AstroIntegration {
  let mode = 'production';
  let root = process.cwd();
  return {
    name: 'nucleus:security',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:start': async () => {
        check = undefined;
        mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
        const scripts = await astroIslandScripts();
        buildContext().security = { astroScriptHashes: [...new Set(scripts.map(scriptHash))].sort(), services: serviceSources(publicEnv(mode, root)) };
      },
      'astro:build:generated': ({ dir }) => {
        check = startPageCheck(fileURLToPath(dir), buildContext().security);
      },
      'astro:build:done': ({ dir }) => {
        const out = fileURLToPath(dir);
        // A page written after the worker's list was made (none in a normal build) is checked here.
        const late = check ? [...htmlFiles(out)].filter((file) => !check!.files.has(file)) : undefined;
        checkPages(out, buildContext().security, late);
      },
    },
  };
}

/**
 * Finishes the pages' check after the other integrations' last steps ran
 * beside it and before the snapshot saves the build (astro.config.mjs lists
 * it just before snapshot()): this thread, free now, checks the pages the
 * worker has not taken yet. A page the policy would block fails the build
 * with checkPages' sentence.
 */
export function securityChecked(): AstroIntegration {
  return {
    name: 'nucleus:security-checked',
    hooks: {
      'astro:build:done': async () => {
        const pending = check;
        check = undefined;
        await timed('security: every page checked (on a worker thread, and here once free)', () => pending?.finish());
      },
    },
  };
}
