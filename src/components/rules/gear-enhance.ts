// With JavaScript the gear lists gain sorting (any column) and filters
// (text, forgiving one slip per word; type, rank, availability); the filters
// live in the URL. When nothing matches, a sentence says so.
import { matchesFilter } from './filter';

export function enhanceGearLists(): void {
  for (const list of document.querySelectorAll<HTMLElement>('[data-gear-list]')) {
    if (list.dataset.enhanced) continue;
    list.dataset.enhanced = 'true';
    const kind = list.dataset.gearList!;
    const controls = list.querySelector<HTMLElement>('[data-gear-controls]')!;
    const table = list.querySelector('table')!;
    const tbody = table.tBodies[0]!;
    const rows = [...tbody.rows];
    const count = list.querySelector<HTMLElement>('[data-gear-count]')!;
    const empty = list.querySelector<HTMLElement>('[data-gear-empty]')!;
    const noun = list.dataset.gearNoun ?? 'items';
    const inputs = [...controls.querySelectorAll<HTMLInputElement | HTMLSelectElement>('[data-filter]')];
    controls.hidden = false;

    // Filters are kept in the URL as `{kind}.{filter}=value`.
    const params = new URLSearchParams(location.search);
    for (const input of inputs) {
      const v = params.get(`${kind}.${input.dataset.filter}`);
      if (v !== null) input.value = v;
    }

    const apply = () => {
      const f = Object.fromEntries(inputs.map((i) => [i.dataset.filter!, i.value.trim().toLowerCase()]));
      let shown = 0;
      for (const row of rows) {
        const ok =
          matchesFilter(row.dataset.text ?? '', f.q ?? '') &&
          (!f.type || row.dataset.type === f.type) &&
          (!f.rank || row.dataset.rank === f.rank) &&
          (!f.availability || row.dataset.availability === f.availability);
        row.hidden = !ok;
        if (ok) shown++;
      }
      count.textContent = `${shown} of ${rows.length} shown`;
      empty.hidden = shown > 0;
      (table.closest<HTMLElement>('.table-scroll') ?? table).hidden = shown === 0;
      if (shown === 0) {
        const words = inputs.find((i) => i.dataset.filter === 'q')?.value.trim();
        empty.textContent = words
          ? `No ${noun} found for “${words}” with these filters. Check the spelling or clear a filter.`
          : `No ${noun} found with these filters. Clear a filter to see more.`;
      }
      const url = new URL(location.href);
      for (const input of inputs) {
        const key = `${kind}.${input.dataset.filter}`;
        if (input.value) url.searchParams.set(key, input.value);
        else url.searchParams.delete(key);
      }
      history.replaceState(history.state, '', url);
    };
    for (const input of inputs) input.addEventListener('input', apply);
    apply();

    const headers = [...table.tHead!.rows[0]!.cells];
    headers.forEach((th, col) => {
      const label = th.querySelector('.th-label')!;
      const button = document.createElement('button');
      button.type = 'button';
      button.className = 'sort';
      button.textContent = label.textContent;
      button.setAttribute('aria-label', `Sort by ${label.textContent}`);
      label.replaceWith(button);
      button.addEventListener('click', () => {
        const dir = th.getAttribute('aria-sort') === 'ascending' ? 'descending' : 'ascending';
        for (const h of headers) h.setAttribute('aria-sort', 'none');
        th.setAttribute('aria-sort', dir);
        const key = (r: HTMLTableRowElement) => r.cells[col]!.dataset.sort ?? r.cells[col]!.textContent ?? '';
        const sorted = [...rows].sort((a, b) => {
          const c = key(a).localeCompare(key(b), 'en', { numeric: true });
          return dir === 'ascending' ? c : -c;
        });
        for (const r of sorted) tbody.appendChild(r);
      });
    });
  }
}
