import { describe, expect, it } from 'vitest';
import { encodeParams, hashParams, QueryError } from '../query';
import { navigationApiPath, parseContentApiPath, queryApiPath, queryApiPathOfHash } from '.';

const q = { where: { _path: '/rules/combat' }, first: true };

describe('content API paths', () => {
  it('A1 a query is requested at /api/content/query/{hash}.{integrity}.json', () => {
    expect(queryApiPath(q, 'abc123')).toBe(`/api/content/query/${hashParams(q)}.abc123.json`);
    expect(queryApiPath({ first: true, where: [{ _path: '/rules/combat' }], skip: 0 }, 'abc123')).toBe(queryApiPath(q, 'abc123'));
  });

  it('A1 a path from a kept hash is the path from the parameters, and checks the integrity the same way', () => {
    expect(queryApiPathOfHash(hashParams(q), 'abc123')).toBe(queryApiPath(q, 'abc123'));
    expect(() => queryApiPathOfHash(hashParams(q), 'a.b')).toThrow("'integrity' must be letters, digits, '-' or '_' (got 'a.b')");
  });

  it('A2 navigation is requested at /api/content/navigation/{hash}.{integrity}.json', () => {
    expect(navigationApiPath({}, 'i9')).toBe(`/api/content/navigation/${hashParams({})}.i9.json`);
  });

  it('A3 the long form carries the encoded parameters and parses back to them', () => {
    const long = queryApiPath(q, 'abc123', { long: true });
    expect(long).toBe(`/api/content/query/${hashParams(q)}.abc123.${encodeParams(q)}.json`);
    expect(parseContentApiPath(long)).toEqual({ kind: 'query', hash: hashParams(q), integrity: 'abc123', params: { first: true, where: [{ _path: '/rules/combat' }] } });
    expect(parseContentApiPath(queryApiPath(q, 'abc123') + '?x=1')).toEqual({ kind: 'query', hash: hashParams(q), integrity: 'abc123' });
    expect(parseContentApiPath(navigationApiPath({}, 'i9', { long: true }))).toMatchObject({ kind: 'navigation', params: {} });
  });

  it('A4 paths that are not content API paths give null; forged long forms are QueryErrors', () => {
    expect(parseContentApiPath('/api/content/query/short.abc.json')).toBeNull();
    expect(parseContentApiPath('/rules/combat')).toBeNull();
    const forged = `/api/content/query/${hashParams({})}.abc123.${encodeParams(q)}.json`;
    expect(() => parseContentApiPath(forged)).toThrow(QueryError);
    expect(() => parseContentApiPath(`/api/content/query/${hashParams({})}.abc123.@@.json`)).not.toThrow(); // not the pattern: null
    expect(() => queryApiPath(q, 'a.b')).toThrow("'integrity' must be letters, digits, '-' or '_' (got 'a.b')");
  });
});
