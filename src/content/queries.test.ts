import { describe, it, expect } from 'vitest';
import { globalQueries, GLOBALS_ERROR, surroundQuery } from './queries';

describe('globals', () => {
  it('takes a keyed map of queries', () => {
    const logs: string[] = [];
    expect(globalQueries({ nav: { where: [{ _path: '/' }] } }, (m) => logs.push(m))).toEqual({ nav: { where: [{ _path: '/' }] } });
    expect(logs).toEqual([]);
  });

  it('refuses a list with exactly the spec message and ignores it', () => {
    const logs: string[] = [];
    expect(globalQueries([{ where: [] }], (m) => logs.push(m))).toEqual({});
    expect(logs).toEqual(['Globals must be a list of keys with QueryBuilderParams as a value.']);
    expect(GLOBALS_ERROR).toBe(logs[0]);
  });
});

describe('surround query', () => {
  it('leaves drafts out unless asked (preview)', () => {
    expect(surroundQuery('/a').where).toContainEqual({ draft: false });
    expect(surroundQuery('/a', { drafts: true }).where).not.toContainEqual({ draft: false });
  });
});
