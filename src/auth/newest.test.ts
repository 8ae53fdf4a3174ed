import { describe, expect, it } from 'vitest';
import { newestOnly } from './newest';

/** A read that finishes when the test says so, like a token fetched over the network. */
function pending<T>() {
  let finish!: (v: T) => void;
  const promise = new Promise<T>((r) => (finish = r));
  return { promise, finish };
}

describe('newestOnly', () => {
  it('drops a sign-in announcement whose token arrives after the sign-out that followed it', async () => {
    const token = pending<string>();
    const shown: string[] = [];
    const announce = newestOnly((who: string | null) => (who ? token.promise.then(() => who) : Promise.resolve('signed out')), (s) => shown.push(s));
    const signIn = announce('alice');
    const signOut = announce(null);
    await signOut;
    token.finish('t');
    await signIn;
    expect(shown).toEqual(['signed out']);
  });

  it('delivers every announcement that finishes in order', async () => {
    const shown: string[] = [];
    const announce = newestOnly(async (who: string) => who, (s) => shown.push(s));
    await announce('alice');
    await announce('bob');
    expect(shown).toEqual(['alice', 'bob']);
  });
});
