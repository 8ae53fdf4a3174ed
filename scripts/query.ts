/**
 * Runs a content query from the command line.
 *
 *   npm run --silent query -- --docs records.json --params '{"where":{"draft":false},"only":"title"}'
 *   npm run --silent query -- --db dist/content.sqlite.gz --params '{"count":true}'
 *
 * Prints the result as JSON: a list; an object or null with `first`; a number
 * with `count`; the surround list with `surround`. Invalid parameters or
 * unreadable input: one line on stderr and exit status 2. `--db` takes the
 * build's gzipped file or the SQLite bytes themselves (src/db/file.ts).
 * Options: --locales en,fr and --default-locale en (the site's locale filter).
 */
import { readFileSync } from 'node:fs';
import initSqlJs from 'sql.js';
import { QueryError, runQuery, type QueryOptions } from '../src/query';
import { ContentDatabaseError, openContentDatabase, unpackDatabaseFile } from '../src/db';

class UsageError extends Error {}

const USAGE = "usage: query (--docs FILE.json | --db FILE.sqlite.gz) [--params 'JSON'] [--locales en,fr] [--default-locale en]";

function parseArgs(argv: string[]): Record<string, string> {
  const known = ['--docs', '--db', '--params', '--locales', '--default-locale'];
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    if (flag === '--help' || flag === '-h') throw new UsageError(USAGE);
    if (!known.includes(flag)) throw new UsageError(`unknown option '${arg}' (${USAGE})`);
    const value = inline ?? argv[++i];
    if (value === undefined) throw new UsageError(`${flag} needs a value`);
    out[flag.slice(2)] = value;
  }
  if (!out.docs === !out.db) throw new UsageError(`give exactly one of --docs or --db (${USAGE})`);
  return out;
}

function read(file: string): Buffer {
  try {
    return readFileSync(file);
  } catch (e) {
    throw new UsageError(`cannot read ${file} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
}

async function main(argv: string[]): Promise<unknown> {
  const args = parseArgs(argv);
  let params: unknown;
  try {
    params = JSON.parse(args.params ?? '{}');
  } catch (e) {
    throw new UsageError(`--params is not valid JSON (${(e as Error).message})`);
  }
  const options: QueryOptions = {};
  if (args.locales !== undefined) options.locales = args.locales.split(',').filter(Boolean);
  if (args['default-locale'] !== undefined) options.defaultLocale = args['default-locale'];

  if (args.docs) {
    let docs: unknown;
    try {
      docs = JSON.parse(read(args.docs).toString('utf8'));
    } catch (e) {
      if (e instanceof UsageError) throw e;
      throw new UsageError(`${args.docs} is not valid JSON (${(e as Error).message})`);
    }
    if (!Array.isArray(docs)) throw new UsageError(`${args.docs} must hold a JSON array of documents`);
    return runQuery(docs, params, options);
  }
  const bytes = await unpackDatabaseFile(new Uint8Array(read(args.db!)));
  const SQL = await initSqlJs();
  const db = openContentDatabase(SQL, bytes, options);
  try {
    return db.query(params);
  } finally {
    db.close();
  }
}

main(process.argv.slice(2)).then(
  (result) => {
    process.stdout.write(JSON.stringify(result, null, 2) + '\n');
  },
  (e: unknown) => {
    if (e instanceof QueryError || e instanceof UsageError || e instanceof ContentDatabaseError) {
      process.stderr.write(`query: ${(e as Error).message.replace(/\s*\n\s*/g, ' ')}\n`);
      process.exitCode = 2;
    } else {
      process.stderr.write(`query: ${(e as Error)?.stack ?? String(e)}\n`);
      process.exitCode = 1;
    }
  },
);
