import { describe, it, expect } from 'vitest';
import initSqlJs from 'sql.js';
import { buildContentDatabase, openContentDatabase, queryApiPath } from '../db';
import { answerContentRequest } from './dev-api';

const docs = [
  { _id: 'a', _path: '/a', stem: '1.a', title: 'A' },
  { _id: 'b', _path: '/b', stem: '2.b', title: 'B' },
];

async function db() {
  const SQL = await initSqlJs();
  return openContentDatabase(SQL, buildContentDatabase(SQL, { documents: docs, navigation: { en: [{ title: 'A' }] }, integrity: 'i1' }));
}

describe('development content API', () => {
  const q = { where: [{ _path: '/b' }], first: true, only: ['title'] };

  it('answers the long form for any query', async () => {
    const path = queryApiPath(q, 'i1', { long: true });
    expect(await answerContentRequest(path, db)).toEqual({ status: 200, body: { result: { title: 'B' } } });
  });

  it('answers the query-parameter form, previewToken alongside', async () => {
    const path = `/api/content/query/x.json?_params=${encodeURIComponent(JSON.stringify(q))}&previewToken=abc`;
    expect(await answerContentRequest(path, db)).toEqual({ status: 200, body: { result: { title: 'B' } } });
  });

  it('names the bad parameter', async () => {
    const bad = await answerContentRequest(`/api/content/query/x.json?_params=${encodeURIComponent('{"limit":-1}')}`, db);
    expect(bad).toMatchObject({ status: 400, body: { parameter: 'limit' } });
    expect(await answerContentRequest('/api/content/query/x.json?_params=nope', db)).toMatchObject({ status: 400, body: { parameter: '_params' } });
  });

  it('answers navigation and leaves other paths alone', async () => {
    expect(await answerContentRequest('/api/content/navigation/x.json', db)).toEqual({ status: 200, body: [{ title: 'A' }] });
    expect(await answerContentRequest('/rules', db)).toBeNull();
  });
});
