/**
 * The repository the editors and the library use in this page: this
 * device's IndexedDB, opened once and shared (one cache, one channel). The
 * cloud layer may set another (one that also syncs) with
 * `setActiveRepository`.
 *
 * When this device's storage cannot be used (refused, blocked, written by a
 * newer Nucleus), the page keeps documents in memory instead and
 * `$storageProblem` holds the sentence that says so: nothing waits for ever.
 */
import { atom } from 'nanostores';
import { createLocalRepository, type LocalRepository, type LocalRepositoryOptions } from './local';
import { createMemoryRepository } from './memory';
import { storageProblem } from './problems';
import type { DocumentRepository } from './types';

let device: LocalRepository | null = null;
let usable: Promise<DocumentRepository> | null = null;
let active: Promise<DocumentRepository> | null = null;

/** Why this device's storage cannot be used, as a sentence; null while it can. */
export const $storageProblem = atom<string | null>(null);

/**
 * This device's repository, at once (it opens in the background). The
 * first call's options win (e.g. the catalogues for validity).
 */
export function deviceRepository(options?: LocalRepositoryOptions): LocalRepository {
  device ??= createLocalRepository(options);
  return device;
}

/** This device's repository once it opened, or the page's memory when it cannot. */
function usableRepository(): Promise<DocumentRepository> {
  const local = deviceRepository();
  usable ??= local.ready().then(
    () => local,
    (e: unknown) => {
      $storageProblem.set(storageProblem(e));
      return createMemoryRepository();
    },
  );
  return usable;
}

export function activeRepository(): Promise<DocumentRepository> {
  return active ?? usableRepository();
}

export function setActiveRepository(repository: DocumentRepository | Promise<DocumentRepository>): void {
  active = Promise.resolve(repository);
}
