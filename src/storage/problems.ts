/**
 * The sentence a player reads when this device's storage or the cloud
 * fails: what went wrong in their words, and what happens to their work.
 * Browsers report IndexedDB failures as DOMExceptions named by kind, and
 * Firestore its failures by code; the message of each is the browser's or
 * the SDK's own and says little to a player. JavaScript's own errors
 * (TypeError, RangeError …: "Illegal invocation", "l.then is not a
 * function") are a bug's text: a player never reads them either.
 */
import { StorageBlockedError } from './local/database';

/** JavaScript's own error types: their text is a bug's, never a sentence. */
const INTERNAL: (new (...a: never[]) => Error)[] = [TypeError, RangeError, ReferenceError, SyntaxError, EvalError, URIError];

/** Text a browser, an SDK or JavaScript wrote, rather than a sentence of Nucleus's own. */
function foreignText(e: unknown): boolean {
  if (!(e instanceof Error) || !e.message) return true;
  if (INTERNAL.some((t) => e instanceof t)) return true;
  if (typeof DOMException !== 'undefined' && e instanceof DOMException) return true;
  return e.name === 'FirebaseError';
}

/** The sentence of an error Nucleus raised itself; `fallback` for a browser's, an SDK's or JavaScript's own text. */
export function sentenceOf(e: unknown, fallback: string): string {
  return foreignText(e) ? fallback : (e as Error).message;
}

/** Why the documents database cannot be used at all (the editors then keep work in the page). */
export function storageProblem(e: unknown): string {
  const keep = 'Your work is kept in this page only while it is open: use Export in the Document menu to keep a copy.';
  return `${storageCause(e)} ${keep}`;
}

/** A failure of the browser's storage (rather than of what was stored). */
export const isStorageFailure = (e: unknown) => (typeof DOMException !== 'undefined' && e instanceof DOMException) || e instanceof StorageBlockedError;

/** Why something failed, as a whole sentence: the storage's or the cloud's failure in words, a sentence of Nucleus's own, or `fallback`. */
export function whyFailed(e: unknown, fallback = 'Something went wrong in this page; reload and try again.'): string {
  if (isStorageFailure(e)) return storageCause(e);
  const code = (e as { code?: unknown } | null)?.code;
  const cloud = typeof code === 'string' && Object.hasOwn(CLOUD_CODES, code) ? CLOUD_CODES[code] : undefined;
  return cloud ? upperFirst(cloud) : sentenceOf(e, fallback);
}

/**
 * Why one save failed (the edits stay in the page and in its journal): the
 * storage's failure in words, or the document's own problem as it is.
 */
export function saveProblem(e: unknown): string {
  const fromStorage = isStorageFailure(e);
  if (!fromStorage) return sentenceOf(e, 'Not saved: something went wrong in this page. Your edits are kept in this page; use Export to keep a copy, then reload.');
  return `Not saved: ${lowerFirst(storageCause(e))} Your edits are kept in this page; use Export to keep a copy.`;
}

function storageCause(e: unknown): string {
  const name = (e as { name?: unknown } | null)?.name;
  if (e instanceof StorageBlockedError) return `This browser's storage for Nucleus is busy: ${e.message} Close other Nucleus tabs and reload.`;
  switch (name) {
    case 'VersionError':
      return 'The documents on this device were saved by a newer version of Nucleus, which this page cannot read. Reload to get the newer version.';
    case 'QuotaExceededError':
      return "This device's storage for Nucleus is full. Free space (empty the library's trash, or clear other sites' data) and try again.";
    case 'InvalidStateError':
    case 'SecurityError':
    case 'NotAllowedError':
      return 'This browser does not let Nucleus use its storage (a private window, or site data turned off).';
    case 'AbortError':
    case 'TransactionInactiveError':
      return "This browser's storage stopped the change before it was written (another tab, or the browser, interrupted it). Try again.";
    case 'UnknownError':
    case 'DataError':
    case 'ReadOnlyError':
      return "This browser's storage failed to write (a damaged or full disk, or a browser problem). Try again, or reload.";
    default:
      return "This browser's storage could not be used.";
  }
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);
const upperFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Why an import wrote nothing: the file's own problem (ImportError says it), or the storage's. */
export function importProblem(file: string, e: unknown): string {
  if ((e as { name?: unknown } | null)?.name === 'ImportError') return (e as Error).message;
  const fromStorage = isStorageFailure(e);
  const why = fromStorage ? lowerFirst(storageCause(e)) : sentenceOf(e, 'something went wrong in this page. Reload and import again.');
  return `${file} was not imported, nothing was changed: ${why}`;
}

/** Firestore's codes for a failure the player can act on, in their words. */
const CLOUD_CODES: Record<string, string> = {
  'permission-denied': 'the cloud refused the change (it accepts only documents of this account, in a shape it knows).',
  unauthenticated: 'your sign-in has expired. Sign in again to sync.',
  'resource-exhausted': 'the cloud has taken all it can for now. Sync goes on later.',
  unavailable: 'the cloud could not be reached. Sync goes on once it answers.',
  'deadline-exceeded': 'the cloud did not answer in time. Sync goes on once it answers.',
};

/**
 * Why cloud sync stopped, as the end of "Cloud sync stopped: …": Firestore's
 * code in words, a sentence of Nucleus's own as it is, anything else said
 * plainly. The documents stay on this device either way.
 */
export function cloudProblem(e: unknown): string {
  return `${lowerFirst(whyFailed(e, 'Something went wrong while syncing.'))} Your documents are kept on this device.`;
}
