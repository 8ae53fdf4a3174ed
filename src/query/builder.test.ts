import { describe, expect, it } from 'vitest';
import { createQuery, runQuery, type QueryParamsInput } from '.';

const docs = [
  { _path: '/b', stem: '2.b', title: 'B' },
  { _path: '/a', stem: '1.a', title: 'A' },
];

describe('builder', () => {
  it('B1 find, findOne and count call the fetcher once with the collected parameters', async () => {
    const calls: QueryParamsInput[] = [];
    const q = createQuery((params) => {
      calls.push(params);
      return 'answer';
    });
    const base = q.where({ draft: false }).only('title');
    expect(await base.find()).toBe('answer');
    expect(await base.findOne()).toBe('answer');
    expect(await base.count()).toBe('answer');
    expect(calls).toEqual([
      { where: [{ draft: false }], only: ['title'] },
      { where: [{ draft: false }], only: ['title'], first: true },
      { where: [{ draft: false }], only: ['title'], count: true },
    ]);
  });

  it('B1 the builder never validates: the fetcher decides', async () => {
    const q = createQuery((params) => runQuery(docs, params));
    expect(() => q.limit(-1).params()).not.toThrow();
    await expect(q.limit(-1).find()).rejects.toThrow("'limit' must be a whole number ≥ 0 (got -1)");
    expect(await q.only('title').find()).toEqual([{ title: 'A' }, { title: 'B' }]);
    expect(await q.where({ _path: '/b' }).only('title').findOne()).toEqual({ title: 'B' });
    expect(await q.count()).toBe(2);
    expect(await q.surround('/a', { after: 1, before: 0 }).only('_path').find()).toEqual([{ _path: '/b' }]);
  });

  it('B2 list parameters append, single ones replace, and each call returns a new builder', () => {
    const q = createQuery(() => null);
    const a = q.where({ a: 1 }).where([{ b: 2 }]).sort({ x: 1 }).sort([{ y: -1 }]).only(['p']).only('q').without('r').limit(5).limit(3).skip(1).locale('fr').dirConfig();
    expect(a.params()).toEqual({ where: [{ a: 1 }, { b: 2 }], sort: [{ x: 1 }, { y: -1 }], only: ['p', 'q'], without: ['r'], limit: 3, skip: 1, locale: 'fr', dirConfig: true });
    expect(q.params()).toEqual({});
    const shared = q.where({ a: 1 });
    shared.where({ b: 2 });
    expect(shared.params()).toEqual({ where: [{ a: 1 }] });
    expect(q.surround({ title: 'A' }).params()).toEqual({ surround: { query: { title: 'A' } } });
  });
});
