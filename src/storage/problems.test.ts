/**
 * Sentences, not exceptions: every way storage, an import, a share link or
 * the cloud can fail, through the function that words it for the player.
 * No sentence carries the browser's, the SDK's or JavaScript's own text.
 */
import { describe, expect, it } from 'vitest';
import { FirestoreError } from 'firebase/firestore';
import { StorageBlockedError } from './local/database';
import { cloudProblem, importProblem, saveProblem, sentenceOf, storageProblem, whyFailed } from './problems';
import { readShareLink } from './share';
import { ImportError, parseImport } from './transfer';
import { weapon } from '../rules/testing';

/** The error a call rejects or throws with. */
async function failure(run: () => unknown): Promise<unknown> {
  try {
    await run();
  } catch (e) {
    return e;
  }
  throw new Error('expected a failure');
}

/** Firestore's own error class (its constructor is internal in the typings). */
const firestoreError = (code: string, message: string) => new (FirestoreError as unknown as new (code: string, message: string) => Error)(code, message);
const dom = (name: string) => new DOMException(`Internal ${name} text from the browser`, name);
/** Failures whose own text must never reach a player. */
const foreign: [string, unknown][] = [
  ['IndexedDB refused (SecurityError)', dom('SecurityError')],
  ['IndexedDB refused (InvalidStateError)', dom('InvalidStateError')],
  ['quota', dom('QuotaExceededError')],
  ['transaction abort', dom('AbortError')],
  ['an unknown storage failure', dom('UnknownError')],
  ['a DOMException of a kind not listed', dom('NotReadableError')],
  ['Illegal invocation', new TypeError('Illegal invocation')],
  ['a broken promise', new TypeError('l.then is not a function')],
  ['a stack overflow', new RangeError('Maximum call stack size exceeded')],
  ['Firestore permission', firestoreError('permission-denied', 'Missing or insufficient permissions.')],
  ['Firestore unavailable', firestoreError('unavailable', 'Failed to get document because the client is offline.')],
  ['Firestore internal', firestoreError('internal', 'INTERNAL ASSERTION FAILED: Unexpected state')],
  ['a thrown string', 'a thrown string'],
  ['undefined', undefined],
];

/** A sentence: a capital first, one full stop at the end, none of `raw`. */
function expectSentence(text: string, raw?: string): void {
  expect(text).toMatch(/^[A-Z“"a-z0-9]/);
  expect(text, text).toMatch(/[^.]\.$|\.\)$/);
  expect(text).not.toMatch(/\.\./);
  if (raw) expect(text).not.toContain(raw);
  for (const bug of ['Illegal invocation', 'is not a function', 'Maximum call stack', 'Internal ', 'INTERNAL', 'Missing or insufficient', 'TypeError', 'RangeError', 'undefined']) {
    expect(text).not.toContain(bug);
  }
}

describe('sentences, not exceptions', () => {
  it.each(foreign)('%s: storage, save, import, recovery and cloud sync each say it in words', (_what, e) => {
    const raw = e instanceof Error ? e.message : undefined;
    for (const text of [storageProblem(e), saveProblem(e), importProblem('party.nucleus.json', e), whyFailed(e), `Cloud sync stopped: ${cloudProblem(e)}`]) expectSentence(text, raw);
  });

  it('each kind of failure has its own sentence', () => {
    expect(storageProblem(dom('SecurityError'))).toMatch(/does not let Nucleus use its storage.*kept in this page only/);
    expect(saveProblem(dom('QuotaExceededError'))).toMatch(/^Not saved: this device's storage for Nucleus is full/);
    expect(saveProblem(dom('AbortError'))).toMatch(/^Not saved: this browser's storage stopped the change before it was written/);
    expect(storageProblem(new StorageBlockedError('Another Nucleus tab holds an older version of the documents open.'))).toMatch(/busy: Another Nucleus tab holds an older version/);
    expect(saveProblem(new TypeError('Illegal invocation'))).toMatch(/^Not saved: something went wrong in this page\. Your edits are kept in this page/);
    expect(cloudProblem(firestoreError('permission-denied', 'Missing or insufficient permissions.'))).toMatch(/^the cloud refused the change .* Your documents are kept on this device\.$/);
    expect(cloudProblem(firestoreError('unavailable', 'offline'))).toMatch(/^the cloud could not be reached/);
    expect(cloudProblem(dom('QuotaExceededError'))).toMatch(/^this device's storage for Nucleus is full/);
  });

  it('a sentence of Nucleus’s own is kept as it is', () => {
    const own = new Error('The conflict copy could not be saved.');
    expect(sentenceOf(own, 'fallback')).toBe('The conflict copy could not be saved.');
    expect(whyFailed(own)).toBe('The conflict copy could not be saved.');
    expect(cloudProblem(new Error('The tag “x” is over 100 characters, which the cloud does not keep.'))).toMatch(/^the tag “x” is over 100 characters/);
  });

  it('import parse errors and share link errors are sentences', async () => {
    const imports = [
      await failure(() => parseImport('x.json', 'not json')),
      await failure(() => parseImport('x.json', JSON.stringify({ ...weapon(), schemaVersion: 7 }))),
      await failure(() => parseImport('x.json', `{"kind":"core","notes":${'['.repeat(100_000)}${']'.repeat(100_000)}}`)),
    ];
    for (const e of imports) {
      expect(e).toBeInstanceOf(ImportError);
      expectSentence(importProblem('x.json', e));
    }
    const links = ['#share=@@@', '#share=abc', '#nothing', `#share=${Buffer.from('{"kind":"core"').toString('base64url')}`];
    for (const hash of links) expectSentence(((await failure(() => readShareLink(hash, 'core'))) as Error).message);
  });
});
