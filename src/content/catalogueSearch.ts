/**
 * Search entries for the catalogues, so "plasma rifle" or "regeneration" finds
 * the item itself, at its anchor on the page that lists it. Pure.
 */
import type { PageRecord } from './types';
import type { SearchSection } from './sections';
import { CATALOGUE_HOMES, gearListFor } from './catalogueHomes';

type Entry = { id: string; name: string; type?: string; text?: string; description?: string; template?: string };

/** The first published page whose body embeds `component` (with matching attributes). */
function pageWith(records: PageRecord[], component: string, attrs: Record<string, string> = {}): PageRecord | undefined {
  return records.find(
    (r) =>
      !r.draft &&
      !r.partial &&
      r.body.children.some(
        (n) => n.type === 'element' && n.tag === component && Object.entries(attrs).every(([k, v]) => n.props?.[k] === v),
      ),
  );
}

export function catalogueSections(records: PageRecord[], catalogues: Readonly<Record<string, readonly Entry[] | undefined>>): SearchSection[] {
  const out: SearchSection[] = [];
  // One look through the pages per home, not per entry (entries × pages grew with both).
  const homePages = new Map<string, PageRecord | undefined>();
  const homePage = (component: string, attrs?: Record<string, string>) => {
    const key = JSON.stringify([component, attrs ?? {}]);
    if (!homePages.has(key)) homePages.set(key, pageWith(records, component, attrs));
    return homePages.get(key);
  };
  for (const [name, homes] of Object.entries(CATALOGUE_HOMES)) {
    for (const entry of catalogues[name] ?? []) {
      const home = name === 'gear' ? homes.find((h) => h.component === gearListFor(entry.type ?? '')) : homes[0];
      if (!home) continue;
      const page = homePage(home.component, home.attrs);
      if (!page) continue;
      const anchor = `${home.prefix}-${entry.id}`;
      out.push({
        id: `${page._path}#${anchor}`,
        path: page._path,
        anchor,
        pageTitle: entry.name,
        text: (entry.text ?? entry.description ?? entry.template ?? '').replace(/\{potency(\*\d+)?\}/g, 'X'),
        breadcrumb: page.title,
        kind: home.kind(entry),
      });
    }
  }
  return out;
}

/**
 * Where the editors link each catalogue's entries: catalogue name (gear: one
 * key per type, `gear.weapon`) → the page that lists them and the anchor
 * prefix. Computed at build time for the editor routes.
 */
export function catalogueHomeLinks(records: PageRecord[]): Record<string, { path: string; prefix: string }> {
  const out: Record<string, { path: string; prefix: string }> = {};
  for (const [name, homes] of Object.entries(CATALOGUE_HOMES)) {
    const keys = name === 'gear' ? ['weapon', 'armour', 'equipment', 'cyberware', 'drone'].map((t) => [`gear.${t}`, homes.find((h) => h.component === gearListFor(t))] as const) : [[name, homes[0]] as const];
    for (const [key, home] of keys) {
      const page = home && pageWith(records, home.component, home.attrs);
      if (home && page) out[key] = { path: page._path, prefix: home.prefix };
    }
  }
  return out;
}
