/**
 * The query command, run as a separate process over temporary files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';
import initSqlJs from 'sql.js';
import { buildContentDatabase } from '../src/db';
import { scratchDir } from '../src/content/testing';
import { useBundledScript } from './lib/cliBundle';

// Each case starts the command line once or several times, and two test
// files run at a time: 20 s was not always enough on 2 busy cores.

const root = resolve(__dirname, '..');
let dir: string;
let docsFile: string;
let dbFile: string;

const docs = [
  { _id: 'content:1.rules:2.combat.md', _path: '/rules/combat', stem: '1.rules/2.combat', locale: 'en', title: 'Combat', draft: false },
  { _id: 'content:1.rules:10.later.md', _path: '/rules/later', stem: '1.rules/10.later', locale: 'en', title: 'Later', draft: false },
  { _id: 'content:1.rules:3.draft.md', _path: '/rules/draft', stem: '1.rules/3.draft', locale: 'en', title: 'Draft', draft: true },
  { _id: 'content:fr:1.rules.md', _path: '/fr/rules', stem: 'fr/1.rules', locale: 'fr', title: 'Règles', draft: false },
];

/** The case: a 31-character body that `^(a+)+$` makes a backtracking RegExp try for years. */
const attack = [
  { _id: 'content:a.md', _path: '/a', stem: 'a', body: 'a'.repeat(30) + '!' },
  { _id: 'content:b.md', _path: '/b', stem: 'b', body: 'a'.repeat(31) },
];

beforeAll(async () => {
  dir = scratchDir('nucleus-query-');
  docsFile = join(dir, 'docs.json');
  // As a build writes it (gzipped, src/db/file.ts); the attack database below is raw SQLite.
  dbFile = join(dir, 'content.sqlite.gz');
  writeFileSync(docsFile, JSON.stringify(docs));
  writeFileSync(dbFile, gzipSync(buildContentDatabase(await initSqlJs(), { documents: docs, integrity: 'test' })));
  writeFileSync(join(dir, 'damaged.sqlite.gz'), readFileSync(dbFile).subarray(0, 200));
  writeFileSync(join(dir, 'object.json'), '{"not": "a list"}');
  writeFileSync(join(dir, 'broken.json'), '[{');
  writeFileSync(join(dir, 'attack.json'), JSON.stringify(attack));
  writeFileSync(join(dir, 'attack.sqlite'), buildContentDatabase(await initSqlJs(), { documents: attack, integrity: 'test' }));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

// The command as one bundled file, started as plain Node; C5 runs it as `npm run query` does (tsx).
const bundled = useBundledScript('scripts/query.ts');

// A query that never returns is killed after 30 s: its status is then null, not 0 or 2.
function query(...args: string[]) {
  const r = spawnSync(process.execPath, [bundled(), ...args], { cwd: root, encoding: 'utf8', timeout: 30_000, killSignal: 'SIGKILL' });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, json: r.status === 0 ? JSON.parse(r.stdout) : undefined };
}

// Each case starts Node, so the cases get more time than the default.
describe('query command', () => {
  it('C1 --docs runs the query over a JSON array and prints the result as JSON', () => {
    const r = query('--docs', docsFile, '--params', '{"where":{"draft":false},"only":"title"}');
    expect(r.stderr).toBe('');
    expect(r.json).toEqual([{ title: 'Combat' }, { title: 'Later' }, { title: 'Règles' }]);
  });

  it('C2 --db runs the same query over a built content database, with the same shapes', () => {
    const first = '{"where":{"_path":"/rules/combat"},"first":true,"only":["title"]}';
    for (const source of [['--docs', docsFile], ['--db', dbFile]]) {
      expect(query(...source, '--params', first).json).toEqual({ title: 'Combat' });
      expect(query(...source, '--params', '{"where":{"_path":"/none"},"first":true}').json).toBeNull();
      expect(query(...source, '--params', '{"count":true}', '--locales', 'en,fr', '--default-locale', 'en').json).toBe(3);
      expect(query(...source, '--params', '{"surround":{"query":"/rules/draft"},"only":"_path"}', '--locales', 'en').json).toEqual([{ _path: '/rules/combat' }, { _path: '/rules/later' }]);
    }
  });

  it('C3 invalid parameters exit with status 2 and one line naming the problem', () => {
    const r = query('--docs', docsFile, '--params', '{"limit":-1}');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe("query: 'limit' must be a whole number ≥ 0 (got -1)\n");
    expect(query('--db', dbFile, '--params', '{"where":{"a":{"$near":1}}}').stderr).toMatch(/^query: 'where': unknown operator '\$near' .*\n$/);
    expect(query('--docs', docsFile, '--params', '{where}').stderr).toMatch(/^query: --params is not valid JSON \(.*\)\n$/);
    expect(query('--db', join(dir, 'damaged.sqlite.gz')).stderr).toBe('query: The content database file is damaged (its compressed bytes do not unpack); load it again, or rebuild the site.\n');
  });

  it('C3 a pattern that backtracks catastrophically in JavaScript answers, from a JSON file and from a database', () => {
    for (const source of [['--docs', join(dir, 'attack.json')], ['--db', join(dir, 'attack.sqlite')]]) {
      const r = query(...source, '--params', '{"where":{"body":{"$regex":"^(a+)+$"}},"only":"_path"}');
      expect([r.status, r.stderr]).toEqual([0, '']);
      expect(r.json).toEqual([{ _path: '/b' }]);
    }
  });

  it('C3 5,000 nested $and and a lookahead pattern exit with status 2 and one line naming the parameter', () => {
    const deep = '{"where":' + '{"$and":['.repeat(5000) + '{"body":"x"}' + ']}'.repeat(5000) + '}';
    for (const source of [['--docs', join(dir, 'attack.json')], ['--db', join(dir, 'attack.sqlite')]]) {
      const nested = query(...source, '--params', deep);
      expect([nested.status, nested.stdout]).toEqual([2, '']);
      expect(nested.stderr).toBe("query: 'where' nests deeper than 64 levels of objects and lists (write one $and or $or with many conditions rather than nesting them)\n");
      const lookahead = query(...source, '--params', '{"where":{"body":{"$regex":"a(?=b)"}}}');
      expect(lookahead.status).toBe(2);
      expect(lookahead.stderr).toMatch(/^query: 'where': \$regex pattern "a\(\?=b\)" cannot run in time linear in the text: .*\n$/);
    }
  });

  it('C3 L6 surround.before of 1e9 exits at once with status 2 and one line naming the parameter, from a JSON file and from a database', () => {
    for (const source of [['--docs', join(dir, 'attack.json')], ['--db', join(dir, 'attack.sqlite')]]) {
      const started = Date.now();
      const r = query(...source, '--params', '{"surround":{"query":"/b","before":1000000000}}');
      expect([r.status, r.stdout]).toEqual([2, '']);
      expect(r.stderr).toBe("query: 'surround.before' may be at most 1000 documents (got 1000000000)\n");
      expect(Date.now() - started).toBeLessThan(10_000); // it ran 116 s and ended in a RangeError
      expect(query(...source, '--params', '{"surround":{"query":"/b","before":1000,"after":1000},"only":"_path"}').json).toHaveLength(2000);
    }
  });

  it('C4 unreadable input exits with status 2 and one line', () => {
    const cases: [string[], RegExp][] = [
      [['--docs', join(dir, 'missing.json')], /^query: cannot read .*missing\.json \(ENOENT\)\n$/],
      [['--docs', join(dir, 'object.json')], /^query: .*object\.json must hold a JSON array of documents\n$/],
      [['--docs', join(dir, 'broken.json')], /^query: .*broken\.json is not valid JSON \(.*\)\n$/],
      [['--db', docsFile], /^query: This file is not a Nucleus content database .*\n$/],
      [[], /^query: give exactly one of --docs or --db/],
      [['--docs', docsFile, '--frobnicate', '1'], /^query: unknown option '--frobnicate'/],
    ];
    for (const [args, stderr] of cases) {
      const r = query(...args);
      expect(r.status).toBe(2);
      expect(r.stderr).toMatch(stderr);
      expect(r.stderr.trim().split('\n')).toHaveLength(1);
    }
  });

  it('C5 the npm script runs the command', () => {
    const r = spawnSync('npm', ['run', '--silent', 'query', '--', '--docs', docsFile, '--params', '{"count":true}'], { cwd: root, encoding: 'utf8' });
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toBe(4);
  });
});
