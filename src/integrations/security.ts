/**
 * The Content-Security-Policy of a build (src/security/policy.ts). Once Vite
 * has bundled the site and before any page is rendered (`astro:build:ssr`),
 * it hands the pages what the policy is made of: the hashes of the inline
 * scripts Astro writes (the island loader, each hydration directive, any
 * script it inlined) and the Firebase sources of this build's PUBLIC_
 * variables; each page's SecurityMeta adds the site's own inline scripts and
 * writes the policy. After the pages are rendered it reads every page Astro
 * wrote and fails the build, naming the page and the script, if one has an
 * inline script the policy would block. It runs before build-output, which
 * copies in the pages reused from the cache (rendered under the same policy:
 * its inputs are part of their cache key).
 */
import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { loadEnv } from 'vite';
import { buildContext } from '../build/context';
import { allowedHashes, blockedScripts, scriptHash, type BuildSecurity } from '../security/build';
import { serviceSources, type SecurityEnv } from '../security/policy';
import { islandLoaderScript } from '../build/astro';

/** The parts of Astro's serialized manifest (`astro:build:ssr`) that hold inline scripts. */
interface ScriptManifest {
  clientDirectives?: [name: string, code: string][];
  inlinedScripts?: [id: string, code: string][];
}

/** The build's PUBLIC_ variables as the client code sees them (Vite's loadEnv: .env files, then the environment). */
export function publicEnv(mode: string, root = process.cwd()): SecurityEnv {
  return loadEnv(mode, root, 'PUBLIC_') as SecurityEnv;
}

/**
 * The texts of the inline scripts Astro writes: `<script>` with each client
 * directive's code and the `astro-island` loader (runtime/server/scripts.js
 * getPrescripts), and `<script type="module">` with each script it inlined.
 */
export function astroInlineScripts(manifest: ScriptManifest, islandLoader: string): string[] {
  return [...(manifest.clientDirectives ?? []).map(([, code]) => code), islandLoader, ...(manifest.inlinedScripts ?? []).map(([, code]) => code)];
}

function* htmlFiles(dir: string): Generator<string> {
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

export default function security(): AstroIntegration {
  let mode = 'production';
  let root = process.cwd();
  return {
    name: 'nucleus:security',
    hooks: {
      'astro:config:done': ({ config }) => {
        root = fileURLToPath(config.root);
      },
      'astro:build:start': () => {
        buildContext().security = undefined;
        mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
      },
      'astro:build:ssr': async ({ manifest }) => {
        // Astro's serialized manifest; ScriptManifest names the part read.
        const scripts = astroInlineScripts(manifest, await islandLoaderScript());
        buildContext().security = { astroScriptHashes: [...new Set(scripts.map(scriptHash))].sort(), services: serviceSources(publicEnv(mode, root)) };
      },
      'astro:build:done': ({ dir }) => checkPages(fileURLToPath(dir), buildContext().security),
    },
  };
}
