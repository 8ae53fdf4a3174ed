/**
 * The rules engine on the command line.
 *   npm run --silent rules -- evaluate FILE.json
 *   npm run --silent rules -- probability --pool N --difficulty D [--edge]
 * Prints JSON on stdout. Unreadable or invalid input or arguments: exit
 * status 2 and one line on stderr. Catalogues come from `content/data/`
 * (or `$NUCLEUS_DATA_DIR`, which the tests use).
 */
import { readFileSync } from 'node:fs';
import { evaluate, loadDocument, probabilityAtLeast, expectedHits } from '../src/rules';
import { readCatalogues } from '../src/content';

const USAGE = 'usage: rules evaluate FILE.json | rules probability --pool N --difficulty D [--edge]';

class InputError extends Error {}

function option(args: string[], name: string): number {
  const i = args.indexOf(`--${name}`);
  const raw = i >= 0 ? args[i + 1] : undefined;
  if (raw === undefined) throw new InputError(`--${name} is required (${USAGE})`);
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(n)) throw new InputError(`--${name} must be a whole number (got '${raw}')`);
  return n;
}

function run(args: string[]): unknown {
  const [command, ...rest] = args;
  if (command === 'evaluate') {
    const file = rest[0];
    if (!file || rest.length > 1) throw new InputError(USAGE);
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch (e) {
      throw new InputError(`cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
    }
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw new InputError(`${file} is not valid JSON (${(e as Error).message})`);
    }
    const doc = loadDocument(json);
    return evaluate(doc, readCatalogues(process.env.NUCLEUS_DATA_DIR ?? 'content/data'));
  }
  if (command === 'probability') {
    const known = new Set(['--pool', '--difficulty', '--edge']);
    const unknown = rest.find((a, i) => a.startsWith('--') && !known.has(a) && !(i > 0 && ['--pool', '--difficulty'].includes(rest[i - 1]!)));
    if (unknown) throw new InputError(`unknown option ${unknown} (${USAGE})`);
    const pool = option(rest, 'pool');
    const difficulty = option(rest, 'difficulty');
    const edge = rest.includes('--edge');
    return { probability: probabilityAtLeast(pool, difficulty, edge), expectedHits: expectedHits(pool, edge) };
  }
  throw new InputError(USAGE);
}

try {
  process.stdout.write(`${JSON.stringify(run(process.argv.slice(2)), null, 2)}\n`);
} catch (e) {
  // Every failure here comes from the input (file, JSON, document shape, catalogue file, argument).
  process.stderr.write(`rules: ${(e as Error).message.split('\n')[0]}\n`);
  process.exit(2);
}
