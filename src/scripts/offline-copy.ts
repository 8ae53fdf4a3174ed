/**
 * The "Save for offline" dialog (issue 37), loaded on the footer button's
 * first click (scripts/sw.ts), never with a page: it says what the copy
 * will download, checks the browser's storage estimate, downloads with a
 * progress bar, can be cancelled and resumed, and once saved offers
 * "Remove offline copy". The service worker reads the copy's cache when the
 * network is gone (src/build/serviceWorker.ts fromOfflineCopy).
 *
 * The work lives in module state, not in the dialog: a download goes on
 * while the reader closes the dialog or moves to another page (the router
 * replaces the body, and with it the dialog), and the next opening shows it.
 */
import { SITE_ROOT } from '../config/base';
import { OFFLINE_COPY_CACHE, OFFLINE_COPY_FILE } from '../config/offline';
import {
  downloadSentence, formatBytes, OfflineCopyError, planCopy, progressSentence, readCopyList, removeCopy, roomRefusal, saveCopy, savedAddresses, totalBytes,
  type CopyList, type CopyPlan, type CopyProgress,
} from '../stores/offlineCopy';

const address = (file: string) => new URL(`${SITE_ROOT}${file}`, location.href).href;
const listAddress = () => address(OFFLINE_COPY_FILE);

/** What the dialog shows; changed only through `show`. */
interface State {
  list: CopyList | null;
  plan: CopyPlan | null;
  /** Set while downloading. */
  progress: CopyProgress | null;
  /** A sentence for something that went wrong or was refused. */
  problem: string;
  /** A sentence about the last thing done (removed). */
  note: string;
}
const state: State = { list: null, plan: null, progress: null, problem: '', note: '' };
let running: AbortController | null = null;
/** The download under way, so a removal waits for its last file to land before deleting. */
let task: Promise<void> | null = null;
let dialog: HTMLDialogElement | null = null;
/** The build the saved copy's pages come from (its kept list), if one is saved. */
let savedBuild: string | undefined;

/** The dialog's markup: built here, so no page carries it. */
const MARKUP = `
  <h2 id="offline-copy-title">Save for offline</h2>
  <p data-status role="status"></p>
  <p data-problem role="alert"></p>
  <div data-progress hidden>
    <progress aria-labelledby="offline-copy-count"></progress>
    <p id="offline-copy-count" data-count></p>
  </div>
  <div class="offline-copy-actions">
    <button type="button" class="btn btn-primary" data-start>Save for offline</button>
    <button type="button" class="btn" data-cancel>Cancel</button>
    <button type="button" class="btn" data-remove>Remove offline copy</button>
    <button type="button" class="btn" data-close>Close</button>
  </div>`;

function part<T extends HTMLElement>(name: string): T {
  return dialog!.querySelector<T>(`[data-${name}]`)!;
}

/** The dialog, built once per page (a new page's body no longer holds the last one). */
function dialogFor(trigger: HTMLElement): HTMLDialogElement {
  if (!dialog?.isConnected) {
    dialog = document.createElement('dialog');
    dialog.className = 'offline-copy';
    dialog.setAttribute('aria-labelledby', 'offline-copy-title');
    dialog.innerHTML = MARKUP;
    part('start').addEventListener('click', () => void (task ??= start().finally(() => (task = null))));
    part('cancel').addEventListener('click', () => running?.abort());
    part('remove').addEventListener('click', () => void remove());
    part('close').addEventListener('click', () => dialog?.close());
    document.body.append(dialog);
  }
  // Focus goes back to the button that opened it.
  dialog.addEventListener('close', () => trigger.isConnected && trigger.focus(), { once: true });
  return dialog;
}

/** The status sentence for where the copy stands. */
function status({ list, plan, progress, problem }: State): string {
  if (!list || !plan) return problem ? '' : 'Reading what an offline copy holds…';
  if (progress) return `Saving ${downloadSentence(list).replace(/ to download\.$/, '')}. You can keep reading meanwhile.`;
  if (plan.complete) return `All ${list.pages.toLocaleString('en-US')} pages and search are saved on this device (${formatBytes(totalBytes(list.files))}): they open without a connection.`;
  if (plan.doneFiles > 0) return `${downloadSentence(list)} ${progressSentence(plan)}`;
  return downloadSentence(list);
}

function render(): void {
  if (!dialog?.isConnected) return;
  const { list, plan, progress } = state;
  part('status').textContent = [state.note, status(state)].filter(Boolean).join(' ');
  part('problem').textContent = state.problem;
  const done = progress ?? (plan && { files: plan.doneFiles, bytes: plan.doneBytes });
  const showBar = !!list && !!done && (progress !== null || done.files > 0);
  part('progress').hidden = !showBar;
  if (list && done) {
    const bar = part<HTMLProgressElement>('progress').querySelector('progress')!;
    bar.max = Math.max(1, totalBytes(list.files));
    bar.value = done.bytes;
    part('count').textContent = `${done.files.toLocaleString('en-US')} of ${list.files.length.toLocaleString('en-US')} files, ${formatBytes(done.bytes)} of ${formatBytes(totalBytes(list.files))}`;
  }
  const start = part<HTMLButtonElement>('start');
  start.hidden = !plan || plan.complete || progress !== null;
  start.textContent = plan && plan.doneFiles > 0 ? 'Resume' : 'Save for offline';
  part('cancel').hidden = progress === null;
  part('remove').hidden = !plan || plan.doneFiles === 0 || progress !== null;
  // The focused button was hidden (Save once started, Cancel once done): focus stays in the dialog.
  const focused = document.activeElement as HTMLElement | null;
  if (dialog.open && (!focused || !dialog.contains(focused) || focused.hidden)) dialog.querySelector<HTMLElement>('button:not([hidden])')?.focus();
}

/** The list kept in the copy: the build its pages were saved from, and the list when the site cannot be reached. */
async function keptList(): Promise<CopyList | undefined> {
  if (!(await caches.has(OFFLINE_COPY_CACHE))) return undefined;
  const kept = await (await caches.open(OFFLINE_COPY_CACHE)).match(listAddress());
  return kept ? readCopyList(await kept.json()) : undefined;
}

/** The build's list: from the site, or offline the one kept in the copy. */
async function fetchList(kept: CopyList | undefined): Promise<CopyList> {
  try {
    const response = await fetch(listAddress(), { cache: 'no-cache' });
    if (response.ok) return readCopyList(await response.json());
  } catch (e) {
    if (e instanceof OfflineCopyError) throw e;
  }
  if (kept) return kept;
  throw new OfflineCopyError(navigator.onLine ? 'The list of files to save could not be fetched: check the connection, then try again.' : 'You are offline: saving the site for offline reading needs a connection. Try again once you are online.');
}

/** Reads the list and what the cache holds, and shows where the copy stands. */
async function refresh(): Promise<void> {
  try {
    // Once read, the list stands in when it cannot be read again (offline, after a removal).
    const kept = await keptList().catch(() => undefined);
    savedBuild = kept?.build;
    state.list = await fetchList(kept).catch((e: unknown) => {
      if (state.list) return state.list;
      throw e;
    });
    const saved = (await caches.has(OFFLINE_COPY_CACHE)) ? await savedAddresses(await caches.open(OFFLINE_COPY_CACHE)) : new Set<string>();
    state.plan = planCopy(state.list, saved, address, { savedBuild, keep: new Set([listAddress()]) });
  } catch (e) {
    state.problem = e instanceof OfflineCopyError ? e.message : 'The offline copy could not be read on this device.';
    console.warn('[nucleus] offline copy:', e);
  }
  render();
}

async function start(): Promise<void> {
  const { list, plan } = state;
  if (!list || !plan || running) return;
  state.problem = state.note = '';
  const estimate = await navigator.storage?.estimate?.().catch(() => undefined);
  const refusal = roomRefusal(estimate, plan.leftBytes);
  if (refusal) {
    state.problem = refusal;
    return render();
  }
  // Asked, not required: without it the browser may clear the copy when the device runs short of space.
  await navigator.storage?.persist?.().catch(() => false);
  running = new AbortController();
  state.progress = { files: plan.doneFiles, bytes: plan.doneBytes };
  render();
  try {
    const cache = await caches.open(OFFLINE_COPY_CACHE);
    const result = await saveCopy({ plan, list, listAddress: listAddress(), savedBuild, cache, address, fetch: (url, init) => fetch(url, init), signal: running.signal, onProgress: (p) => ((state.progress = p), render()) });
    if (result === 'cancelled') state.note = 'Cancelled: what was saved is kept.';
  } catch (e) {
    state.problem = e instanceof OfflineCopyError ? e.message : 'The download stopped: this browser could not store the files. What was saved is kept.';
    console.warn('[nucleus] offline copy:', e);
  }
  running = null;
  state.progress = null;
  await refresh();
}

async function remove(): Promise<void> {
  running?.abort();
  await task;
  const freed = state.plan ? formatBytes(state.plan.doneBytes) : '';
  await removeCopy(caches, OFFLINE_COPY_CACHE);
  state.problem = '';
  state.note = `The offline copy was removed (${freed} freed).`;
  await refresh();
}

/** Opens the dialog from `trigger` (the footer's button), focus inside it. */
export function openOfflineCopy(trigger: HTMLElement): void {
  const d = dialogFor(trigger);
  if (!d.open) d.showModal();
  render();
  if (!('caches' in window)) {
    state.problem = 'This browser cannot keep the site for offline reading.';
    return render();
  }
  // Focus starts on Close while the list loads; then on the action it offers.
  if (!running) void refresh().then(() => document.activeElement === part('close') && d.querySelector<HTMLElement>('.btn-primary:not([hidden]), [data-remove]:not([hidden])')?.focus());
}
