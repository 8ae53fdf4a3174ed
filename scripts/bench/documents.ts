/**
 * Documents benchmark: a library of 1,000 documents in real Chromium with
 * real IndexedDB, on the built site (`dist/`, build it first):
 *   npm run --silent bench:documents [-- --count 1000 --port 4510]
 * 1. imports a 1,000-document library file through the /nucleus page's file
 *    picker (what a player does) and times it until the library says so;
 * 2. reloads /nucleus and times until the list shows;
 * 3. times typing a search until the list changes (filter, as seen);
 * 4. runs the repository itself in the page (esbuild bundle of
 *    scripts/bench/documents-browser.ts): list + filter, save median, export.
 * Prints one JSON object of figures (milliseconds).
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { build } from 'esbuild';
import { chromium } from '@playwright/test';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1]! : fallback;
}
const COUNT = Number(arg('count', '1000'));
const PORT = Number(arg('port', process.env.E2E_PORT ?? '4510'));
const ORIGIN = `http://127.0.0.1:${PORT}`;
if (!existsSync('dist/nucleus/index.html')) {
  console.error('bench:documents needs the built site: run `node scripts/build-e2e.mjs` (or `npm run build`) first.');
  process.exit(1);
}

const KINDS = ['blueprint', 'core', 'character', 'creature'] as const;
const skills = Object.fromEntries(['athletics', 'brawl', 'firearms', 'piloting', 'stealth', 'engineering', 'medicine', 'investigation', 'persuasion', 'intimidation', 'hacking', 'interface'].map((s) => [s, 1]));
const attributes = { frame: 2, reflex: 2, logic: 2, nerve: 2, sync: 2 };

/** A plausible library: the four kinds in turn, tags on some, characters carrying gear and cores. */
function libraryFile(count: number): string {
  const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  const docs = Array.from({ length: count }, (_, i) => {
    const kind = KINDS[i % 4]!;
    const base = { id: `bench-${i}`, schemaVersion: 1, name: `${kind} ${i}`, createdAt: at(i), updatedAt: at(i), tags: i % 3 ? ['heavy', `group-${i % 10}`] : [], notes: 'Bench document. '.repeat(4) };
    const weapon = (id: string) => ({ ...base, id, kind: 'blueprint', type: 'weapon', rank: 2, properties: { damage: 3, range: 'medium', rate: 2, bulk: 1 }, features: [] });
    const core = (id: string) => ({ ...base, id, kind: 'core', tier: 2, discipline: 'kinetic', activation: 'action', range: 'near', duration: 'scene', effects: [], sideEffects: [] });
    switch (kind) {
      case 'blueprint':
        return weapon(base.id);
      case 'core':
        return core(base.id);
      case 'character':
        return { ...base, kind, xp: 40, attributes, skills, features: [], cores: [{ ...core(`${base.id}-k`), originId: 'bench-1' }], gear: [{ ...weapon(`${base.id}-g`), originId: 'bench-0' }] };
      case 'creature':
        return { ...base, kind, creatureKind: 'beast', threatRank: 3, attributes, skills: {}, properties: [], attacks: [{ name: 'Bite', damage: 3, range: 'melee' }] };
    }
  });
  return JSON.stringify({ format: 'nucleus-library', version: 1, exportedAt: new Date().toISOString(), documents: docs });
}

const server = spawn('npx', ['serve', 'dist', '--listen', `tcp://127.0.0.1:${PORT}`, '--no-clipboard', '--no-request-logging'], { stdio: 'ignore', detached: true });
const stop = () => {
  try {
    process.kill(-server.pid!, 'SIGTERM');
  } catch {
    /* already gone */
  }
};
process.on('exit', stop);

async function waitForServer() {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(ORIGIN + '/nucleus/')).ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`bench:documents: the static server on port ${PORT} did not start (is the port taken?).`);
}

try {
  await waitForServer();
  const bundle = await build({ entryPoints: ['scripts/bench/documents-browser.ts'], bundle: true, write: false, format: 'iife', platform: 'browser', logLevel: 'silent' });
  const script = bundle.outputFiles[0]!.text;
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
  const page = await (await browser.newContext()).newPage();
  await page.goto(ORIGIN + '/nucleus');
  await page.locator('.lib[aria-busy="false"]').waitFor();
  const file = libraryFile(COUNT);

  const figures: Record<string, number | string> = { documents: COUNT, fileBytes: file.length };
  let t = Date.now();
  await page.locator('.lib-file').setInputFiles({ name: 'bench.nucleus.json', mimeType: 'application/json', buffer: Buffer.from(file) });
  await page.getByText(`Imported ${COUNT} documents from bench.nucleus.json.`).waitFor({ timeout: 120_000 });
  figures.uiImportMs = Date.now() - t;

  const reloads: number[] = [];
  for (let i = 0; i < 3; i++) {
    t = Date.now();
    await page.reload();
    await page.locator('.lib-row').first().waitFor();
    reloads.push(Date.now() - t);
  }
  figures.uiPageToListMedianMs = reloads.sort((a, b) => a - b)[1]!;

  // Typing a search: time from the input event until the list shows the new rows.
  figures.uiFilterMs = await page.evaluate(async () => {
    const input = document.querySelector<HTMLInputElement>('.lib-search input')!;
    const list = document.querySelector('.lib-list')!;
    const changed = new Promise<number>((resolve) => new MutationObserver(() => resolve(performance.now())).observe(list, { childList: true, subtree: true }));
    const t0 = performance.now();
    const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
    setter.call(input, 'creature 99');
    input.dispatchEvent(new Event('input', { bubbles: true }));
    return Math.round(((await changed) - t0) * 10) / 10;
  });

  // The repository alone, on a page of the same origin without the library (which would reload on every save).
  await page.goto(ORIGIN + '/404.html');
  await page.addScriptTag({ content: script });
  const inPage = (await page.evaluate(([saves, rounds]) => (globalThis as unknown as { __benchDocuments: (s: number, r: number) => Promise<Record<string, number>> }).__benchDocuments(saves, rounds), [100, 30] as const)) as Record<string, number>;
  for (const [k, v] of Object.entries(inPage)) figures[k] = Math.round(v * 10) / 10;
  figures.browser = `Chromium ${browser.version()}`;
  await browser.close();
  console.log(JSON.stringify(figures, null, 2));
} finally {
  stop();
}
