import { expect, it } from 'vitest';
import * as query from '.';

it('X1 index.ts exports exactly the public surface', () => {
  expect(Object.keys(query).sort()).toEqual([
    'OPERATOR_NAMES',
    'PARAMETER_NAMES',
    'QUERY_LIMITS',
    'QueryError',
    'QueryParams',
    'REGEX_LIMITS',
    'canonicalJson',
    'canonicalParams',
    'comparatorFor',
    'compareStems',
    'compileRegex',
    'compileWhere',
    'createQuery',
    'decodeParams',
    'deepEqual',
    'encodeParams',
    'finishQuery',
    'folderOf',
    'getPath',
    'hashParams',
    'localeFilter',
    'matcherFor',
    'parseQueryParams',
    'parseRegex',
    'projectDocument',
    'runQuery',
    'sortDocuments',
    'surroundOf',
  ]);
});

it('X1 the operator table lists every operator of SPEC.md', () => {
  expect(query.OPERATOR_NAMES).toEqual(['$and', '$contains', '$containsAny', '$eq', '$exists', '$gt', '$gte', '$icontains', '$in', '$lt', '$lte', '$match', '$ne', '$not', '$or', '$regex', '$type']);
});
