/**
 * The repository the editors and the library use in this page: this
 * device's IndexedDB, opened once and shared (one cache, one channel). The
 * cloud layer may set another (one that also syncs) with
 * `setActiveRepository`.
 */
import { createLocalRepository, type LocalRepository, type LocalRepositoryOptions } from './local';
import type { DocumentRepository } from './types';

let device: LocalRepository | null = null;
let active: Promise<DocumentRepository> | null = null;

/**
 * This device's repository, at once (it opens in the background). The
 * first call's options win (e.g. the catalogues for validity).
 */
export function deviceRepository(options?: LocalRepositoryOptions): LocalRepository {
  device ??= createLocalRepository(options);
  return device;
}

export function activeRepository(): Promise<DocumentRepository> {
  return active ?? Promise.resolve(deviceRepository());
}

export function setActiveRepository(repository: DocumentRepository | Promise<DocumentRepository>): void {
  active = Promise.resolve(repository);
}
