/**
 * Query benchmark over a built content database:
 *   npm run --silent bench:query -- --db dist/content.sqlite.gz
 * Prints the database size (as stored, raw), the time to unpack the file
 * (DecompressionStream, as the browser does; 0 for a raw .sqlite) and to
 * open it with sql.js (the browser's engine), median/p95 latency of the page queries, and the
 * search index's figures (see search.ts).
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import initSqlJs from 'sql.js';
import { CONTENT_DATABASE_FILE, openContentDatabase, unpackDatabaseFile } from '../../src/db';
import { pageQuery, surroundQuery } from '../../src/content';
import { dirname, join } from 'node:path';
import { existsSync } from 'node:fs';
import { searchReport, searchFilesIn } from './search';
import { SEARCH_MANIFEST_PATH } from '../../src/search';

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function stats(times: number[]) {
  const s = [...times].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!;
  return { medianMs: Number(q(0.5).toFixed(3)), p95Ms: Number(q(0.95).toFixed(3)) };
}

const dbPath = arg('db') ?? `dist/${CONTENT_DATABASE_FILE}`;
const stored = new Uint8Array(readFileSync(dbPath));
const SQL = await initSqlJs();
const t0 = performance.now();
const bytes = await unpackDatabaseFile(stored);
const unpackMs = performance.now() - t0;
const t1 = performance.now();
const db = openContentDatabase(SQL, bytes, { defaultLocale: 'en', locales: ['en'] });
const openMs = performance.now() - t1;

const paths = (db.query({ only: ['_path', 'folder'], where: [{ _type: 'markdown' }] }) as { _path: string; folder: string }[]).filter((d) => d._path !== '/');
const sample = (n: number) => Array.from({ length: n }, (_, i) => paths[(i * 7919) % paths.length]!);
const time = (fn: () => unknown, n = 200) => {
  fn(); // warm
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    fn();
    out.push(performance.now() - t);
  }
  return stats(out);
};

let i = 0;
const picks = sample(400);
const report: Record<string, unknown> = {
  documents: paths.length,
  databaseStored: `${(stored.length / 1024 / 1024).toFixed(2)} MB`,
  databaseRaw: `${(bytes.length / 1024 / 1024).toFixed(2)} MB`,
  unpackMs: Number(unpackMs.toFixed(1)),
  openMs: Number(openMs.toFixed(1)),
  firstQueryMs: (() => {
    const t = performance.now();
    db.query(pageQuery(picks[0]!._path));
    return Number((performance.now() - t).toFixed(1));
  })(),
  pageByPath: time(() => db.query(pageQuery(picks[i++ % picks.length]!._path))),
  folderListingSortedLimit20: time(() => db.query({ where: [{ folder: picks[i++ % picks.length]!.folder }], sort: [{ stem: 1, $numeric: true }], limit: 20, only: ['_path', 'title'] })),
  count: time(() => db.query({ where: [{ folder: picks[i++ % picks.length]!.folder }], count: true })),
  surround: time(() => db.query(surroundQuery(picks[i++ % picks.length]!._path)), 100),
};

// The search index of the built site beside the database (the database
// holds only its manifest; the parts are files).
if (existsSync(join(dirname(dbPath), SEARCH_MANIFEST_PATH))) report.search = searchReport(searchFilesIn(dirname(dbPath)));
console.log(JSON.stringify(report, null, 2));
