// Preview mode (SPEC §2, issue 25): a draft reads in the same layout as a
// published page, and preview survives client navigation and reloads.
//
// 1. The address keeps `?preview` (the token or `true`): set again after each
//    page load, and added to same-site links before the router follows them.
// 2. The sidebar lists drafts, each with a Draft badge, under their folder.
//    A draft has no pre-rendered page (the not-found page stands in), so its
//    section's tree is taken from the section's published page.
// 3. The header marks the draft's section as the current one.
import { stripBase, withBase } from '../config/base';
import { previewParam } from '../stores/preview';

type Link = { _path: string; title: string };

/** Puts the preview parameter back into the address bar (no new history entry). */
export function keepPreviewInAddress(param: string): void {
  const url = new URL(location.href);
  if (url.searchParams.has('preview')) return;
  url.searchParams.set('preview', param);
  history.replaceState(history.state, '', url);
}

/** Adds the preview parameter to a same-site link as it is followed (capture phase, before the router). */
export function keepPreviewOnLinks(param: string): void {
  const add = (e: Event) => {
    const a = (e.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (!a || a.origin !== location.origin || a.hasAttribute('download')) return;
    const url = new URL(a.href);
    if (url.searchParams.has('preview') || !url.pathname.startsWith(withBase('/'))) return;
    url.searchParams.set('preview', param);
    a.href = url.href;
  };
  document.addEventListener('click', add, true);
  document.addEventListener('auxclick', add, true);
}

const sectionOf = (path: string) => '/' + (path.split('/')[1] ?? '');
const parentOf = (path: string) => path.slice(0, path.lastIndexOf('/')) || '/';
const cid = (el: Element | null | undefined) => (el ? [...el.attributes].filter((a) => a.name.startsWith('data-astro-cid')) : []);

/** The section's navigation tree: the page's own, or the one of its section's published page. */
async function sectionTree(path: string): Promise<HTMLElement | null> {
  const aside = document.querySelector<HTMLElement>('#site-nav');
  if (!aside) return null;
  const own = aside.querySelector<HTMLElement>('.nav-tree');
  if (own) return own;
  const section = sectionOf(path);
  if (section === '/') return null;
  const response = await fetch(withBase(section), { credentials: 'same-origin' });
  if (!response.ok) return null;
  const doc = new DOMParser().parseFromString(await response.text(), 'text/html');
  const tree = doc.querySelector<HTMLElement>('#site-nav .nav-tree');
  if (!tree) return null;
  const imported = document.importNode(tree, true);
  aside.append(imported);
  // Now a section page: the sections list folds away as on any published page.
  aside.querySelector('.nav-sections')?.classList.remove('nav-sections-always');
  return imported;
}

/** Adds the drafts to the sidebar with a badge, and marks the page being read. */
export async function showDraftsInSidebar(path: string, drafts: Link[]): Promise<void> {
  const tree = await sectionTree(path);
  if (!tree) return;
  for (const draft of drafts) {
    const href = withBase(draft._path);
    if (tree.querySelector(`a[href="${CSS.escape(href)}"]`)) continue;
    const folder = tree.querySelector<HTMLAnchorElement>(`a[href="${CSS.escape(withBase(parentOf(draft._path)))}"]`);
    const list = folder?.closest('.nav-section-title') ? tree.querySelector(':scope > .nav-list') : folder?.closest('details')?.querySelector(':scope > .nav-list');
    if (!list) continue;
    // Copy the sibling links' style scope so the new entry looks like them.
    const sibling = list.querySelector(':scope > li > a');
    const li = document.createElement('li');
    const a = document.createElement('a');
    for (const attr of cid(sibling?.parentElement)) li.setAttribute(attr.name, attr.value);
    for (const attr of cid(sibling)) a.setAttribute(attr.name, attr.value);
    a.href = href;
    a.textContent = draft.title + ' ';
    const badge = document.createElement('span');
    badge.className = 'draft-badge';
    badge.textContent = 'Draft';
    a.append(badge);
    li.append(a);
    list.append(li);
  }
  for (const a of tree.querySelectorAll<HTMLAnchorElement>('a[href]')) {
    if (stripBase(a.pathname) === path) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}

/** Marks the page's section in the header (the not-found page stands in for a draft and marks none). */
export function markHeaderSection(path: string): void {
  const section = sectionOf(path);
  for (const a of document.querySelectorAll<HTMLAnchorElement>('header nav a[href]')) {
    const target = stripBase(a.pathname);
    if (target === section || (target !== '/' && path.startsWith(target + '/'))) a.setAttribute('aria-current', 'page');
    else if (a.getAttribute('aria-current') === 'page') a.removeAttribute('aria-current');
  }
}

export { previewParam };
