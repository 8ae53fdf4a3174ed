/**
 * The repository the editors and the library use in this page: this
 * device's IndexedDB, opened once. The cloud layer may set another (one
 * that also syncs) with `setActiveRepository`.
 */
import { openLocalRepository } from './local';
import type { DocumentRepository } from './types';

let active: Promise<DocumentRepository> | null = null;

export function activeRepository(): Promise<DocumentRepository> {
  active ??= openLocalRepository();
  return active;
}

export function setActiveRepository(repository: DocumentRepository | Promise<DocumentRepository>): void {
  active = Promise.resolve(repository);
}
