/**
 * `npm run build [-- --outDir DIR]`: starts scripts/build.ts, the build
 * (read that file for what it does).
 *
 * Run through tsx, every module of the build, ours and the packages', is
 * resolved and loaded by way of tsx's hooks thread: a content-only rebuild
 * spent 1.0-1.5 s of its 6 s just starting. So the build script is bundled
 * into one file (esbuild, which Vite brings) once per version of what goes
 * into it, and kept in the build cache; a run whose inputs are unchanged
 * imports that file and is going in 0.3 s (node_modules/.cache/nucleus-build/). The bundle holds exactly the
 * sources tsx would run: its key is the hash of the very bytes esbuild was
 * given, with the lockfile (the packages) and Node's version. With the build
 * cache off (NUCLEUS_BUILD_CACHE=0) the script runs through tsx as before.
 */
import './lib/require-node.mjs'; // first: stops on a Node older than 22.12 (docs/node.md)
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { extname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

const ENTRY = 'scripts/build.ts';
const LOADERS = { '.ts': 'ts', '.tsx': 'tsx', '.mts': 'ts', '.js': 'js', '.mjs': 'js', '.json': 'json' };

/**
 * Where the bundle is kept: always in the project's node_modules (even when
 * NUCLEUS_CACHE_DIR puts the build cache elsewhere), so that the packages
 * it asks for at run time (Astro's internals, sql.js's WASM) are found from it.
 */
function builderDir() {
  if (process.env.NUCLEUS_BUILD_CACHE === '0') return null;
  return resolve('node_modules/.cache/nucleus-build');
}

/** The key of a bundle made from these inputs (relative path → bytes). */
function keyOf(inputs) {
  const hash = createHash('sha256').update(`${process.version}\0`);
  const lock = existsSync('package-lock.json') ? readFileSync('package-lock.json') : '';
  hash.update(lock).update('\0');
  for (const [path, bytes] of inputs) hash.update(path).update('\0').update(bytes).update('\0');
  return hash.digest('hex').slice(0, 24);
}

const readInputs = (paths) => paths.map((p) => [p, existsSync(p) ? readFileSync(p) : Buffer.alloc(0)]);

/** The bundle for the current sources: the kept one if its inputs are unchanged, else a new one. */
async function bundle(dir) {
  const manifestFile = join(dir, 'manifest.json');
  if (existsSync(manifestFile)) {
    try {
      const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
      const file = join(dir, manifest.file);
      if (manifest.key === keyOf(readInputs(manifest.inputs)) && existsSync(file)) return file;
    } catch {
      // unreadable: made again below
    }
  }
  const { build } = await import('esbuild');
  const inputs = new Map();
  // Our sources are read here, and these very bytes are bundled and hashed.
  const capture = {
    name: 'nucleus-inputs',
    setup(b) {
      b.onLoad({ filter: /.*/ }, (args) => {
        const rel = relative(process.cwd(), args.path).split(sep).join('/');
        if (rel.startsWith('node_modules/') || rel.startsWith('..')) return undefined;
        const bytes = readFileSync(args.path);
        inputs.set(rel, bytes);
        return { contents: bytes, loader: LOADERS[extname(args.path)] ?? 'default' };
      });
    },
  };
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: `node${process.versions.node.split('.')[0]}`,
    write: false,
    outfile: join(dir, 'build.mjs'),
    plugins: [capture],
    // The packages' CommonJS code asks for these, which an ES module lacks.
    banner: {
      js: [
        "import { createRequire as __nucleusCreateRequire } from 'node:module';",
        "import { fileURLToPath as __nucleusFileURLToPath } from 'node:url';",
        "import { dirname as __nucleusDirname } from 'node:path';",
        'const require = __nucleusCreateRequire(import.meta.url);',
        'const __filename = __nucleusFileURLToPath(import.meta.url);',
        'const __dirname = __nucleusDirname(__filename);',
      ].join('\n'),
    },
    logLevel: 'warning',
  });
  const list = [...inputs].sort(([a], [b]) => (a < b ? -1 : 1));
  const key = keyOf(list);
  const name = `build-${key}.mjs`;
  mkdirSync(dir, { recursive: true });
  const tmp = `.${process.pid}.tmp`;
  writeFileSync(join(dir, name + tmp), result.outputFiles[0].contents);
  renameSync(join(dir, name + tmp), join(dir, name));
  writeFileSync(manifestFile + tmp, JSON.stringify({ key, file: name, inputs: list.map(([p]) => p) }));
  renameSync(manifestFile + tmp, manifestFile);
  for (const old of readdirSync(dir)) if (/^build-\w+\.mjs$/.test(old) && old !== name) rmSync(join(dir, old), { force: true });
  return join(dir, name);
}

const dir = builderDir();
if (dir) {
  await import(pathToFileURL(await bundle(dir)).href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(pathToFileURL(resolve(ENTRY)).href);
}
