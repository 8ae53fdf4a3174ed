/**
 * Effects: the chosen effects, each with its potency stepper (1..max), its
 * cost with the off-discipline surcharge spelled out, and its rules text at
 * that potency, live. An effect is added from the catalogue picker and can be
 * edited in the edit-item dialog.
 */
import { useState } from 'react';
import type { Core } from '../../rules/engine';
import { CATALOGUE_STEP_RANGE, EditItemDialog, FieldIssues, NumberStepper, describedBy, fieldId, issuesAt, useEditor, type RulesLinks } from '../kit';
import { applyCoreEdit, type CoreEdit } from './model';
import { effectRows, points, title, type CoreCatalogues, type EffectRow } from './options';
import { EffectPicker } from './EffectPicker';
import { renderEffectText, effectCost } from '../../rules/engine';

export function CoreEffects({ catalogues, links }: { catalogues: CoreCatalogues; links: RulesLinks }) {
  const { doc: core, evaluation, change, readOnly } = useEditor<Core>();
  const derived = evaluation.derived;
  const edit = (e: CoreEdit) => change((d) => applyCoreEdit(d, e));
  const rows = effectRows(core, catalogues);
  const [editing, setEditing] = useState<number | null>(null);
  const listIssues = issuesAt(evaluation.issues, 'effects');
  const id = fieldId('effects');
  return (
    <section className="core-section" aria-labelledby="core-effects-title" data-field-path="effects">
      <div className="core-section-head">
        <h2 id="core-effects-title" className="core-section-title">
          Effects
        </h2>
        <span className="core-section-total">{points(derived.effectsCost)}</span>
      </div>
      <FieldIssues id={id} issues={listIssues} />
      {rows.length === 0 ? (
        <p className="core-empty">No effect yet: choose one from the catalogue.</p>
      ) : (
        <ol className="core-effects">
          {rows.map((row) => (
            <EffectItem
              key={`${row.id}-${row.index}`}
              row={row}
              core={core}
              onEdit={() => setEditing(row.index)}
              onRemove={() => edit({ type: 'removeEffect', index: row.index })}
              readOnly={readOnly}
            />
          ))}
        </ol>
      )}
      {!readOnly && (
        <EffectPicker
          core={core}
          catalogues={catalogues}
          derived={derived}
          buttonId={id}
          describedBy={describedBy(id, listIssues)}
          links={links}
          onAdd={(effectId) => edit({ type: 'addEffect', id: effectId })}
        />
      )}
      {editing !== null && rows[editing]?.entry && (
        <EditEffectDialog
          row={rows[editing]!}
          discipline={core.discipline}
          onCancel={() => setEditing(null)}
          onConfirm={(potency) => {
            edit({ type: 'setPotency', index: editing, potency });
            setEditing(null);
          }}
        />
      )}
    </section>
  );
}

function EffectItem({ row, core, onEdit, onRemove, readOnly }: { row: EffectRow; core: Core; onEdit: () => void; onRemove: () => void; readOnly: boolean }) {
  const { evaluation } = useEditor<Core>();
  const path = `effects.${row.index}`;
  const name = row.entry?.name ?? row.id;
  const headId = `${fieldId(path)}-name`;
  return (
    <li className="core-effect" data-field-path={path}>
      {/* A group named by the effect, so its Potency is "Mind Read, Potency" to a screen reader. */}
      <div className="core-effect-body" role="group" aria-labelledby={headId}>
        <div className="core-effect-head">
          <h3 id={headId} className="core-effect-name">
            {name}
          </h3>
          {row.entry && <span className="core-tag">{title(row.entry.discipline)}</span>}
          <span className="core-effect-cost" data-effect-cost>
            {points(row.cost)}
          </span>
        </div>
        {row.entry && row.surcharge > 0 && (
          <p className="core-surcharge">
            +1 point off-discipline: a {row.entry.discipline} effect in a {core.discipline} core.
          </p>
        )}
        <FieldIssues id={fieldId(path)} issues={issuesAt(evaluation.issues, path)} />
        {row.entry && (
          <>
            <NumberStepper
              path={`${path}.potency`}
              label={`${name} potency`}
              {...CATALOGUE_STEP_RANGE}
              limit={row.maxPotency}
              hint={`1 to ${row.maxPotency}; ${row.entry.costPerPotency === 0 ? 'no extra cost' : `+${points(row.entry.costPerPotency)}`} per step above 1`}
            />
            <p className="core-effect-text" data-effect-text>
              {row.text}
            </p>
          </>
        )}
        {!readOnly && (
          <div className="core-effect-actions">
            {row.entry && (
              <button type="button" className="btn" onClick={onEdit} aria-label={`Edit ${name}`}>
                Edit
              </button>
            )}
            <button type="button" className="btn" onClick={onRemove} aria-label={`Remove ${name}`}>
              Remove
            </button>
          </div>
        )}
      </div>
    </li>
  );
}

/** One effect in the edit-item dialog: potency with the cost and text it gives, before it is applied. */
function EditEffectDialog({ row, discipline, onCancel, onConfirm }: { row: EffectRow; discipline: string; onCancel: () => void; onConfirm: (potency: number) => void }) {
  const entry = row.entry!;
  const [potency, setPotency] = useState(row.potency);
  const clamped = Math.min(entry.maxPotency, Math.max(1, potency));
  return (
    <EditItemDialog open title={entry.name} eyebrow="Effect" onCancel={onCancel} onConfirm={() => onConfirm(potency)}>
      <NumberStepper id="edit-effect-potency" label="Potency" {...CATALOGUE_STEP_RANGE} limit={entry.maxPotency} value={potency} onChange={setPotency} hint={`1 to ${entry.maxPotency}`} issues={[]} />
      <p className="core-dialog-cost">
        Costs {points(effectCost(entry, clamped, discipline))}
        {entry.discipline !== discipline ? `, including +1 because it is a ${entry.discipline} effect in a ${discipline} core` : ''}.
      </p>
      <p className="core-effect-text" aria-live="polite">
        {renderEffectText(entry, potency)}
      </p>
    </EditItemDialog>
  );
}
