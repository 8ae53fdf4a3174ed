/**
 * "Add effect": a disclosure that opens the kit's catalogue picker over
 * core-effects, each entry with its cost in this core (surcharge included
 * and said), filterable by discipline. After a pick the picker closes and
 * focus moves to the new effect's potency.
 */
import { useEffect, useRef, useState } from 'react';
import { DISCIPLINES, renderEffectText, type Core, type CoreDerived } from '../../rules/engine';
import { CataloguePicker, fieldId, rulesHref, type RulesLinks } from '../kit';
import { effectOptions, points, title, type CoreCatalogues } from './options';

interface Props {
  core: Core;
  catalogues: CoreCatalogues;
  derived: CoreDerived;
  /** The toggle's id: the `effects` field an issue ("add an effect") focuses. */
  buttonId: string;
  describedBy?: string;
  links: RulesLinks;
  onAdd: (id: string) => void;
}

export function EffectPicker({ core, catalogues, derived, buttonId, describedBy, links, onAdd }: Props) {
  const [open, setOpen] = useState(false);
  const added = useRef<number | null>(null);
  useEffect(() => {
    // Focus follows the pick to the new effect's potency, once it is rendered.
    if (added.current === null) return;
    const el = document.getElementById(fieldId(`effects.${added.current}.potency`));
    if (el) {
      el.focus();
      added.current = null;
    }
  });
  const entries = effectOptions(core, catalogues, derived).map((o) => ({
    id: o.entry.id,
    name: o.entry.name,
    cost: o.surcharge ? `${points(o.cost)} (+1 off-discipline)` : points(o.cost),
    text: `${title(o.entry.discipline)} · potency 1–${o.entry.maxPotency}${o.entry.costPerPotency ? `, +${o.entry.costPerPotency} per step` : ''}. At potency 1: ${renderEffectText(o.entry, 1)}`,
    href: rulesHref(links, 'coreEffects', o.entry.id),
    points: o.cost,
    // Already chosen is the one refusal; over budget is a rule issue: flagged, still added.
    unavailable: o.chosen ? o.unavailable : undefined,
    warning: o.chosen ? undefined : o.unavailable,
    tags: [o.entry.discipline],
  }));
  return (
    <div className="core-picker">
      <button
        type="button"
        id={buttonId}
        className="btn btn-primary"
        aria-expanded={open}
        aria-controls="core-effect-picker"
        aria-describedby={describedBy}
        onClick={() => setOpen(!open)}
      >
        {open ? 'Close the effect list' : 'Add effect'}
      </button>
      <div id="core-effect-picker" hidden={!open}>
        {open && (
          <CataloguePicker
            title="Add an effect"
            noun="effects"
            nounOne="effect"
            entries={entries}
            filters={DISCIPLINES.map((d) => ({ value: d, label: title(d) }))}
            addLabel="Add"
            onPick={(id) => {
              added.current = core.effects.length;
              onAdd(id);
              setOpen(false);
            }}
          />
        )}
      </div>
    </div>
  );
}
