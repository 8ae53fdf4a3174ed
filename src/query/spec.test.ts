/**
 * X3: SPEC.md and the tests stay in step. Every rule of src/query/SPEC.md and
 * src/db/SPEC.md is proved by a test whose name starts with its id, and every
 * test name of these folders (and of the query command) starts with a rule id.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, it } from 'vitest';

const root = resolve(__dirname, '../..');
const specs = ['src/query/SPEC.md', 'src/db/SPEC.md'];
const testFiles = [
  ...['src/query', 'src/db'].flatMap((dir) => readdirSync(join(root, dir)).filter((f) => f.endsWith('.test.ts')).map((f) => `${dir}/${f}`)),
  'scripts/query.test.ts',
].filter((f) => f !== 'src/db/content-client.test.ts'); // not this module's (browser queryContent)

/** The build writes the database file (src/build/database.ts): its test proves the file rules F1 and F2 (its other tests are the build's). */
const buildTests = ['src/build/database.test.ts'];

const rules = new Set(specs.flatMap((f) => [...readFileSync(join(root, f), 'utf8').matchAll(/^- ([A-Z]\d+) /gm)].map((m) => m[1]!)));
const testsOf = (files: string[]) => files.flatMap((f) => [...readFileSync(join(root, f), 'utf8').matchAll(/\bit\(\s*(['"`])(.+?)\1/g)].map((m) => ({ file: f, name: m[2]! })));
const tests = testsOf(testFiles);
const idsOf = (name: string) => (name.match(/^(?:[A-Z]\d+ )+/)?.[0] ?? '').trim().split(' ').filter(Boolean);

it('X3 every rule of the SPEC files has a test', () => {
  const proved = new Set([...tests, ...testsOf(buildTests)].flatMap((t) => idsOf(t.name)));
  expect([...rules].filter((r) => !proved.has(r))).toEqual([]);
  expect(rules.size).toBeGreaterThan(60);
});

it('X3 every test name starts with the id of a rule in the SPEC files', () => {
  expect(tests.filter((t) => !idsOf(t.name).length || idsOf(t.name).some((id) => !rules.has(id))).map((t) => `${t.file}: ${t.name}`)).toEqual([]);
});
