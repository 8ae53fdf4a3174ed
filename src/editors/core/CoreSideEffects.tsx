/**
 * Side effects: the whole catalogue (it is short) as checkboxes, each with
 * its refund and drawback. The refund limit (half the effects' cost, rounded
 * down) is shown as a meter. Rule issues warn, never block: a side effect
 * that would pass the limit can still be ticked and says why beforehand;
 * once ticked, evaluate's message stands beside the group with the fix.
 */
import type { Core } from '../../rules';
import { FieldIssues, Meter, describedBy, fieldId, issuesAt, rulesHref, useEditor, type RulesLinks } from '../kit';
import { applyCoreEdit } from './model';
import { points, sideEffectOptions, type CoreCatalogues } from './options';

export function CoreSideEffects({ catalogues, links }: { catalogues: CoreCatalogues; links: RulesLinks }) {
  const { doc: core, evaluation, change, readOnly } = useEditor<Core>();
  const derived = evaluation.derived;
  const id = fieldId('sideEffects');
  const groupIssues = issuesAt(evaluation.issues, 'sideEffects');
  const hint = `Each side effect refunds points. Refunds may total at most half the effects' cost, rounded down: ${points(derived.refundLimit)} now.`;
  return (
    <section className="core-section" aria-labelledby="core-side-title">
      <div className="core-section-head">
        <h2 id="core-side-title" className="core-section-title">
          Side effects
        </h2>
        <span className="core-section-total">
          Refund {derived.refund} of {derived.refundLimit}
        </span>
      </div>
      <fieldset className="core-side-effects" id={id} data-field-path="sideEffects" tabIndex={-1} aria-describedby={describedBy(id, groupIssues, hint)}>
        <legend className="visually-hidden">Side effects</legend>
        <p className="kit-hint" id={`${id}-hint`}>
          {hint}
        </p>
        <Meter label="Refund limit" value={derived.refund} max={derived.refundLimit} />
        <FieldIssues id={id} issues={groupIssues} />
        <ul className="core-side-list">
          {sideEffectOptions(core, catalogues, derived).map((o) => {
            const index = core.sideEffects.indexOf(o.entry.id);
            const path = `sideEffects.${index}`;
            const itemId = index >= 0 ? fieldId(path) : `${id}-${o.entry.id}`;
            const itemIssues = index >= 0 ? issuesAt(evaluation.issues, path) : [];
            const href = rulesHref(links, 'coreSideEffects', o.entry.id);
            return (
              <li key={o.entry.id} className={`core-side${o.chosen ? ' is-on' : ''}${o.unavailable ? ' is-flagged' : ''}`}>
                <input
                  type="checkbox"
                  id={itemId}
                  checked={o.chosen}
                  disabled={readOnly}
                  aria-describedby={[`${itemId}-text`, o.unavailable ? `${itemId}-why` : '', itemIssues.length ? `${itemId}-issues` : ''].filter(Boolean).join(' ')}
                  onChange={(e) =>
                    change((d) =>
                      applyCoreEdit(d, {
                        type: e.target.checked ? 'addSideEffect' : 'removeSideEffect',
                        id: o.entry.id,
                      }),
                    )
                  }
                />
                <label htmlFor={itemId} className="core-side-name">
                  {o.entry.name} <span className="core-side-refund">refund {o.entry.refund}</span>
                </label>
                <p className="core-side-text" id={`${itemId}-text`}>
                  {o.entry.text}
                  {href && (
                    <>
                      {' '}
                      <a href={href} className="kit-rules-link">
                        Rules
                        <span className="visually-hidden">: {o.entry.name}</span>
                      </a>
                    </>
                  )}
                </p>
                {o.unavailable && (
                  <p className="core-side-why" id={`${itemId}-why`}>
                    Past the refund limit: {o.unavailable.charAt(0).toLowerCase() + o.unavailable.slice(1)}
                  </p>
                )}
                <FieldIssues id={itemId} issues={itemIssues} />
              </li>
            );
          })}
        </ul>
        {core.sideEffects.map((sid, i) =>
          catalogues.coreSideEffects.some((e) => e.id === sid) ? null : (
            // An id the catalogue no longer knows: say so and offer the fix.
            <div key={`${sid}-${i}`} className="core-side is-unknown" data-field-path={`sideEffects.${i}`}>
              <FieldIssues id={fieldId(`sideEffects.${i}`)} issues={issuesAt(evaluation.issues, `sideEffects.${i}`)} />
              {!readOnly && (
                <button type="button" className="btn" id={fieldId(`sideEffects.${i}`)} onClick={() => change((d) => applyCoreEdit(d, { type: 'removeSideEffect', id: sid }))}>
                  Remove {sid}
                </button>
              )}
            </div>
          ),
        )}
      </fieldset>
    </section>
  );
}
