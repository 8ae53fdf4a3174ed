import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { canonicalParams, canonicalJson, decodeParams, encodeParams, hashParams, QueryError, runQuery } from '.';

describe('hash', () => {
  it('H1 the canonical form removes defaults and sorts keys recursively', () => {
    expect(canonicalParams({ skip: 0, first: false, count: false, dirConfig: false, where: [], only: [], without: [], sort: [] })).toEqual({});
    expect(canonicalJson({ where: { b: 1, a: { $lt: 3, $gt: 1 } }, limit: 2, surround: { query: '/x', before: 1, after: 2 } })).toBe(
      '{"limit":2,"surround":{"after":2,"query":"/x"},"where":[{"a":{"$gt":1,"$lt":3},"b":1}]}',
    );
  });

  it('H1 sort objects split per key in written order, keeping their options', () => {
    expect(canonicalParams({ sort: { b: -1, a: 1, $numeric: true } })).toEqual({ sort: [{ b: -1, $numeric: true }, { a: 1, $numeric: true }] });
    expect(canonicalParams({ sort: { a: 1, $numeric: false } })).toEqual({ sort: [{ a: 1 }] });
  });

  it('H1 the same meaning gives the same hash, another meaning another hash', () => {
    expect(hashParams({ where: { a: 1 }, only: 'x' })).toBe(hashParams({ only: ['x'], where: [{ a: 1 }], skip: 0 }));
    expect(hashParams({ sort: { a: 1, b: -1 } })).toBe(hashParams({ sort: [{ a: 1 }, { b: -1 }] }));
    expect(hashParams({ sort: { a: 1, b: -1 } })).not.toBe(hashParams({ sort: { b: -1, a: 1 } }));
    expect(hashParams({ limit: 0 })).not.toBe(hashParams({}));
  });

  it('H1 the canonical form means the same as the original', () => {
    const docs = [
      { _path: '/a', stem: '2', t: 'b', n: 1 },
      { _path: '/b', stem: '10', t: 'B', n: 2 },
      { _path: '/c', stem: '1', t: 'a', n: 1 },
    ];
    for (const q of [{ sort: { n: 1, t: -1, $sensitivity: 'base' as const } }, { where: { n: 1 }, only: 't', skip: 0, first: false }, { surround: { query: '/a' } }]) {
      expect(runQuery(docs, canonicalParams(q))).toEqual(runQuery(docs, q));
    }
  });

  it('H1 invalid parameters cannot be hashed', () => {
    expect(() => hashParams({ limit: -1 })).toThrow(QueryError);
  });

  it('H2 the hash is 13 base36 characters, stable across runs', () => {
    expect(hashParams({})).toMatch(/^[0-9a-z]{13}$/);
    expect(hashParams({})).toBe('04wh4ijxo4gth'); // FNV-1a 64 of "{}", computed independently with Buffer and BigInt
    expect(hashParams({ where: { _path: '/rules/combat' }, first: true })).toBe(hashParams({ first: true, where: [{ _path: '/rules/combat' }] }));
  });

  it('H3 encode and decode round-trip any valid parameters (UTF-8, base64url)', () => {
    const text = fc.string({ unit: 'binary', maxLength: 12 });
    fc.assert(
      fc.property(fc.record({ where: fc.dictionary(fc.constantFrom('a', 'b.c'), text), locale: text, limit: fc.nat(9) }, { requiredKeys: [] }), (params) => {
        const encoded = encodeParams(params);
        expect(encoded).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(decodeParams(encoded)).toEqual(canonicalParams(params));
      }),
    );
    expect(encodeParams({ locale: 'é😀' })).toBe('eyJsb2NhbGUiOiLDqfCfmIAifQ');
  });

  it('H3 anything else is a QueryError naming _params', () => {
    for (const bad of ['***', 'a', 'bm90IGpzb24', encodeParams({}).slice(0, -1) + '!', 'eyJsaW1pdCI6LTF9']) {
      try {
        decodeParams(bad);
        throw new Error(`accepted ${bad}`);
      } catch (e) {
        expect(e).toBeInstanceOf(QueryError);
        expect((e as QueryError).parameter).toBe(bad === 'eyJsaW1pdCI6LTF9' ? 'limit' : '_params');
      }
    }
  });
});
