// Content pages load the database code (scripts/page-data.ts: the query
// engine, the body renderer) only when they need it (issue 25): in preview
// or client-database mode, or on a data refresh. Reading ships none of it.
import { $preview } from '../stores/preview';
import { onPage } from './lifecycle';

const html = document.documentElement;
let loaded: Promise<typeof import('./page-data')> | null = null;

const documentDriven = () => html.dataset.documentDriven === 'true';
const clientDatabase = () => document.querySelector<HTMLMetaElement>('meta[name="nucleus-client-db"]')?.content === 'true';

// Once loaded, page-data.ts follows the next pages itself; this page it is told about.
onPage(() => {
  if (loaded || !documentDriven() || !($preview.get().active || clientDatabase())) return;
  loaded = import('./page-data');
  void loaded.then((m) => m.showPageData());
});

window.addEventListener('nucleus:data-refresh', () => {
  if (loaded || !documentDriven()) return;
  loaded = import('./page-data');
  // Its own listener is there now: the same request again.
  void loaded.then(() => window.dispatchEvent(new Event('nucleus:data-refresh')));
});
