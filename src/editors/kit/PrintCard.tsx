/** The default printed card: name, the summary's values and the notes. */
import type { NucleusDocument } from '../../rules';
import type { SummaryItem } from './Summary';
import { Markdown } from './Notes';

export function PrintCard({ doc, items, valid, children }: { doc: NucleusDocument; items: SummaryItem[]; valid: boolean; children?: React.ReactNode }) {
  return (
    <article className="kit-card">
      <header>
        <p className="kit-card-kind">{doc.kind}</p>
        <h2 className="kit-card-name">{doc.name || 'Untitled'}</h2>
      </header>
      {children}
      <dl className="kit-card-values">
        {items.map((i) => (
          <div key={i.term}>
            <dt>{i.term}</dt>
            <dd>{i.value}</dd>
          </div>
        ))}
        <div>
          <dt>Validity</dt>
          <dd>{valid ? 'Valid' : 'Breaks a rule'}</dd>
        </div>
      </dl>
      {doc.notes?.trim() && <Markdown source={doc.notes} className="kit-card-notes" />}
    </article>
  );
}
