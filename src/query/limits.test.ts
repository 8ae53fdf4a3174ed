import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { QUERY_LIMITS, QueryError, REGEX_LIMITS, runQuery, type Doc } from '.';

const docs: Doc[] = [
  { _path: '/attack', body: 'a'.repeat(30) + '!' },
  { _path: '/as', body: 'a'.repeat(31) },
  { _path: '/text', body: 'Plasma rifle\u00a0(heavy)\r\nrange 30', tags: ['Laser', 'laser'] },
];
const paths = (where: unknown): unknown[] => (runQuery(docs, { where }) as Doc[]).map((d) => d._path);
const error = (params: unknown): QueryError => {
  try {
    runQuery(docs, params);
  } catch (e) {
    if (e instanceof QueryError) return e;
    throw e;
  }
  throw new Error('no error');
};
/** `n` lists, one inside the other, around `leaf`. */
const lists = (n: number, leaf: unknown = 1): unknown => {
  let v = leaf;
  for (let i = 0; i < n; i++) v = [v];
  return v;
};
/** `$and` wrapped `n` times around a condition. */
const ands = (n: number): unknown => {
  let c: unknown = { body: 'x' };
  for (let i = 0; i < n; i++) c = { $and: [c] };
  return c;
};

describe('limits', () => {
  it('L1 a condition may nest 64 levels of objects and lists; one more is a QueryError naming the parameter', () => {
    expect(QUERY_LIMITS.depth).toBe(64);
    expect(paths({ body: { $in: lists(62) } })).toEqual([]); // condition, operator object, 62 lists: 64
    const e = error({ where: { body: { $in: lists(63) } } });
    expect(e.parameter).toBe('where');
    expect(e.message).toBe("'where' nests deeper than 64 levels of objects and lists (write one $and or $or with many conditions rather than nesting them)");
  });

  it('L1 5,000 nested $and, a deep surround condition and a cycle are QueryErrors, not stack overflows', () => {
    expect(error({ where: ands(5000) }).parameter).toBe('where');
    expect(error({ where: [{ body: 'x' }, ands(40)] }).message).toContain("'where' nests deeper than 64");
    const surround = error({ surround: { query: ands(5000) } });
    expect([surround.parameter, surround.message.slice(0, 40)]).toEqual(['surround', "'surround.query' nests deeper than 64 le"]);
    const cycle: Record<string, unknown> = { body: 'x' };
    cycle.self = cycle;
    expect(error({ where: cycle }).message).toContain('nests deeper than 64');
    expect(paths(ands(31))).toEqual([]); // 31 × ($and object + list) + the leaf: 63 levels
  });

  it('L2 a parameter holds at most 100,000 values, which also bounds a walk over shared sub-objects', () => {
    expect(QUERY_LIMITS.values).toBe(100_000);
    expect(paths({ body: { $in: Array.from({ length: 90_000 }, (_, i) => `x${i}`) } })).toEqual([]);
    expect(error({ where: { body: { $in: Array.from({ length: 100_000 }, (_, i) => `x${i}`) } } }).message).toBe("'where' holds more than 100000 values");
    let shared: unknown = ['x'];
    for (let i = 0; i < 60; i++) shared = [shared, shared]; // 2^60 paths, 61 objects
    expect(error({ where: { body: { $in: shared } } }).message).toBe("'where' holds more than 100000 values");
  });

  it('L3 a $regex pattern has at most 256 characters', () => {
    expect(REGEX_LIMITS.length).toBe(256);
    expect(paths({ body: { $regex: 'a'.repeat(256) } })).toEqual([]);
    const e = error({ where: { body: { $regex: 'a'.repeat(257) } } });
    expect(e.parameter).toBe('where');
    expect(e.message).toMatch(/^'where': \$regex pattern "a{56}\.\.\. is longer than 256 characters \(257\)$/);
  });

  it('L4 patterns that backtrack catastrophically in JavaScript run in linear time and answer', () => {
    expect(paths({ body: { $regex: '^(a+)+$' } })).toEqual(['/as']);
    expect(paths({ body: { $regex: '(a|a)*$' } })).toEqual(['/attack', '/as', '/text']);
    expect(paths({ body: { $regex: '^(a|aa)+$' } })).toEqual(['/as']);
    expect(paths({ body: { $regex: '^(\\w+\\s?)*$' } })).toEqual(['/as']);
  });

  it('L4 what needs backtracking (lookahead, lookbehind, back-references) is refused, naming the parameter', () => {
    for (const pattern of ['x(?=y)', 'x(?!y)', '(?<=a)b', '(a)\\1', '(?<n>a)\\k<n>', '(?<k>a)\\\\\\k<k>']) {
      const e = error({ where: { body: { $regex: pattern } } });
      expect(e.parameter).toBe('where');
      expect(e.message).toContain(`$regex pattern ${JSON.stringify(pattern)} cannot run in time linear in the text`);
    }
    expect(error({ surround: { query: { body: { $regex: 'x(?=y)' } } } }).parameter).toBe('surround');
  });

  it('L4 a pattern whose program exceeds 500 steps per character, or patterns that together exceed 1,000, are refused', () => {
    expect(REGEX_LIMITS).toMatchObject({ program: 500, total: 1000 });
    expect(error({ where: { body: { $regex: '\\w{100}'.repeat(6) } } }).message).toMatch(/is too large to run quickly \(\d+ steps per character, at most 500\)/);
    expect(paths({ body: { $regex: '.{1,200}x' } })).toEqual([]);
    const three = { $or: [3, 0, 5].map((i) => ({ body: { $regex: `.{1,200}${i}` } })) };
    expect(error({ where: three }).message).toMatch(/brings the patterns of this parameter over 1000 steps per character \(\d+\)/);
    expect(paths({ $or: [3, 0].map((i) => ({ body: { $regex: `.{1,200}${i}` } })) })).toEqual(['/text']);
  });

  it('L4 a counted repetition over 1,000, nested ones multiplied, is refused as too large, not as lookaround', () => {
    expect(REGEX_LIMITS.repeat).toBe(1000);
    expect(paths({ body: { $regex: '(?:a{2}){200}' } })).toEqual([]); // 400 in all, a program under 500 steps
    for (const pattern of ['a{1001}', '(a{100}){100}', '(?:x{2,40}){50}']) {
      const e = error({ where: { body: { $regex: pattern } } });
      expect(e.parameter).toBe('where');
      expect(e.message).toContain(`$regex pattern ${JSON.stringify(pattern)} is too large: its counted repetitions repeat more than 1000 times`);
      expect(e.message).not.toMatch(/lookahead|lookbehind|back-reference|linear/);
    }
  });

  it('L4 what RE2 cannot read for another reason says so, without blaming lookaround', () => {
    const e = error({ where: { body: { $regex: '\\p{Script_Extensions=Latin}' } } });
    expect(e.message).toMatch(/cannot be run by the linear-time matcher \(.*Script_Extensions/);
    expect(e.message).not.toContain('lookahead');
  });

  it('L6 surround.before and surround.after are at most 1,000: 1e9 is a QueryError at once, naming the parameter', () => {
    expect(QUERY_LIMITS.surround).toBe(1000);
    const started = performance.now();
    for (const key of ['before', 'after']) {
      const e = error({ surround: { query: '/as', [key]: 1e9 } });
      expect([e.parameter, e.message]).toEqual(['surround', `'surround.${key}' may be at most 1000 documents (got 1000000000)`]);
      expect(error({ surround: { query: '/as', [key]: 1001 } }).message).toContain('(got 1001)');
    }
    expect(performance.now() - started).toBeLessThan(1000); // 1e9 ran 116 s and ended in a RangeError
    const around = runQuery(docs, { surround: { query: '/as', before: 1000, after: 1000 } }) as unknown[];
    expect(around).toHaveLength(2000);
    expect(around.filter(Boolean)).toHaveLength(2);
  });

  it('V3 a whole number too large to count exactly is refused as too large, not as no whole number', () => {
    for (const name of ['limit', 'skip']) {
      expect(runQuery(docs, { [name]: Number.MAX_SAFE_INTEGER, count: true })).toBe(3);
      const e = error({ [name]: 1e300 });
      expect([e.parameter, e.message]).toEqual([name, `'${name}' may be at most 9007199254740991 (got 1e+300)`]);
      expect(error({ [name]: 2.5 }).message).toBe(`'${name}' must be a whole number ≥ 0 (got 2.5)`);
    }
    expect(error({ surround: { query: '/as', before: 1e300 } }).message).toBe("'surround.before' may be at most 1000 documents (got 1e+300)");
  });

  it('L6 only and without list at most 1,000 dot paths, sort has at most 100 fields: more is a QueryError naming the parameter', () => {
    expect(QUERY_LIMITS).toMatchObject({ paths: 1000, sortKeys: 100 });
    const list = (n: number) => Array.from({ length: n }, (_, i) => `f${i}`);
    for (const name of ['only', 'without']) {
      expect(runQuery(docs, { [name]: list(1000), first: true })).not.toBeNull();
      const e = error({ [name]: list(1001) });
      expect([e.parameter, e.message]).toEqual([name, `'${name}' may list at most 1000 dot paths (got 1001)`]);
    }
    expect(runQuery(docs, { sort: [Object.fromEntries(list(50).map((f) => [f, 1])), Object.fromEntries(list(50).map((f) => [`g${f}`, -1]))], count: true })).toBe(3);
    const e = error({ sort: [Object.fromEntries(list(100).map((f) => [f, 1])), { title: 1 }] });
    expect([e.parameter, e.message]).toEqual(['sort', "'sort' may have at most 100 fields in all (got 101)"]);
  });

  it("L4 patterns are JavaScript's syntax read with the u flag; the v flag and invalid flags are refused", () => {
    expect(error({ where: { body: { $regex: '/a/v' } } }).message).toContain("uses the 'v' flag");
    expect(error({ where: { body: { $regex: '/a/x' } } }).message).toMatch(/is not a valid regular expression \(.*'x'/);
    expect(error({ where: { body: { $regex: '\\-' } } }).message).toContain('is not a valid regular expression'); // an identity escape the u flag refuses
    expect(paths({ body: { $regex: '/PLASMA/i' } })).toEqual(['/text']);
    expect(paths({ body: { $regex: '/^range/m' } })).toEqual(['/text']);
    expect(paths({ body: { $regex: '\\\\k<n>' } })).toEqual([]); // an escaped backslash, then the letters k<n>
  });

  it('L4 RE2 meanings: \\s is ASCII white space, and . excludes only \\n', () => {
    expect(paths({ body: { $regex: 'rifle\\s\\(' } })).toEqual([]); // a no-break space is not \s
    expect(paths({ body: { $regex: 'rifle.\\(' } })).toEqual(['/text']);
    expect(paths({ body: { $regex: '\\).range' } })).toEqual([]); // . does not match \n
    expect(paths({ body: { $regex: '\\)..range' } })).toEqual([]);
    expect(paths({ body: { $regex: '\\).\\nrange' } })).toEqual(['/text']); // . matches \r
  });

  // The property runs in a child process: a query that never returns would block this test's own thread.
  it('L5 every query over arbitrary JSON parameters ends in a result or a QueryError within a second, in runQuery and the content database', { timeout: 180_000 }, () => {
    const seed = Date.now() % 1_000_000;
    const r = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/lib/query-answers.ts', String(seed), '200'], {
      cwd: resolve(__dirname, '../..'),
      encoding: 'utf8',
      timeout: 150_000,
      killSignal: 'SIGKILL',
      maxBuffer: 64 * 1024 * 1024,
    });
    const last = r.stdout.trim().split('\n').at(-1) ?? '';
    expect(r.signal, `killed after 150 s; the query that never ended: ${last}`).toBeNull();
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    const [, runs, results, errors] = /^ok: (\d+) runs, (\d+) results, (\d+) QueryErrors/.exec(last) ?? [];
    expect(Number(runs)).toBe(200);
    expect(Number(results)).toBeGreaterThan(40); // of 400 answers (two engines): not a property of refusals only
    expect(Number(errors)).toBeGreaterThan(40);
  });
});
