/**
 * npm run --silent rules -- evaluate FILE.json
 * npm run --silent rules -- probability --pool N --difficulty D [--edge]
 * Prints JSON; exit status 2 with one line on stderr for bad input.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { evaluate, loadDocument, probabilityAtLeast, expectedHits, RulesError } from '../src/rules';
import { loadCatalogues } from '../src/content/catalogues';
import { contentDirFromEnv } from '../src/content/load';

function fail(message: string): never {
  process.stderr.write(`rules: ${message}\n`);
  process.exit(2);
}

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function wholeNumber(name: string): number {
  const raw = flag(name);
  if (raw === undefined) fail(`--${name} is required`);
  const n = Number(raw);
  if (!Number.isInteger(n)) fail(`--${name} must be a whole number (got '${raw}')`);
  return n;
}

const [command, file] = process.argv.slice(2);
try {
  if (command === 'evaluate') {
    if (!file) fail('usage: rules evaluate FILE.json');
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      fail(`cannot read ${file}`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      fail(`${file} is not valid JSON (${(e as Error).message})`);
    }
    const doc = loadDocument(json);
    const catalogues = loadCatalogues(join(contentDirFromEnv(), 'data')) ?? undefined;
    console.log(JSON.stringify(evaluate(doc, catalogues), null, 2));
  } else if (command === 'probability') {
    const pool = wholeNumber('pool');
    const difficulty = wholeNumber('difficulty');
    const edge = process.argv.includes('--edge');
    console.log(JSON.stringify({ probability: probabilityAtLeast(pool, difficulty, edge), expectedHits: expectedHits(pool, edge) }));
  } else {
    fail('usage: rules evaluate FILE.json | rules probability --pool N --difficulty D [--edge]');
  }
} catch (e) {
  if (e instanceof RulesError) fail(e.message);
  throw e;
}
