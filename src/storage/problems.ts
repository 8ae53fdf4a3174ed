/**
 * The sentence a player reads when this device's storage fails: what went
 * wrong in their words, and what happens to their work. Browsers report
 * IndexedDB failures as DOMExceptions named by kind; the message of each
 * is the browser's own and says little to a player.
 */
import { StorageBlockedError } from './local/database';

/** Why the documents database cannot be used at all (the editors then keep work in the page). */
export function storageProblem(e: unknown): string {
  const keep = 'Your work is kept in this page only while it is open: use Export in the Document menu to keep a copy.';
  return `${storageCause(e)} ${keep}`;
}

/**
 * Why one save failed (the edits stay in the page and in its journal): the
 * storage's failure in words, or the document's own problem as it is.
 */
export function saveProblem(e: unknown): string {
  const fromStorage = (typeof DOMException !== 'undefined' && e instanceof DOMException) || e instanceof StorageBlockedError;
  if (!fromStorage) return e instanceof Error ? e.message : String(e);
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
    default:
      return `This browser's storage could not be used (${(e as Error)?.message || String(e)}).`;
  }
}

const lowerFirst = (s: string) => s.charAt(0).toLowerCase() + s.slice(1);

/** Why an import wrote nothing: the file's own problem (ImportError says it), or the storage's. */
export function importProblem(file: string, e: unknown): string {
  if ((e as { name?: unknown } | null)?.name === 'ImportError') return (e as Error).message;
  const fromStorage = (typeof DOMException !== 'undefined' && e instanceof DOMException) || e instanceof StorageBlockedError;
  const why = fromStorage ? lowerFirst(storageCause(e)) : `${(e as Error)?.message ?? String(e)}`;
  return `${file} was not imported, nothing was changed: ${why}`;
}
