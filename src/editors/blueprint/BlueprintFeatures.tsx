/** The blueprint's features: those taken (ranks, sub-features, removal), and the catalogue to add more from. */
import { useState } from 'react';
import type { Blueprint, BlueprintFeatureEntry } from '../../rules/engine';
import { CATALOGUE_STEP_RANGE, CataloguePicker, FieldIssues, NumberStepper, fieldId, issuesAt, rulesHref, useEditor, type EditorViewProps } from '../kit';
import { FeatureDialog } from './FeatureDialog';
import { costText, requirementText, whyUnavailable, ruleWarning } from './model';

export function Features({ bp, catalogue, rulesLinks }: { bp: Blueprint; catalogue: BlueprintFeatureEntry[]; rulesLinks: EditorViewProps<Blueprint>['rulesLinks'] }) {
  const { change, evaluation, readOnly } = useEditor<Blueprint>();
  const [editing, setEditing] = useState<number | null>(null);
  const forType = catalogue.filter((f) => f.type === bp.type);
  const entryOf = (id: string) => catalogue.find((f) => f.id === id);
  const add = (id: string) => {
    const entry = entryOf(id);
    const index = bp.features.length;
    change((d) => ({ ...d, features: [...d.features, entry?.maxRanks ? { id, ranks: 1 } : { id }] }));
    if (entry?.subFeatures) setEditing(index);
  };
  const remove = (i: number) => change((d) => ({ ...d, features: d.features.filter((_, j) => j !== i) }));
  return (
    <section className="kit-section" aria-labelledby="bp-features-title">
      <h2 id="bp-features-title">Features</h2>
      {bp.features.length === 0 ? (
        <p className="kit-muted">No features yet: add them from the list below.</p>
      ) : (
        <ul className="bp-chosen">
          {bp.features.map((choice, i) => {
            const entry = entryOf(choice.id);
            const at = `features.${i}`;
            const own = issuesAt(evaluation.issues, at);
            const subIssues = issuesAt(evaluation.issues, `${at}.subFeatures`);
            const options = entry?.subFeatures?.options.filter((o) => choice.subFeatures?.includes(o.id)) ?? [];
            return (
              <li key={`${choice.id}-${i}`} className={`bp-chosen-item${own.length + subIssues.length ? ' has-issue' : ''}`} data-feature={choice.id}>
                <div className="bp-chosen-head">
                  <h3 id={fieldId(at)} tabIndex={-1}>
                    {entry?.name ?? choice.id}
                  </h3>
                  <span className="kit-picker-cost">{entry ? costText(entry) : '?'}</span>
                </div>
                {entry && <p className="kit-picker-text">{entry.text}</p>}
                <FieldIssues id={fieldId(at)} issues={own} />
                {entry?.maxRanks && (
                  <NumberStepper
                    path={`${at}.ranks`}
                    label={`${entry.name} ranks`}
                    {...CATALOGUE_STEP_RANGE}
                    limit={entry.maxRanks}
                    value={choice.ranks ?? 1}
                    onChange={(v) => change((d) => ({ ...d, features: d.features.map((f, j) => (j === i ? { ...f, ranks: v } : f)) }))}
                  />
                )}
                {entry?.subFeatures && (
                  <p className="bp-options">
                    <span>Options: {options.length ? options.map((o) => o.name).join(', ') : 'none chosen'}</span>
                    <button type="button" className="btn kit-small" id={fieldId(`${at}.subFeatures`)} onClick={() => setEditing(i)} disabled={readOnly && !entry}>
                      {readOnly ? 'See options' : 'Choose options'}
                      <span className="visually-hidden"> for {entry.name}</span>
                    </button>
                  </p>
                )}
                <FieldIssues id={fieldId(`${at}.subFeatures`)} issues={subIssues} />
                {!readOnly && (
                  <div className="bp-chosen-actions">
                    <button type="button" className="btn kit-small" onClick={() => remove(i)}>
                      Remove<span className="visually-hidden"> {entry?.name ?? choice.id}</span>
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {editing !== null && bp.features[editing] && entryOf(bp.features[editing]!.id) && (
        <FeatureDialog
          entry={entryOf(bp.features[editing]!.id)!}
          choice={bp.features[editing]!}
          readOnly={readOnly}
          onCancel={() => setEditing(null)}
          onConfirm={(next) => {
            const i = editing;
            setEditing(null);
            change((d) => ({ ...d, features: d.features.map((f, j) => (j === i ? next : f)) }));
          }}
        />
      )}
      {!readOnly && (
        <CataloguePicker
          title={`Add a ${bp.type} feature`}
          noun="features"
          nounOne="feature"
          // A feature already on the blueprint is listed above with its ranks; the picker offers the rest.
          entries={forType.filter((f) => !bp.features.some((c) => c.id === f.id)).map((f) => ({
            id: f.id,
            name: f.name,
            cost: costText(f),
            text: f.text,
            href: rulesHref(rulesLinks, 'blueprintFeatures', f.id),
            points: f.cost,
            unavailable: whyUnavailable(f, bp),
            warning: ruleWarning(f, bp, catalogue),
            details: <FeatureFacts entry={f} catalogue={catalogue} />,
          }))}
          onPick={add}
        />
      )}
    </section>
  );
}

function FeatureFacts({ entry, catalogue }: { entry: BlueprintFeatureEntry; catalogue: BlueprintFeatureEntry[] }) {
  const lines = [
    ...requirementText(entry),
    ...(entry.excludes?.length ? [`Cannot be combined with ${entry.excludes.map((x) => catalogue.find((f) => f.id === x)?.name ?? x).join(', ')}`] : []),
    ...(entry.subFeatures ? [`${entry.subFeatures.options.length} options: ${entry.subFeatures.choose && ('exactly' in entry.subFeatures.choose ? `choose exactly ${entry.subFeatures.choose.exactly}` : `choose up to ${entry.subFeatures.choose.upTo}`)}`] : []),
  ];
  return lines.length ? (
    <ul className="bp-facts-list">
      {lines.map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ul>
  ) : null;
}
