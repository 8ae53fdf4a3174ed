/**
 * The "always answers" property of the query engine (src/query/SPEC.md L5),
 * run in a process of its own by src/query/limits.test.ts: a query that never
 * returns blocks the thread it runs on, so only another process can notice
 * it, kill it and fail the test instead of hanging it.
 *
 *   node --import tsx scripts/lib/query-answers.ts SEED RUNS
 *
 * Before each run it prints `run N: <parameters, shortened>`, so the last line
 * names a query that hung. Every run must end in a result or a QueryError
 * within a second of CPU time, in runQuery and in the content database; otherwise it
 * exits with status 1 and fast-check's report (seed, shrunk parameters).
 */
import fc from 'fast-check';
import initSqlJs from 'sql.js';
import { QueryError, runQuery, type Doc } from '../../src/query';
import { show } from '../../src/query/errors';
import { buildContentDatabase, openContentDatabase } from '../../src/db';

const [seed, runs] = process.argv.slice(2).map(Number);
const DEADLINE_MS = 1000;

/** The 31-character body of the issue, and longer texts that make a bad pattern slow. */
const BODIES = ['a'.repeat(30) + '!', 'a'.repeat(500) + '!', 'ab'.repeat(250) + 'c', 'x😀y\r\n\u2028 é', ''];
const FIXED: Doc[] = BODIES.map((body, i) => ({
  _id: `content:${i}.md`,
  _path: `/d${i}`,
  stem: `d${i}`,
  locale: i % 2 ? 'fr' : 'en',
  draft: i === 3,
  title: body.slice(0, 40),
  body,
  tags: [body.slice(0, 5), i, { x: i }],
  nested: { users: ['a', body], deep: { level: i } },
}));

const FIELDS = ['body', 'title', 'tags', 'tags.2', 'nested', 'nested.users', 'nested.deep.level', '_path', 'draft', 'missing'];
const field = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FIELDS) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) });

const ATTACKS = ['^(a+)+$', '(a|a)*$', '^(a|aa)+$', '(a*)*b', '^(\\w+\\s?)*$', '(.*a){20}', '(x+x+)+y', '^(([a-z])+.)+[A-Z]([a-z])+$', 'a{1000}{1000}', '(a|b|ab)*c'.repeat(12), '\\w{100}'.repeat(6), '(?:a|b|ab|ba){1000}', 'x(?=y)', '(a)\\1', '(?<=a)b'];
const few = fc.constantFrom('(', ')', '+', '*', 'a');
const many = fc.constantFrom('(', ')', '+', '*', 'a', '|', '?', '{', '}', '1', '0', ',', '^', '$', '.', '\\', '[', ']', 'b', 's', 'w', '(?:', '(?=', '\\1');
/** Pattern strings built to backtrack: from `( ) + * a`, from more syntax, near the length cap, known attacks. */
const source = fc.oneof(
  fc.string({ unit: few, maxLength: 40 }),
  fc.string({ unit: many, maxLength: 60 }),
  fc.string({ unit: few, minLength: 240, maxLength: 270 }),
  fc.constantFrom(...ATTACKS),
  fc.string({ maxLength: 20 }),
);
const pattern = fc.tuple(source, fc.constantFrom('', '/i', '/m', '/s', '/gimsuy', '/v', '/x')).map(([p, f]) => (f ? `/${p}${f}` : p));

const operand = fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom('a', 'aaa', '😀', 0, null, true));
const { condition } = fc.letrec<{ condition: unknown; expr: unknown }>((tie) => ({
  expr: fc.oneof(
    { depthSize: 'small' },
    operand,
    fc.record({ $regex: pattern }),
    fc.record({ $match: tie('condition') }),
    fc.record({ $not: tie('expr') }),
    fc.record({ $and: fc.array(tie('expr'), { maxLength: 3 }) }),
    fc.record({ $or: fc.array(tie('expr'), { maxLength: 3 }) }),
    fc.dictionary(fc.constantFrom('$eq', '$ne', '$in', '$contains', '$containsAny', '$icontains', '$exists', '$type', '$gt', '$lte', '$size', '$where'), operand, { maxKeys: 2 }),
  ),
  condition: fc.oneof(
    { depthSize: 'small' },
    fc.dictionary(field, tie('expr'), { maxKeys: 3 }),
    fc.record({ $and: fc.array(tie('condition'), { maxLength: 3 }) }),
    fc.record({ $or: fc.array(tie('condition'), { maxLength: 3 }) }),
    fc.record({ $not: tie('condition') }),
    { arbitrary: operand, weight: 1 },
  ),
}));

/** A condition wrapped `depth` times by one kind of nesting, built without recursion. */
function nest(kind: string, depth: number, leaf: unknown): unknown {
  let c = leaf;
  for (let i = 0; i < depth; i++) {
    if (kind === '$and' || kind === '$or') c = { [kind]: [c] };
    else if (kind === '$not') c = { $not: c };
    else if (kind === 'field $not') c = { body: { $not: c } };
    else if (kind === '$match') c = { nested: { $match: c } };
    else c = { body: { $eq: [c] } }; // a deep plain value
  }
  return c;
}
const deep = fc
  .tuple(fc.constantFrom('$and', '$or', '$not', 'field $not', '$match', 'value'), fc.oneof(fc.integer({ min: 60, max: 70 }), fc.integer({ min: 1, max: 6000 })), condition)
  .map(([kind, depth, leaf]) => nest(kind, depth, leaf));
const wide = fc
  .tuple(fc.constantFrom('$and', '$or', '$in', '$regex'), fc.integer({ min: 0, max: 2000 }), condition, pattern)
  .map(([kind, n, c, p]) => {
    if (kind === '$in') return { _path: { $in: Array.from({ length: n }, (_, i) => `/d${i % 7}`) } };
    if (kind === '$regex') return { $or: Array.from({ length: n }, () => ({ body: { $regex: p } })) };
    return { [kind]: Array.from({ length: n }, () => c) };
  });
const where = fc.oneof(condition, deep, wide, fc.array(fc.oneof(condition, deep, wide), { maxLength: 3 }));

const anything = fc.jsonValue({ maxDepth: 3 });
/** Mostly `usual`, sometimes any JSON value at all. */
const mostly = <T>(usual: fc.Arbitrary<T>) => fc.oneof({ weight: 9, arbitrary: usual }, { weight: 1, arbitrary: anything });
/** A parameter present `percent` % of the time. */
const sometimes = <T>(percent: number, arb: fc.Arbitrary<T>) => fc.oneof({ weight: 100 - percent, arbitrary: fc.constant(undefined) }, { weight: percent, arbitrary: arb });
const params = fc.oneof(
  { weight: 1, arbitrary: anything },
  {
    weight: 9,
    arbitrary: fc
      .record({
        where: sometimes(80, mostly(where)),
        only: sometimes(20, mostly(fc.oneof(fc.constantFrom('_', '$', 'title', 'nested.users'), fc.array(fc.string({ maxLength: 6 }), { maxLength: 3 })))),
        without: sometimes(20, mostly(fc.constantFrom('_', '$', 'body', ['body', '_']))),
        sort: sometimes(20, mostly(fc.record({ title: fc.constantFrom(1, -1), $numeric: fc.boolean() }))),
        limit: sometimes(20, mostly(fc.nat(5))),
        skip: sometimes(10, mostly(fc.nat(5))),
        first: sometimes(10, mostly(fc.boolean())),
        count: sometimes(15, mostly(fc.boolean())),
        surround: sometimes(15, mostly(fc.record({ query: fc.oneof(fc.constantFrom('/d1', '/d2'), condition, deep) }))),
        locale: sometimes(10, mostly(fc.constantFrom('en', 'fr'))),
        dirConfig: sometimes(10, mostly(fc.boolean())),
      })
      .map((q) => Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined))),
  },
);
const docs = fc.array(fc.dictionary(field, fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...BODIES))), { maxLength: 5 });

const tally = { results: 0, errors: 0, slowest: 0 };

/**
 * Runs one query and checks that it answered in time: a result, or a
 * QueryError. Time is the process's CPU time, which other programs on a busy
 * machine do not lengthen as they lengthen the wall clock's.
 */
function answers(run: () => unknown, engine: string): void {
  const start = process.cpuUsage();
  try {
    run();
    tally.results++;
  } catch (e) {
    if (!(e instanceof QueryError)) throw new Error(`${engine} threw ${(e as Error)?.name}: ${(e as Error)?.message}`);
    tally.errors++;
  }
  const used = process.cpuUsage(start);
  const ms = (used.user + used.system) / 1000;
  tally.slowest = Math.max(tally.slowest, ms);
  if (ms > DEADLINE_MS) throw new Error(`${engine} took ${Math.round(ms)} ms of CPU time`);
}

/** The parameters in at most 300 characters (a query nested 6,000 deep is long). */
const shortened = (p: unknown): string => show(p, 300);

const SQL = await initSqlJs();
const database = openContentDatabase(SQL, buildContentDatabase(SQL, { documents: FIXED, integrity: 'answers' }), { locales: ['en', 'fr'] });
let n = 0;
// fc.check, not fc.assert: fast-check's own report prints a query nested 6,000 deep recursively.
const out = fc.check(
  fc.property(params, docs, (p, extra) => {
    process.stdout.write(`run ${++n}: ${shortened(p)}\n`);
    answers(() => runQuery([...FIXED, ...extra], p), 'runQuery');
    answers(() => database.query(p), 'the content database');
  }),
  { seed, numRuns: runs },
);
if (out.failed) {
  const [p, extra] = out.counterexample ?? [];
  process.stderr.write(`${(out.errorInstance as Error)?.stack ?? 'failed'}\nparameters: ${shortened(p)}\nextra documents: ${shortened(extra)}\nseed ${out.seed}, path ${out.counterexamplePath}\n`);
  process.exitCode = 1;
} else {
  process.stdout.write(`ok: ${n} runs, ${tally.results} results, ${tally.errors} QueryErrors, slowest ${Math.round(tally.slowest)} ms\n`);
}
