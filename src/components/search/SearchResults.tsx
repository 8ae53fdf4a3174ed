/** The search dialog's results, grouped by page, with the query's words marked. */
import { useEffect } from 'react';
import { useStore } from '@nanostores/react';
import { searchDialog as state } from './searchDialogState';
import type { Piece, ResultItem } from './results';

function Marked({ pieces }: { pieces: Piece[] }) {
  return <>{pieces.map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : <span key={i}>{p.text}</span>))}</>;
}

/** The results, grouped by page; each an option of the field's listbox. */
export function ResultList({ listId, go }: { listId: string; go: (item: ResultItem) => void }) {
  const { groups, flat } = useStore(state.$view);
  const active = useStore(state.$active);
  // The chosen result stays in view as the arrow keys move.
  useEffect(() => {
    const el = document.getElementById(`${listId}-${active}`);
    el?.scrollIntoView({ block: 'nearest' });
  }, [active, listId]);

  let n = -1;
  return (
    <div id={listId} role="listbox" aria-label="Search results" className="search-results" hidden={flat.length === 0}>
      {groups.map((g) => (
        <div role="group" aria-label={g.pageTitle} key={g.path} className="search-group">
          <div className="search-group-title" aria-hidden="true">
            {g.breadcrumb && <span className="crumb">{g.breadcrumb} › </span>}
            {g.pageTitle}
          </div>
          {g.items.map((item) => {
            n++;
            const i = n;
            return (
              <a
                key={item.id}
                id={`${listId}-${i}`}
                role="option"
                aria-selected={i === active}
                href={item.href}
                tabIndex={-1}
                className="search-item"
                onMouseMove={() => state.setActive(i)}
                onClick={(e) => {
                  e.preventDefault();
                  go(item);
                }}
              >
                <span className="search-item-title">
                  {item.kind !== 'page' && <span className="kind">{item.kind}</span>}
                  <Marked pieces={item.title} />
                </span>
                {item.excerpt.length > 0 && (
                  <span className="search-item-excerpt">
                    <Marked pieces={item.excerpt} />
                  </span>
                )}
              </a>
            );
          })}
        </div>
      ))}
    </div>
  );
}
