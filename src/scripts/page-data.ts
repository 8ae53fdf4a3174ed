// Content pages in preview or client-database mode (SPEC §2, §4): load the
// navigation, globals, the page and its surround in parallel from the local
// database, and render the page from its stored body tree in place of the
// pre-rendered one. Also answers `nucleus:data-refresh` by reloading the
// current page's content, bypassing caches.
import { $preview, leavePreview } from '../stores/preview';
import { $loading } from '../stores/app';
import type { ContentClient } from '../db/content-client';
import { pageQuery, surroundQuery, globalQueries, renderBody, escapeHtml, resolveRedirect, type Body, type TocEntry } from '../content/browser';
import { BASE, SITE_ROOT as root, stripBase, withBase } from '../config/base';
import { siteConfig } from '../config/site';
import { onPage } from './lifecycle';
import { runningBuild } from '../db/running-build';
import { keepPreviewInAddress, keepPreviewOnLinks, markHeaderSection, previewParam, showDraftsInSidebar } from './preview-layout';

/** The drafts, for the sidebar in preview mode. */
const DRAFTS_QUERY = { where: [{ _type: 'markdown' }, { draft: true }, { partial: false }], only: ['_path', 'title'] };

const html = document.documentElement;
const meta = (name: string) => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? '';

interface PageRecordLite {
  _path: string;
  title: string;
  description?: string;
  draft?: boolean;
  redirect?: string;
  body: Body;
}
type Link = { _path: string; title: string } | null;

// The content client (query engine, sql.js) is loaded only when a page needs
// it: preview, client-database mode or a data refresh. Reading ships none of it.
let clientPromise: Promise<ContentClient> | null = null;
function contentClient(): Promise<ContentClient> {
  clientPromise ??= Promise.all([import('../db/content-client'), runningBuild()]).then(([{ createContentClient }, build]) =>
    createContentClient({
      root,
      integrity: build?.integrity ?? '',
      preview: () => $preview.get().active,
      clientDatabase: meta('nucleus-client-db') === 'true',
      defaultLocale: siteConfig.defaultLocale,
      locales: siteConfig.locales,
    }),
  );
  return clientPromise;
}

function currentPath(): string {
  const p = stripBase(decodeURIComponent(location.pathname));
  return p.length > 1 ? p.replace(/\/$/, '') : p;
}

function logged<T>(what: string, promise: Promise<T>, empty: T): Promise<T> {
  return promise.catch((e) => {
    // SPEC §8: a failed navigation, globals, page or neighbour load is swallowed.
    console.warn(`[nucleus] could not load the ${what}:`, e);
    return empty;
  });
}

function renderToc(toc: TocEntry[]): void {
  const details = document.querySelector<HTMLDetailsElement>('[data-toc]');
  const col = document.querySelector<HTMLElement>('[data-toc-col]');
  const shell = document.querySelector<HTMLElement>('[data-shell]');
  if (!details) return;
  details.querySelector('ul')!.innerHTML = toc
    .map((t) => `<li class="depth-${t.depth}"><a href="#${escapeHtml(t.id)}">${escapeHtml(t.text)}</a></li>`)
    .join('');
  details.hidden = toc.length === 0;
  if (col) col.hidden = toc.length === 0;
  shell?.classList.toggle('no-toc', toc.length === 0);
}

function renderPagination([prev, next]: Link[]): void {
  const nav = document.querySelector<HTMLElement>('[data-pagination]');
  if (!nav) return;
  const link = (l: Link, rel: 'prev' | 'next') =>
    l
      ? `<a class="${rel}" href="${escapeHtml(withBase(l._path))}" rel="${rel}"><span class="dir">${rel === 'prev' ? 'Previous' : 'Next'}</span><span class="t">${escapeHtml(l.title)}</span></a>`
      : '<span></span>';
  nav.innerHTML = link(prev ?? null, 'prev') + link(next ?? null, 'next');
  nav.hidden = !prev && !next;
}

function render(page: PageRecordLite, surround: Link[]): void {
  document.title = `${page.title} · ${siteConfig.title}`;
  const errorPage = document.querySelector('[data-error-page]');
  if (errorPage) {
    // A draft shown on the not-found page: give it a page's title and lead.
    errorPage.closest('[data-page-body]')?.insertAdjacentHTML('beforebegin', '<h1 class="page-title" data-page-title></h1><p class="lead" data-page-lead></p>');
    errorPage.remove();
  }
  const title = document.querySelector<HTMLElement>('[data-page-title]');
  if (title) {
    title.textContent = page.title;
    if (page.draft) title.insertAdjacentHTML('beforeend', ' <span class="draft-badge">Draft</span>');
  }
  const lead = document.querySelector<HTMLElement>('[data-page-lead]');
  if (lead) {
    lead.textContent = page.description ?? '';
    lead.hidden = !page.description;
  }
  const target = document.querySelector<HTMLElement>('[data-page-body]');
  if (target) {
    // Embedded components keep their pre-rendered markup when the page has it.
    const existing = [...target.querySelectorAll<HTMLElement>('[data-component]')];
    let i = 0;
    const body = renderBody(page.body, {
      base: BASE,
      component: (name) => {
        const found = existing.find((el, j) => j >= i && el.dataset.component === name);
        if (found) {
          i = existing.indexOf(found) + 1;
          return found.outerHTML;
        }
        return `<div class="component-placeholder" data-component="${escapeHtml(name)}">The ${escapeHtml(name.replace(/-/g, ' '))} shows here once this page is published.</div>`;
      },
    });
    target.innerHTML = `<div class="prose">${body}</div>`;
  }
  renderToc(page.body.toc);
  renderPagination(surround);
  html.dataset.renderedFrom = 'database';
  // The table of contents and the table boxes watch the new body (toc.ts, tables.ts).
  document.dispatchEvent(new CustomEvent('nucleus:page-rendered'));
}

async function load(): Promise<void> {
  const client = await contentClient();
  const path = currentPath();
  const drafts = $preview.get().active;
  $loading.set(true);
  try {
    const [, , page, surround, draftLinks] = await Promise.all([
      logged('navigation', client.navigation(), null),
      logged(
        'globals',
        Promise.all(Object.entries(globalQueries(siteConfig.globals)).map(async ([k, q]) => [k, await client.queryContent(q)] as const)).then(Object.fromEntries),
        {},
      ),
      logged('page', client.queryContent(pageQuery(path)) as Promise<PageRecordLite | null>, null),
      logged('previous and next pages', client.queryContent(surroundQuery(path, { drafts })) as Promise<Link[]>, [null, null]),
      drafts ? logged('drafts', client.queryContent(DRAFTS_QUERY) as Promise<{ _path: string; title: string }[]>, []) : [],
    ]);
    if (!page) return;
    if (page.redirect) {
      const r = resolveRedirect(page.redirect, BASE);
      if (r.external) location.assign(r.href);
      else location.replace(r.href);
      return;
    }
    render(page, surround);
    if (drafts) {
      markHeaderSection(path);
      await logged('sidebar drafts', showDraftsInSidebar(path, draftLinks), undefined);
    }
  } finally {
    $loading.set(false);
  }
}

function showPreviewBanner(): void {
  const bar = document.createElement('div');
  bar.className = 'preview-banner';
  bar.setAttribute('role', 'region');
  bar.setAttribute('aria-label', 'Preview mode');
  bar.innerHTML =
    '<p><strong>Preview mode.</strong> Pages come from the content database, drafts included.</p><button type="button" class="btn">Leave preview</button>';
  bar.querySelector('button')!.addEventListener('click', () => {
    leavePreview();
    const url = new URL(location.href);
    url.searchParams.set('preview', 'false');
    location.assign(url);
  });
  document.body.prepend(bar);
  html.dataset.preview = 'true';
}

// Forces the current page's content to reload, bypassing caches (once, globally).
window.addEventListener('nucleus:data-refresh', () => {
  if (html.dataset.documentDriven !== 'true') return;
  void contentClient().then((client) => {
    client.refresh();
    return load();
  });
});

/** The current page's content from the database, in preview or client-database mode (scripts/page-data-gate.ts loads this module then). */
export function showPageData(): void {
  if (html.dataset.documentDriven !== 'true') return;
  if ($preview.get().active) {
    keepPreviewInAddress(previewParam($preview.get())!);
    showPreviewBanner();
    void load();
  } else if (meta('nucleus-client-db') === 'true') {
    void load();
  }
}

onPage(showPageData);

// Links keep preview on (once, globally; the address bar is set on each page load).
const param = previewParam($preview.get());
if (param) keepPreviewOnLinks(param);
