/**
 * The blueprint form: type cards, properties, rank, features (in
 * BlueprintFeatures.tsx, with the catalogue picker and the edit-item dialog
 * for ranks and sub-features).
 */
import { useState } from 'react';
import { PROPERTY_SPECS, capitalized, type Blueprint } from '../../rules/engine';
import { ConfirmDialog, NotesField, NumberStepper, OptionChips, fieldId, useEditor, type EditorViewProps } from '../kit';
import { Features } from './BlueprintFeatures';
import { BLUEPRINT_TYPES, PROPERTY_HINTS, RANGES, SLOTS, TYPE_INFO, changeType, credits, hasChoices, markOf, rangeOptionDetail, rankFacts, type BlueprintType } from './model';

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
