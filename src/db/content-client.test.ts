import { describe, it, expect } from 'vitest';
import { gzipSync } from 'node:zlib';
import initSqlJs from 'sql.js';
import { buildContentDatabase } from './writer';
import { navigationApiPath, queryApiPath } from './api-paths';
import { createContentClient, unwrapResponse, ContentNotFound } from './content-client';

const docs = [
  { _id: 'content:a.md', _path: '/a', stem: '1.a', title: 'A', _type: 'markdown', draft: false },
  { _id: 'content:b.md', _path: '/b', stem: '2.b', title: 'B draft', _type: 'markdown', draft: true },
];

/**
 * How the host hands over the database file: as built (gzip bytes), or
 * already decoded (a host that sent the `.gz` with Content-Encoding: gzip).
 */
type Served = 'as built' | 'decoded by the host';

async function setup(routes: Record<string, { body: string; type?: string; status?: number }>, preview = false, served: Served = 'as built') {
  const SQL = await initSqlJs();
  const sqlite = buildContentDatabase(SQL, { documents: docs, integrity: 'i1' });
  const bytes = served === 'as built' ? gzipSync(sqlite) : sqlite;
  const requests: string[] = [];
  const client = createContentClient({
    root: '/base/',
    integrity: 'i1',
    preview: () => preview,
    loadSql: async () => SQL,
    fetch: (async (url: string) => {
      requests.push(url);
      if (url.startsWith('/base/content.sqlite.gz')) return new Response(bytes);
      const key = url.replace(/\?.*$/, '');
      const r = routes[key];
      if (!r) return new Response('<!doctype html><h1>404</h1>', { status: 404, headers: { 'content-type': 'text/html' } });
      return new Response(r.body, { status: r.status ?? 200, headers: { 'content-type': r.type ?? 'application/json' } });
    }) as typeof fetch,
  });
  return { client, requests };
}

const q = { where: [{ _path: '/a' }], first: true, only: ['title'] };

describe('queryContent in the browser', () => {
  it('uses the static answer when the build wrote one (list or {result})', async () => {
    const path = '/base' + queryApiPath(q, 'i1');
    const { client, requests } = await setup({ [path]: { body: JSON.stringify({ result: { title: 'From the API' } }) } });
    expect(await client.queryContent(q)).toEqual({ title: 'From the API' });
    expect(requests).toEqual([path]);
  });

  it('treats an HTML answer as not found and runs the query on the local database', async () => {
    const path = '/base' + queryApiPath(q, 'i1');
    const { client, requests } = await setup({ [path]: { body: '<!doctype html><p>app shell</p>', type: 'text/html' } });
    expect(await client.queryContent(q)).toEqual({ title: 'A' });
    expect(requests).toContain('/base/content.sqlite.gz');
  });

  for (const [what, body, type] of [
    ['a plain-text "Not Found" with status 200', 'Not Found', 'text/plain'],
    ['a truncated answer', '{"result": {"title": "From the A', 'application/json'],
    ['JSON of another shape (a host\'s error object)', '{"error": "not found"}', 'application/json'],
    ['a bare JSON string', '"Not Found"', 'application/json'],
  ] as const) {
    it(`treats ${what} as not found and runs the query on the local database`, async () => {
      const path = '/base' + queryApiPath(q, 'i1');
      const { client, requests } = await setup({ [path]: { body, type } });
      expect(await client.queryContent(q)).toEqual({ title: 'A' });
      expect(requests).toContain('/base/content.sqlite.gz');
    });
  }

  it('treats a navigation answer that is not a list as not found', async () => {
    const { client, requests } = await setup({ ['/base' + navigationApiPath({}, 'i1')]: { body: '{"result": "Not Found"}' } });
    // This test database has no navigation rows: the local answer is null, not the host's text.
    expect(await client.navigation()).toBeNull();
    expect(requests).toContain('/base/content.sqlite.gz');
  });

  it.each(['as built', 'decoded by the host'] as const)('runs every query on the local database in preview, drafts included (the file %s)', async (served) => {
    const { client, requests } = await setup({}, true, served);
    expect(await client.queryContent({ where: [{ draft: true }], only: ['title'] })).toEqual([{ title: 'B draft' }]);
    expect(requests.every((r) => !r.includes('/api/'))).toBe(true);
  });

  it('accepts both response shapes', () => {
    expect(unwrapResponse([1])).toEqual([1]);
    expect(unwrapResponse({ result: null })).toBeNull();
    expect(new ContentNotFound().message).toBe('Not found');
  });
});
