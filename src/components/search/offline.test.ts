import { describe, it, expect } from 'vitest';
import { pageKey } from './offline';

describe('pageKey', () => {
  it('gives a page one key however it is addressed (folder, index.html, slash, hash, precache revision)', () => {
    const keys = ['/rules/combat', '/rules/combat/', '/rules/combat/index.html', '/rules/combat#guard', '/rules/combat/index.html?__WB_REVISION__=1'].map((h) => pageKey(h));
    expect(new Set(keys)).toEqual(new Set(['/rules/combat']));
    expect([pageKey('/'), pageKey('/index.html'), pageKey('/guide/')]).toEqual(['/', '/', '/guide']);
  });
});
