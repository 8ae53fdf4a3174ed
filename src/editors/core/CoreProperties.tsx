/**
 * The core's properties (GAME.md §4): Tier, Discipline, Activation, Range,
 * Duration, each a group of chips showing what the option costs in this core.
 */
import type { Core } from '../../rules';
import { OptionChips, useEditor } from '../kit';
import { applyCoreEdit, type CoreEdit } from './model';
import { disciplineOptions, propertyOptions, tierOptions, type CoreCatalogues, type PropertyOption } from './options';

const toField = <V extends string | number>(o: PropertyOption<V>) => ({
  value: o.value,
  label: o.label,
  detail: o.costLabel,
  unavailable: o.unavailable,
});

export function CoreProperties({ catalogues }: { catalogues: CoreCatalogues }) {
  const { doc: core, evaluation, change } = useEditor<Core>();
  const derived = evaluation.derived;
  const edit = (e: CoreEdit) => change((d) => applyCoreEdit(d, e));
  return (
    <section className="core-section" aria-labelledby="core-properties-title">
      <h2 id="core-properties-title" className="core-section-title">
        Properties
      </h2>
      <OptionChips
        path="tier"
        label="Tier"
        hint={`The budget is 3 × tier + 2 points; this core costs ${derived.cost}.`}
        options={tierOptions(core, derived).map(toField)}
        onChange={(v) => edit({ type: 'set', field: 'tier', value: Number(v) })}
      />
      <OptionChips
        path="discipline"
        label="Discipline"
        hint="Each effect of another discipline costs 1 point more."
        options={disciplineOptions(core, catalogues, derived).map(toField)}
        onChange={(v) => edit({ type: 'set', field: 'discipline', value: String(v) })}
      />
      {(['activation', 'range', 'duration'] as const).map((name) => (
        <OptionChips
          key={name}
          path={name}
          label={name.charAt(0).toUpperCase() + name.slice(1)}
          options={propertyOptions(name, core, catalogues, derived).map(toField)}
          onChange={(v) => edit({ type: 'set', field: name, value: String(v) })}
        />
      ))}
    </section>
  );
}
