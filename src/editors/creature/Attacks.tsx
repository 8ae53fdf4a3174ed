/**
 * The creature's attacks (GAME.md §5): listed with their pools, edited one at
 * a time in the edit-item dialog, so a half-typed attack never reaches the
 * document.
 */
import { useId, useState } from 'react';
import { RANGES, type Creature, capitalized } from '../../rules/engine';
import { EditItemDialog, FieldIssues, NumberStepper, SelectField, TextField, issuesWithin, useEditor } from '../kit';
import type { Attack } from './attacks';

/** The editor's change, as the creature form's sections take it. */
export type Change = (update: (d: Creature) => Creature, options?: { coalesce?: string }) => void;

const NEW_ATTACK: Attack = { name: '', damage: 2, range: 'melee' };

export function Attacks({ creature: c, change, readOnly }: { creature: Creature; change: Change; readOnly: boolean }) {
  const { evaluation } = useEditor<Creature>();
  // index = -1: a new attack; null: the dialog is closed.
  const [editing, setEditing] = useState<{ index: number; draft: Attack } | null>(null);
  const close = () => setEditing(null);
  const confirm = () => {
    if (!editing) return;
    const { index, draft } = editing;
    const clean = { ...draft, name: draft.name.trim() };
    change((d) => ({ ...d, attacks: index < 0 ? [...d.attacks, clean] : d.attacks.map((a, i) => (i === index ? clean : a)) }));
    close();
  };
  return (
    <section className="cr-section" aria-labelledby="cr-attacks">
      <h2 id="cr-attacks" className="cr-section-title">
        Attacks
      </h2>
      {c.attacks.length === 0 ? (
        <p className="kit-muted">No attacks yet.</p>
      ) : (
        <ul className="cr-item-list">
          {c.attacks.map((a, i) => {
            const issues = issuesWithin(evaluation.issues, `attacks.${i}`);
            return (
              <li key={i} className="cr-item" data-field-path={`attacks.${i}`}>
                <div className="cr-item-main">
                  <span className="cr-item-name">{a.name || 'Unnamed attack'}</span>
                  <span className="cr-item-meta">
                    Damage {a.damage} · {capitalized(a.range)}
                  </span>
                  <FieldIssues id={`field-attacks-${i}`} issues={issues} />
                </div>
                <div className="cr-item-actions">
                  <button type="button" className="btn kit-small" id={`field-attacks-${i}`} disabled={readOnly} onClick={() => setEditing({ index: i, draft: { ...a } })} aria-label={`Edit ${a.name || 'unnamed attack'}`}>
                    Edit
                  </button>
                  <button type="button" className="btn kit-small" disabled={readOnly} onClick={() => change((d) => ({ ...d, attacks: d.attacks.filter((_, j) => j !== i) }))} aria-label={`Remove ${a.name || 'unnamed attack'}`}>
                    Remove
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      {!readOnly && (
        <button type="button" className="btn" onClick={() => setEditing({ index: -1, draft: { ...NEW_ATTACK } })}>
          Add attack
        </button>
      )}
      <EditItemDialog
        open={editing !== null}
        eyebrow="Attack"
        title={editing && editing.index >= 0 ? `Edit ${c.attacks[editing.index]?.name || 'attack'}` : 'New attack'}
        confirmLabel={editing && editing.index >= 0 ? 'Save attack' : 'Add attack'}
        onCancel={close}
        onConfirm={confirm}
      >
        {editing && (
          <div className="cr-dialog-fields">
            <TextField
              id="cr-attack-name"
              label="Name"
              value={editing.draft.name}
              placeholder="Bite, Rifle burst…"
              onChange={(name) => setEditing({ ...editing, draft: { ...editing.draft, name } })}
              issues={editing.draft.name.trim() ? [] : [{ path: 'name', code: 'attack-name', message: 'Give the attack a name.', severity: 'error' }]}
            />
            <NumberStepper
              id="cr-attack-damage"
              label="Damage"
              min={1}
              max={20}
              value={editing.draft.damage}
              onChange={(damage) => setEditing({ ...editing, draft: { ...editing.draft, damage } })}
            />
            <SelectField
              id="cr-attack-range"
              label="Range"
              value={editing.draft.range}
              options={RANGES.map((r) => ({ value: r, label: capitalized(r), detail: r === 'melee' ? 'Frame + Brawl' : 'Reflex + Firearms' }))}
              onChange={(range) => setEditing({ ...editing, draft: { ...editing.draft, range } })}
            />
          </div>
        )}
      </EditItemDialog>
    </section>
  );
}
