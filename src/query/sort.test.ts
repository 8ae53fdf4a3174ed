import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compareStems, runQuery, QueryError, type Doc } from '.';

const ids = (r: unknown) => (r as Doc[]).map((d) => d.id);
const sorted = (docs: Doc[], sort: unknown) => ids(runQuery(docs, { sort }));

describe('sort', () => {
  const people = [
    { id: 1, group: 'b', age: 30 },
    { id: 2, group: 'a', age: 40 },
    { id: 3, group: 'b', age: 20 },
    { id: 4, group: 'a', age: 40 },
  ];

  it('S1 the first key decides and later keys break ties, within one object in written order', () => {
    expect(sorted(people, { group: 1, age: -1 })).toEqual([2, 4, 1, 3]);
    expect(sorted(people, { age: -1, group: 1 })).toEqual([2, 4, 1, 3]);
    expect(sorted(people, { age: 1, group: 1 })).toEqual([3, 1, 2, 4]);
  });

  it('S1 the first key decides across a list of sort objects', () => {
    expect(sorted(people, [{ group: -1 }, { age: 1 }])).toEqual([3, 1, 2, 4]);
    expect(sorted(people, [{ age: 1 }, { group: -1 }])).toEqual([3, 1, 2, 4]);
  });

  it('S2 sorting is stable: equal documents keep their input order', () => {
    fc.assert(
      fc.property(fc.array(fc.record({ k: fc.integer({ min: 0, max: 3 }) }), { maxLength: 30 }), (rows) => {
        const docs = rows.map((r, i) => ({ ...r, id: i }));
        const out = runQuery(docs, { sort: { k: 1 } }) as Doc[];
        for (let i = 1; i < out.length; i++) {
          const [a, b] = [out[i - 1]!, out[i]!];
          expect((a.k as number) < (b.k as number) || (a.k === b.k && (a.id as number) < (b.id as number))).toBe(true);
        }
      }),
    );
  });

  it('S3 1 is ascending and -1 descending', () => {
    expect(sorted(people, { age: 1 })).toEqual([3, 1, 2, 4]);
    expect(sorted(people, { age: -1 })).toEqual([2, 4, 1, 3]);
  });

  it('S4 null and missing values sort last in both directions', () => {
    const docs = [{ id: 1, v: null }, { id: 2, v: 2 }, { id: 3 }, { id: 4, v: 1 }];
    expect(sorted(docs, { v: 1 })).toEqual([4, 2, 1, 3]);
    expect(sorted(docs, { v: -1 })).toEqual([2, 4, 1, 3]);
  });

  it('S5 mixed kinds order numbers, strings, booleans, then objects and arrays; descending reverses them', () => {
    const docs = [
      { id: 1, v: 'b' },
      { id: 2, v: true },
      { id: 3, v: [1] },
      { id: 4, v: 10 },
      { id: 5, v: 'a' },
      { id: 6, v: { a: 1 } },
      { id: 7, v: false },
      { id: 8, v: 2 },
    ];
    expect(sorted(docs, { v: 1 })).toEqual([8, 4, 5, 1, 7, 2, 3, 6]);
    expect(sorted(docs, { v: -1 })).toEqual([3, 6, 2, 7, 1, 5, 4, 8]);
  });

  it('S6 the default order is by stem, numerically, segment by segment, index first, no stem last', () => {
    const stems = ['1.rules/10.x', 'x', '10.b', '1.rules/2.combat', '1.rules/index', '2.a', '1.rules/2.combat/1.sub', '1.rules'];
    const docs = [{ id: 'none' }, ...stems.map((stem) => ({ id: stem, stem }))];
    expect(ids(runQuery(docs, {}))).toEqual(['1.rules', '1.rules/index', '1.rules/2.combat', '1.rules/2.combat/1.sub', '1.rules/10.x', '2.a', '10.b', 'x', 'none']);
    expect(ids(runQuery(docs, { sort: [] }))).toEqual(ids(runQuery(docs, {})));
  });

  it('S6 compareStems is a total order: antisymmetric and transitive on random stems', () => {
    const stem = fc.array(fc.constantFrom('1.a', '2.a', '10.a', 'index', '2.index', 'a', 'B', 'b10', 'b9'), { minLength: 1, maxLength: 3 }).map((s) => s.join('/'));
    fc.assert(
      fc.property(stem, stem, stem, (a, b, c) => {
        expect(Math.sign(compareStems(a, b))).toBe(-Math.sign(compareStems(b, a)) || 0);
        if (compareStems(a, b) <= 0 && compareStems(b, c) <= 0) expect(compareStems(a, c)).toBeLessThanOrEqual(0);
      }),
    );
  });

  it('S7 strings compare by code unit unless a collation option is given', () => {
    const docs = ['b', 'B', '10', '2', 'a', 'é', 'A'].map((v) => ({ id: v, v }));
    expect(sorted(docs, { v: 1 })).toEqual(['10', '2', 'A', 'B', 'a', 'b', 'é']);
    expect(sorted(docs, { v: 1, $numeric: true })).toEqual(['2', '10', 'a', 'A', 'b', 'B', 'é']);
    expect(sorted(docs, { v: 1, $caseFirst: 'upper' })).toEqual(['10', '2', 'A', 'a', 'B', 'b', 'é']);
    expect(sorted(docs, { v: 1, $numeric: false })).toEqual(sorted(docs, { v: 1 }));
  });

  it('S7 $sensitivity base makes case and accents ties (kept in input order)', () => {
    const docs = [{ id: 1, v: 'é' }, { id: 2, v: 'E' }, { id: 3, v: 'e' }, { id: 4, v: 'd' }];
    expect(sorted(docs, { v: 1, $sensitivity: 'base' })).toEqual([4, 1, 2, 3]);
    expect(sorted(docs, [{ v: 1, $sensitivity: 'base' }, { id: -1 }])).toEqual([4, 3, 2, 1]);
  });

  it('S7 $locale picks the collation language', () => {
    const docs = ['z', 'ä', 'a'].map((v) => ({ id: v, v }));
    expect(sorted(docs, { v: 1, $locale: 'de' })).toEqual(['a', 'ä', 'z']);
    expect(sorted(docs, { v: 1, $locale: 'sv' })).toEqual(['a', 'z', 'ä']);
  });

  it('S8 options apply only to the fields of their own sort object', () => {
    const docs = [
      { id: 1, a: 'x', b: '10' },
      { id: 2, a: 'x', b: '9' },
    ];
    expect(sorted(docs, [{ a: 1, b: 1, $numeric: true }])).toEqual([2, 1]);
    expect(sorted(docs, [{ a: 1, $numeric: true }, { b: 1 }])).toEqual([1, 2]);
  });

  it('S9 bad sort objects are QueryErrors naming sort', () => {
    const bad = (sort: unknown) => {
      try {
        runQuery([], { sort });
      } catch (e) {
        expect(e).toBeInstanceOf(QueryError);
        expect((e as QueryError).parameter).toBe('sort');
        return (e as Error).message;
      }
      throw new Error('accepted');
    };
    expect(bad({ a: 2 })).toBe("'sort': field 'a' must be 1 (ascending) or -1 (descending) (got 2)");
    expect(bad({ a: 1, $natural: true })).toContain("unknown option '$natural'");
    expect(bad({ $numeric: true })).toContain('names no field');
    expect(bad({ a: 1, $locale: 'not a locale!' })).toContain('is not a valid locale');
    expect(bad({ a: 1, $sensitivity: 'loud' })).toContain('$sensitivity must be one of base, accent, case, variant');
    expect(bad([1])).toContain("'sort' must be a list of objects");
  });
});
