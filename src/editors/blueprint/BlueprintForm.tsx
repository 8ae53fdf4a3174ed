/**
 * The blueprint form: type cards, properties, rank, features (with the
 * catalogue picker and the edit-item dialog for ranks and sub-features).
 */
import { useState } from 'react';
import { PROPERTY_SPECS, capitalized, type Blueprint, type BlueprintFeatureEntry } from '../../rules/engine';
import {
  CATALOGUE_STEP_RANGE,
  CataloguePicker,
  ConfirmDialog,
  FieldIssues,
  NotesField,
  NumberStepper,
  OptionChips,
  fieldId,
  issuesAt,
  rulesHref,
  useEditor,
  type EditorViewProps,
} from '../kit';
import { FeatureDialog } from './FeatureDialog';
import {
  BLUEPRINT_TYPES,
  PROPERTY_HINTS,
  RANGES,
  SLOTS,
  TYPE_INFO,
  changeType,
  costText,
  credits,
  hasChoices,
  markOf,
  rangeOptionDetail,
  rankFacts,
  requirementText,
  whyUnavailable,
  ruleWarning,
  type BlueprintType,
} from './model';

function TypeCards({ bp }: { bp: Blueprint }) {
  const { change, readOnly } = useEditor<Blueprint>();
  const [pending, setPending] = useState<BlueprintType | null>(null);
  const choose = (type: BlueprintType) => {
    if (type === bp.type) return;
    if (hasChoices(bp)) setPending(type);
    else change((d) => changeType(d, type).next);
  };
  const preview = pending ? changeType(bp, pending) : null;
  return (
    <fieldset className="kit-section bp-types" id={fieldId('type')} data-field-path="type">
      <legend className="bp-legend">Type</legend>
      <div className="bp-type-grid">
        {BLUEPRINT_TYPES.map((t) => (
          <label key={t} className={`bp-type-card${bp.type === t ? ' is-on' : ''}`}>
            <input type="radio" name="bp-type" value={t} checked={bp.type === t} disabled={readOnly} onChange={() => choose(t)} />
            <span className="bp-type-name">{TYPE_INFO[t].label}</span>
            <span className="bp-type-blurb">{TYPE_INFO[t].blurb}</span>
          </label>
        ))}
      </div>
      <ConfirmDialog
        open={!!pending}
        title={`Change this ${bp.type} to ${pending ? TYPE_INFO[pending].label.toLowerCase() : ''}?`}
        confirmLabel="Change type"
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const to = pending!;
          setPending(null);
          change((d) => changeType(d, to).next);
        }}
        message={
          <>
            <p>The name, rank and notes stay{preview?.kept.length ? `, and so does ${preview.kept.join(', ')}` : ''}.</p>
            {preview && preview.dropped.length > 0 && <p>Its {preview.dropped.length === 1 ? 'feature goes' : `${preview.dropped.length} features go`}: features are made for one type. Undo brings them back.</p>}
            <p>Other properties start from the new type’s defaults.</p>
          </>
        }
      />
    </fieldset>
  );
}

function Properties({ bp }: { bp: Blueprint }) {
  const specs = PROPERTY_SPECS[bp.type];
  return (
    <section className="kit-section bp-props" aria-labelledby="bp-props-title">
      <h2 id="bp-props-title">Properties</h2>
      <div className="kit-fields">
        {bp.type === 'cyberware' && (
          <OptionChips path="properties.slot" label="Slot" hint={PROPERTY_HINTS['cyberware.slot']} options={SLOTS.map((s) => ({ value: s, label: capitalized(s) }))} />
        )}
        {Object.entries(specs).map(([key, spec]) => (
          <NumberStepper
            key={`${bp.type}.${key}`}
            path={`properties.${key}`}
            label={spec.label}
            min={spec.min}
            max={spec.max}
            hint={`${spec.min}–${spec.max}, default ${spec.def}. ${PROPERTY_HINTS[`${bp.type}.${key}`] ?? ''}`}
          />
        ))}
      </div>
      {bp.type === 'weapon' && (
        <OptionChips path="properties.range" label="Range" hint={PROPERTY_HINTS['weapon.range']} options={RANGES.map((r) => ({ value: r, label: capitalized(r), detail: rangeOptionDetail(r) }))} />
      )}
    </section>
  );
}

function Rank({ bp }: { bp: Blueprint }) {
  const facts = rankFacts(bp);
  return (
    <section className="kit-section" aria-labelledby="bp-rank-title">
      <h2 id="bp-rank-title">Rank</h2>
      <div className="bp-rank">
        <NumberStepper path="rank" label="Rank" min={1} max={5} valueText={markOf} hint="Mk I–V: each rank adds 2 capacity and doubles the base price." />
        <dl className="bp-facts">
          <div>
            <dt>Capacity</dt>
            <dd>{facts.capacity} pts</dd>
          </div>
          <div>
            <dt>Base price</dt>
            <dd>{credits(facts.basePrice)}</dd>
          </div>
          <div>
            <dt>Availability</dt>
            <dd>{capitalized(facts.availability)}</dd>
          </div>
        </dl>
      </div>
    </section>
  );
}

function Features({ bp, catalogue, rulesLinks }: { bp: Blueprint; catalogue: BlueprintFeatureEntry[]; rulesLinks: EditorViewProps<Blueprint>['rulesLinks'] }) {
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

export function BlueprintForm({ doc, catalogues, rulesLinks }: EditorViewProps<Blueprint>) {
  return (
    <>
      <TypeCards bp={doc} />
      <Properties bp={doc} />
      <Rank bp={doc} />
      <Features bp={doc} catalogue={catalogues.blueprintFeatures ?? []} rulesLinks={rulesLinks} />
      <section className="kit-section" aria-label="Notes">
        <NotesField path="notes" label="Notes" />
      </section>
    </>
  );
}
