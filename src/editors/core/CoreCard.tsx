/**
 * The generated rules text of the whole core, as a player reads it at the
 * table (summary panel and print card). The words come from text.ts.
 */
import { useState } from 'react';
import type { Core } from '../../rules';
import type { CoreCatalogues } from './options';
import { coreCard, coreRulesText } from './text';
import { copyToClipboard } from '../kit/notice';

/**
 * `heading`: a "Rules text" title of its own (the print card); in the summary its section heading names it.
 * `copy`: a button that puts the text on the clipboard, to paste into a character sheet or a chat.
 */
export function CoreCard({ core, catalogues, heading = false, copy = false }: { core: Core; catalogues: CoreCatalogues; heading?: boolean; copy?: boolean }) {
  const card = coreCard(core, catalogues);
  return (
    <div className="core-card" data-core-card>
      {heading && <h2 className="core-card-title">Rules text</h2>}
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
      {copy && <CopyButton text={() => coreRulesText(core, catalogues)} />}
    </div>
  );
}

function CopyButton({ text }: { text: () => string }) {
  const [said, setSaid] = useState('');
  return (
    <div className="core-card-copy">
      <button
        type="button"
        className="btn kit-small"
        onClick={() =>
          void copyToClipboard(text()).then((outcome) =>
            setSaid(outcome === 'copied' ? 'Copied.' : outcome === 'refused' ? 'The browser refused to copy: select the text instead.' : 'Copying is not available here: select the text instead.'),
          )
        }
      >
        Copy rules text
      </button>
      <span role="status" className="core-card-said">
        {said}
      </span>
    </div>
  );
}
