/**
 * The generated rules text of the whole core, as a player reads it at the
 * table (summary panel and print card). The words come from text.ts.
 */
import type { Core } from '../../rules';
import type { CoreCatalogues } from './options';
import { coreCard } from './text';

export function CoreCard({ core, catalogues }: { core: Core; catalogues: CoreCatalogues }) {
  const card = coreCard(core, catalogues);
  return (
    <section className="core-card" aria-labelledby="core-card-title" data-core-card>
      <h3 id="core-card-title" className="core-card-title">
        Rules text
      </h3>
      <p className="core-card-name">{card.name}</p>
      <p className="core-card-heading">{card.heading}</p>
      <p className="core-card-usage">{card.usage}</p>
      {card.effects.length === 0 ? (
        <p className="core-card-empty">No effect yet: add one under Effects.</p>
      ) : (
        <ul className="core-card-effects">
          {card.effects.map((e) => (
            <li key={e.name}>
              <strong>
                {e.name} (potency {e.potency}).
              </strong>{' '}
              {e.text}
            </li>
          ))}
        </ul>
      )}
      {card.sideEffects.length > 0 && (
        <ul className="core-card-side-effects">
          {card.sideEffects.map((s) => (
            <li key={s.name}>
              <strong>Side effect — {s.name}.</strong> {s.text}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
