/**
 * The library's state (nanostores): a summary of every document of the
 * repository (live and trashed: name, kind, tags, dates, no content) held
 * in memory once, and the filters, which live in
 * the URL query (`?kind=core&tag=a&tag=b&q=text&sort=name&view=trash`) so a
 * filtered view can be bookmarked and survives a reload. Filtering 1,000
 * documents in memory takes a few milliseconds; the store reloads them
 * when the repository announces a change (this tab or another).
 */
import { atom, computed } from 'nanostores';
import { DOCUMENT_KINDS, type DocumentKind } from '../../rules';
import { $accountDocumentCounts } from '../../stores/user';
import { activeRepository, applyListQuery, type DocumentRepository, type DocumentSummary, type ListQuery, type Usage } from '../../storage';
import { $storageProblem } from '../../storage/active';
import { replayJournals, unreadableEntries, type JournalEntry } from '../../storage/journal';
import { whyFailed } from '../../storage/problems';

export type LibraryView = 'documents' | 'trash';
export type LibrarySort = 'updated' | 'name';

export interface LibraryFilters {
  kind?: DocumentKind;
  tags: string[];
  text: string;
  sort: LibrarySort;
  view: LibraryView;
}

export const DEFAULT_FILTERS: LibraryFilters = { tags: [], text: '', sort: 'updated', view: 'documents' };

/** Filters from a query string; unknown values fall back to the defaults. */
export function filtersFromSearch(search: string): LibraryFilters {
  const p = new URLSearchParams(search);
  const kind = p.get('kind');
  return {
    kind: (DOCUMENT_KINDS as readonly string[]).includes(kind ?? '') ? (kind as DocumentKind) : undefined,
    tags: [...new Set(p.getAll('tag').filter(Boolean))],
    text: p.get('q') ?? '',
    sort: p.get('sort') === 'name' ? 'name' : 'updated',
    view: p.get('view') === 'trash' ? 'trash' : 'documents',
  };
}

/** The query string of filters, keeping other parameters of `search`; defaults are left out. */
export function searchFromFilters(f: LibraryFilters, search = ''): string {
  const p = new URLSearchParams(search);
  for (const k of ['kind', 'tag', 'q', 'sort', 'view']) p.delete(k);
  if (f.kind) p.set('kind', f.kind);
  for (const t of f.tags) p.append('tag', t);
  if (f.text) p.set('q', f.text);
  if (f.sort !== 'updated') p.set('sort', f.sort);
  if (f.view !== 'documents') p.set('view', f.view);
  const s = p.toString();
  return s ? `?${s}` : '';
}

export const $filters = atom<LibraryFilters>(DEFAULT_FILTERS);
/** null while loading. */
export const $documents = atom<DocumentSummary[] | null>(null);
export const $usage = atom<Usage | null>(null);
export const $loadError = atom<string | null>(null);

export const $visible = computed([$documents, $filters], (docs, f) =>
  docs ? applyListQuery(docs, { kind: f.kind, tags: f.tags, text: f.text, sort: f.sort, trash: f.view === 'trash' }) : [],
);
export const $trashCount = computed($documents, (docs) => docs?.filter((d) => d.deletedAt).length ?? 0);
export const $liveCount = computed($documents, (docs) => docs?.filter((d) => !d.deletedAt).length ?? 0);
/** Tags of live documents, most used first. */
export const $tagsInUse = computed($documents, (docs) => {
  const counts = new Map<string, number>();
  for (const d of docs ?? []) if (!d.deletedAt) for (const t of d.tags) counts.set(t, (counts.get(t) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([t]) => t);
});

export function setFilters(patch: Partial<LibraryFilters>): void {
  const next = { ...$filters.get(), ...patch };
  $filters.set(next);
  if (typeof history !== 'undefined') {
    history.replaceState(history.state, '', location.pathname + searchFromFilters(next, location.search) + location.hash);
  }
}

let repoPromise: Promise<DocumentRepository> | null = null;
export const libraryRepository = (): Promise<DocumentRepository> => (repoPromise ??= activeRepository());

/** Summaries where the repository keeps them (this device), else the full list. */
const listed = (repo: DocumentRepository, query?: ListQuery): Promise<DocumentSummary[]> => (repo.summaries ? repo.summaries(query) : repo.list(query));

/** Edits closed editor pages left that could not be saved (journal.ts J7): listed apart, each with an Export. */
export const $keptEdits = atom<(JournalEntry & { problem: string })[]>([]);

let replayed = false;
let reloadTimer: ReturnType<typeof setTimeout> | undefined;
let usageTimer: ReturnType<typeof setTimeout> | undefined;
let usageAt = 0;
export async function reloadLibrary(): Promise<void> {
  try {
    const repo = await libraryRepository();
    // Edits a closed editor page left in the journal are saved before the list is read.
    if (!replayed) {
      replayed = true;
      await replayJournals(repo).catch(() => undefined);
    }
    const [live, trash] = await Promise.all([listed(repo), listed(repo, { trash: true })]);
    $keptEdits.set(unreadableEntries());
    $documents.set([...live, ...trash]);
    // Storage that cannot be used: the page's memory stands in, and the sentence says so.
    $loadError.set($storageProblem.get());
    // The profile dialog's "stored locally" line (the cloud count is cloud sync's).
    $accountDocumentCounts.set({ local: live.length, cloud: $accountDocumentCounts.get()?.cloud ?? null });
    // Usage reads every record and version: at most every few seconds.
    if (Date.now() - usageAt > 3000 || !$usage.get()) {
      usageAt = Date.now();
      $usage.set(await repo.usage());
    } else {
      clearTimeout(usageTimer);
      usageTimer = setTimeout(() => void repo.usage().then((u) => $usage.set(u)), 3000);
    }
  } catch (e) {
    $loadError.set(`Your documents could not be read from this browser's storage. ${whyFailed(e)}`);
    $documents.set($documents.get() ?? []);
  }
}

/** Starts the library: filters from the URL, documents from the repository, reloads on changes. Returns a stop function. */
export function startLibrary(): () => void {
  // No address outside a browser (the unit tests): the default filters.
  $filters.set(filtersFromSearch(typeof location === 'undefined' ? '' : location.search));
  let unsubscribe = () => {};
  let stopped = false;
  void libraryRepository().then((repo) => {
    if (stopped) return;
    unsubscribe = repo.subscribe(() => {
      clearTimeout(reloadTimer);
      reloadTimer = setTimeout(() => void reloadLibrary(), 30);
    });
  });
  void reloadLibrary();
  return () => {
    stopped = true;
    unsubscribe();
  };
}
