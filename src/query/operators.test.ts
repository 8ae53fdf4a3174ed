import { describe, expect, it } from 'vitest';
import { runQuery, QueryError, type Doc } from '.';

// One fixture item, as in nuxt/content's match tests, plus a few neighbours.
const item = {
  _path: '/rules/combat',
  title: 'Combat',
  n: 10,
  s: '10',
  flag: true,
  none: null,
  tags: ['dice', 'Fight', 3, { x: 1 }],
  nested: { users: ['ana', 'bo'], deep: { level: 2 }, empty: {} },
  list: [[1, 2], 'a'],
};
const others = [
  { _path: '/a', title: 'alpha', n: 2, s: '2', tags: [] },
  { _path: '/b', title: 'Beta', n: '10', flag: false, nested: { users: 'ana' } },
];
const docs = [item, ...others];

/** The `_path`s matched by one condition. */
const paths = (where: unknown): unknown[] => (runQuery(docs, { where, sort: { _path: 1 } }) as Doc[]).map((d) => d._path);
const matches = (where: unknown): boolean => paths(where).includes('/rules/combat');
const error = (where: unknown): QueryError => {
  try {
    runQuery(docs, { where });
  } catch (e) {
    return e as QueryError;
  }
  throw new Error('no error');
};

describe('where operators', () => {
  it('Q1 a plain value matches by deep equality, key order ignored', () => {
    expect(matches({ title: 'Combat' })).toBe(true);
    expect(matches({ title: 'combat' })).toBe(false);
    expect(matches({ 'nested.deep': { level: 2 } })).toBe(true);
    expect(matches({ nested: { empty: {}, deep: { level: 2 }, users: ['ana', 'bo'] } })).toBe(true);
    expect(matches({ 'nested.users': ['bo', 'ana'] })).toBe(false);
  });

  it('Q1 on an array field a value matches when any element is deep-equal', () => {
    expect(paths({ tags: 'dice' })).toEqual(['/rules/combat']);
    expect(matches({ tags: { x: 1 } })).toBe(true);
    expect(matches({ list: [1, 2] })).toBe(true);
    expect(matches({ tags: 'fight' })).toBe(false);
    expect(paths({ 'nested.users': 'ana' })).toEqual(['/b', '/rules/combat']);
  });

  it('Q1 null matches null only, and a missing field equals nothing', () => {
    expect(paths({ none: null })).toEqual(['/rules/combat']);
    expect(paths({ missing: null })).toEqual([]);
  });

  it('Q2 $eq is plain equality, strict about types', () => {
    expect(paths({ n: { $eq: 10 } })).toEqual(['/rules/combat']);
    expect(paths({ n: { $eq: '10' } })).toEqual(['/b']);
    expect(matches({ tags: { $eq: 3 } })).toBe(true);
  });

  it('Q3 $ne is strict and matches missing fields', () => {
    expect(paths({ n: { $ne: 10 } })).toEqual(['/a', '/b']);
    expect(paths({ flag: { $ne: true } })).toEqual(['/a', '/b']);
    expect(matches({ tags: { $ne: 'dice' } })).toBe(false);
  });

  it('Q4 $not negates an operator object, a plain value, or a whole condition', () => {
    expect(paths({ n: { $not: { $gt: 5 } } })).toEqual(['/a', '/b']);
    expect(paths({ title: { $not: 'Combat' } })).toEqual(['/a', '/b']);
    expect(paths({ $not: { title: 'Combat', n: 10 } })).toEqual(['/a', '/b']);
  });

  it('Q5 $and needs every condition; an empty list holds', () => {
    expect(paths({ $and: [{ n: { $gte: 2 } }, { title: { $regex: '^[a-z]' } }] })).toEqual(['/a']);
    expect(paths({ n: { $and: [{ $gt: 1 }, { $lt: 5 }] } })).toEqual(['/a']);
    expect(paths({ $and: [] })).toHaveLength(3);
  });

  it('Q6 $or needs one condition; an empty list never holds', () => {
    expect(paths({ $or: [{ title: 'alpha' }, { title: 'Beta' }] })).toEqual(['/a', '/b']);
    expect(paths({ n: { $or: [2, { $gt: 5 }] } })).toEqual(['/a', '/rules/combat']);
    expect(paths({ $or: [] })).toEqual([]);
  });

  it('Q7 $in takes a value or a list; on arrays any element counts', () => {
    expect(paths({ n: { $in: [2, 10] } })).toEqual(['/a', '/rules/combat']);
    expect(paths({ n: { $in: 2 } })).toEqual(['/a']);
    expect(paths({ tags: { $in: ['Fight', 'none'] } })).toEqual(['/rules/combat']);
    expect(paths({ n: { $in: [] } })).toEqual([]);
  });

  it('Q8 $contains: substrings of strings, elements of arrays, a list means all', () => {
    expect(paths({ title: { $contains: 'mba' } })).toEqual(['/rules/combat']);
    expect(matches({ tags: { $contains: 'dice' } })).toBe(true);
    expect(matches({ tags: { $contains: ['dice', 3] } })).toBe(true);
    expect(matches({ tags: { $contains: ['dice', 4] } })).toBe(false);
    expect(matches({ tags: { $contains: 'dic' } })).toBe(false);
    expect(matches({ n: { $contains: 1 } })).toBe(false);
    expect(paths({ title: { $contains: null } })).toEqual([]);
  });

  it('Q8 $contains takes one object as an element to find, like a list of one', () => {
    expect(matches({ tags: { $contains: { x: 1 } } })).toBe(true);
    expect(matches({ tags: { $contains: { x: 2 } } })).toBe(false);
    expect(paths({ tags: { $contains: { x: 1 } } })).toEqual(paths({ tags: { $contains: [{ x: 1 }] } }));
    expect(paths({ title: { $contains: { x: 1 } } })).toEqual([]); // a string never holds an object
    expect(matches({ tags: { $contains: { $gt: 1 } } })).toBe(false); // an operand is a value, not an operator
  });

  it('Q8 $contains on a list of scalars finds falsy elements exactly (as in nuxt/content)', () => {
    const list = [{ _path: '/v', values: [0, false, ''] }];
    const hits = (operand: unknown) => (runQuery(list, { where: { values: { $contains: operand } } }) as Doc[]).length;
    expect([hits(''), hits(0), hits(false)]).toEqual([1, 1, 1]);
    expect([hits('0'), hits(null), hits(['', 0, false]), hits(['', 1])]).toEqual([0, 0, 1, 0]);
  });

  it('Q9 $icontains ignores case, on strings only', () => {
    expect(paths({ title: { $icontains: 'BET' } })).toEqual(['/b']);
    expect(matches({ tags: { $icontains: 'fight' } })).toBe(false);
    expect(error({ title: { $icontains: 3 } }).message).toContain('$icontains needs a string');
  });

  it('Q10 $containsAny needs a list and matches when any one is held', () => {
    expect(paths({ title: { $containsAny: ['alp', 'Bet'] } })).toEqual(['/a', '/b']);
    expect(matches({ tags: { $containsAny: ['nope', 3] } })).toBe(true);
    expect(paths({ title: { $containsAny: [] } })).toEqual([]);
    expect(error({ title: { $containsAny: 'a' } }).message).toContain('$containsAny needs a list');
  });

  it('Q11 $exists: null counts as present', () => {
    expect(paths({ none: { $exists: true } })).toEqual(['/rules/combat']);
    expect(paths({ flag: { $exists: false } })).toEqual(['/a']);
    expect(error({ flag: { $exists: 1 } }).message).toBe("'where': $exists needs true or false (got 1)");
  });

  it("Q12 $type is JS typeof: arrays and null are 'object', missing is 'undefined'", () => {
    expect(paths({ n: { $type: 'string' } })).toEqual(['/b']);
    expect(matches({ tags: { $type: 'object' } })).toBe(true);
    expect(matches({ none: { $type: 'object' } })).toBe(true);
    expect(paths({ flag: { $type: 'undefined' } })).toEqual(['/a']);
    expect(error({ n: { $type: 'array' } }).message).toContain("one of 'string', 'number', 'boolean', 'object', 'undefined'");
  });

  it('Q13 $regex takes a source or /pattern/flags, ignores g and y, and matches strings only', () => {
    expect(paths({ title: { $regex: '^[A-Z]' } })).toEqual(['/b', '/rules/combat']);
    expect(paths({ title: { $regex: '/^b/i' } })).toEqual(['/b']);
    const sticky = { title: { $regex: '/a/gy' } };
    expect(paths(sticky)).toEqual(paths(sticky)); // no lastIndex state between documents or runs
    expect(paths({ title: { $regex: '/a/g' } })).toEqual(['/a', '/b', '/rules/combat']);
    expect(matches({ n: { $regex: '1' } })).toBe(false);
    expect(error({ title: { $regex: '(' } }).message).toContain('$regex pattern "(" is not a valid regular expression');
    expect(error({ title: { $regex: 3 } }).message).toContain('$regex needs a pattern string');
  });

  it('Q13 $regex matches as nuxt/content does for case, flags and array indexes', () => {
    expect(paths({ 'nested.users.0': { $regex: 'ANA' } })).toEqual([]);
    expect(paths({ 'nested.users.0': { $regex: '/ANA/' } })).toEqual([]);
    expect(paths({ 'nested.users.0': { $regex: '/ANA/i' } })).toEqual(['/rules/combat']);
    expect(paths({ 'nested.users.0': { $not: { $regex: '/ANA/i' } } })).toEqual(['/a', '/b']);
    expect(paths({ title: { $regex: '/^BETA$/im' } })).toEqual(['/b']);
  });

  it('Q13 $regex reads code points and named groups as JavaScript does with the u flag', () => {
    const text = [{ _path: '/t', s: 'x😀y', word: 'Épée' }];
    const hit = (where: unknown) => (runQuery(text, { where }) as Doc[]).length === 1;
    expect(hit({ s: { $regex: '^x.y$' } })).toBe(true);
    expect(hit({ s: { $regex: '\\u{1F600}' } })).toBe(true);
    expect(hit({ word: { $regex: '^\\p{Lu}\\p{Ll}+$' } })).toBe(true);
    expect(hit({ word: { $regex: '/^(?<first>é)/i' } })).toBe(true);
    expect(hit({ word: { $regex: '\\u00e9' } })).toBe(true);
  });

  it('Q14 $gt/$gte/$lt/$lte compare numbers with numbers and strings with strings only', () => {
    expect(paths({ n: { $gt: 2 } })).toEqual(['/rules/combat']);
    expect(paths({ n: { $gte: 2 } })).toEqual(['/a', '/rules/combat']);
    expect(paths({ n: { $lt: 10 } })).toEqual(['/a']);
    expect(paths({ n: { $lte: 10 } })).toEqual(['/a', '/rules/combat']);
    expect(paths({ n: { $gte: '10' } })).toEqual(['/b']);
    expect(paths({ s: { $gt: '10' } })).toEqual(['/a']); // string order: '2' > '10'
    expect(paths({ title: { $lt: 'a' } })).toEqual(['/b', '/rules/combat']); // upper case first (code units)
    expect(error({ n: { $gt: null } }).message).toBe("'where': $gt needs a number or a string (got null)");
  });

  it('Q15 dot paths walk own properties and numeric array indexes', () => {
    expect(paths({ 'nested.users.0': 'ana' })).toEqual(['/rules/combat']);
    expect(paths({ 'nested.users.1': 'bo' })).toEqual(['/rules/combat']);
    expect(paths({ 'tags.3.x': 1 })).toEqual(['/rules/combat']);
    expect(paths({ 'nested.users.length': { $exists: true } })).toEqual([]);
    expect(paths({ 'title.constructor': { $exists: true } })).toEqual([]);
    expect(paths({ 'nested.users.01': 'bo' })).toEqual([]);
  });

  it('Q16 an unknown operator throws a QueryError naming it', () => {
    const e = error({ n: { $size: 1 } });
    expect(e).toBeInstanceOf(QueryError);
    expect(e.parameter).toBe('where');
    expect(e.message).toMatch(/^'where': unknown operator '\$size' \(known: \$and, \$contains/);
    expect(error({ $nor: [] }).message).toContain("unknown operator '$nor'");
  });

  it('Q16 a bad operand throws a QueryError naming the operator', () => {
    expect(error({ n: { $in: { a: 1 } } }).message).toBe('\'where\': $in needs a value or a list of values (got {"a":1})');
    expect(error({ $and: { n: 1 } }).message).toContain('$and needs a list of conditions');
    expect(error({ n: { $or: 1 } }).message).toContain('$or needs a list of conditions');
    expect(error({ n: { $match: 1 } }).message).toBe("'where': $match needs a condition object such as {\"level\": {\"$gt\": 1}} (got 1)");
  });

  it('Q16 field operators at the top, mixed objects and non-object conditions are refused', () => {
    expect(error({ $gt: 1 }).message).toContain("operator '$gt' must be applied to a field");
    expect(error({ nested: { $exists: true, users: 1 } }).message).toContain('cannot mix operators ($exists) with plain keys (users)');
    expect(error([1]).message).toBe("'where' conditions must be objects such as {\"draft\": false} (got 1)");
    expect(error({ $or: [3] }).parameter).toBe('where');
  });

  it('Q16 operands are checked before any document is read', () => {
    expect(() => runQuery([], { where: { n: { $regex: '[' } } })).toThrow(QueryError);
    expect(() => runQuery([], { surround: { query: { n: { $bad: 1 } } } })).toThrow("'surround': unknown operator '$bad'");
  });

  it('Q18 $match applies a condition to the value of a field, with paths inside it', () => {
    expect(paths({ nested: { $match: { 'deep.level': 2 } } })).toEqual(['/rules/combat']);
    expect(paths({ nested: { $match: { users: 'ana' } } })).toEqual(['/b', '/rules/combat']);
    expect(paths({ nested: { $match: { users: 'bo', 'deep.level': { $gte: 2 } } } })).toEqual(['/rules/combat']);
    expect(paths({ nested: { $match: { $or: [{ users: 'bo' }, { users: { $type: 'string' } }] } } })).toEqual(['/b', '/rules/combat']);
    expect(paths({ nested: { $not: { $match: { users: 'ana' } } } })).toEqual(['/a']);
    expect(paths({ 'nested.deep': { $match: { level: 2 } } })).toEqual(paths({ 'nested.deep.level': 2 }));
  });

  it('Q18 $match over a value that is no object finds its paths missing; an empty condition always holds', () => {
    expect(paths({ title: { $match: { length: 6 } } })).toEqual([]);
    expect(paths({ tags: { $match: { x: 1 } } })).toEqual([]); // a list is not searched element by element
    expect(paths({ 'tags.3': { $match: { x: 1 } } })).toEqual(['/rules/combat']);
    expect(paths({ missing: { $match: { x: { $exists: false } } } })).toEqual(['/a', '/b', '/rules/combat']);
    expect(paths({ missing: { $match: {} } })).toHaveLength(3);
  });

  it('Q18 $match operands are checked like where: unknown operators inside are named', () => {
    expect(error({ nested: { $match: { users: { $near: 1 } } } }).message).toContain("unknown operator '$near'");
    expect(error({ nested: { $match: [{ users: 'ana' }] } }).message).toContain('$match needs a condition object');
    expect(error({ $match: { users: 'ana' } }).message).toContain("operator '$match' must be applied to a field");
  });

  it('Q17 every condition of a where list must hold; one object is a list of one', () => {
    expect(paths([{ n: { $gte: 2 } }, { title: { $regex: '^C' } }])).toEqual(['/rules/combat']);
    expect(paths({ n: 2 })).toEqual(paths([{ n: 2 }]));
    expect(paths([])).toHaveLength(3);
  });
});
