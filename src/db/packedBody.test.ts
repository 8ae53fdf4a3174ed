import { beforeAll, describe, expect, it } from 'vitest';
import initSqlJs, { type SqlJsStatic } from 'sql.js';
import { runQuery, type Doc } from '../query';
import { buildContentDatabase, openContentDatabase } from '.';
import { packBody, unpackBody } from './packedBody';

let SQL: SqlJsStatic;
beforeAll(async () => {
  SQL = await initSqlJs();
});

const text = (value: string) => ({ type: 'text', value });
const el = (tag: string, props: Record<string, unknown> | undefined, ...children: unknown[]) =>
  props ? { type: 'element', tag, props, children } : { type: 'element', tag, children };

/** A body as the Markdown parser writes it: headings with ids, a table, code, a link, a void element, a component. */
const body = {
  type: 'root',
  children: [
    el('h2', { id: 'overview' }, text('Overview')),
    el('p', undefined, text('Roll the '), el('a', { href: '/rules/combat#pool' }, text('pool')), text(', then '), el('strong', undefined, text('add')), el('br', undefined), text('“edge” ✦ 🚀')),
    el('table', undefined, el('thead', undefined, el('tr', undefined, el('th', { align: 'right' }, text('Cost')))), el('tbody', undefined, el('tr', undefined, el('td', {}, text('3'))))),
    el('pre', { language: 'ts' }, el('code', { className: ['language-ts'] }, text('const pool = frame + skill;\n'))),
    el('weapon-list', { limit: 3, core: true }),
  ],
  toc: [{ id: 'overview', depth: 2, text: 'Overview' }],
};

const page = (n: number, extra: Doc = {}): Doc => ({ _id: `content:${n}.md`, _path: `/p${n}`, stem: `${n}`, _type: 'markdown', locale: 'en', title: `Page ${n}`, body, ...extra });

describe('packed page bodies', () => {
  it('D14 a body packs to about half its JSON and unpacks to the same JSON, byte for byte', () => {
    const packed = packBody(body)!;
    expect(JSON.stringify(unpackBody(packed))).toBe(JSON.stringify(body));
    expect(JSON.stringify(packed).length).toBeLessThan(JSON.stringify(body).length * 0.6);
  });

  it('D14 anything not shaped exactly like a body is left as it is', () => {
    for (const other of [
      null,
      'text',
      [body],
      { ...body, extra: 1 },
      { children: body.children, type: 'root', toc: [] }, // keys in another order
      { ...body, children: [{ type: 'text', value: 1 }] },
      { ...body, children: [{ type: 'element', tag: 'p' }] }, // no children
      { ...body, children: [{ type: 'element', tag: 'p', props: [], children: [] }] },
      { ...body, children: [{ type: 'comment', value: 'x' }] },
    ]) expect(packBody(other)).toBeUndefined();
  });

  it('D14 the database stores bodies packed, reads them back unchanged, and answers queries on them as runQuery does', () => {
    const docs = [page(1), page(2, { body: { ...body, toc: [] } }), page(3, { body: 'not a tree' }), page(4, { body: undefined })];
    const bytes = buildContentDatabase(SQL, { documents: docs, integrity: 'x' });
    const raw = new SQL.Database(bytes);
    const stored = raw.exec('SELECT data, body FROM documents ORDER BY ord')[0]!.values;
    raw.close();
    expect(stored.map(([data]) => (JSON.parse(String(data)) as Doc).body)).toEqual([0, 0, 'not a tree', undefined]);
    expect(stored.map(([, b]) => b === null)).toEqual([false, false, true, true]);

    const c = openContentDatabase(SQL, bytes);
    const same = JSON.parse(JSON.stringify(docs)) as Doc[];
    expect(JSON.stringify(c.query({}))).toBe(JSON.stringify(runQuery(same, {})));
    // Each on a database just opened: no document parsed yet, so SQL pre-filters what it reads.
    for (const where of [{ 'body.type': 'root' }, { 'body.toc': { $exists: true } }, { body: { $exists: true } }, { 'body.toc.id': 'overview' }]) {
      expect(openContentDatabase(SQL, bytes).query({ where, only: ['_id'] })).toEqual(runQuery(same, { where, only: ['_id'] }));
    }
  });
});
