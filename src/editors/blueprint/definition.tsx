/** The blueprint editor as the kit sees it (GAME.md §3). */
import type { Blueprint, BlueprintDerived, GearEntry } from '../../rules/engine';
import { PROPERTY_SPECS } from '../../rules/engine';
import { PrintCard, documentBase, type EditorDefinition, type EditorViewProps } from '../kit';
import { BlueprintForm } from './BlueprintForm';
import { StandardGear } from './StandardGear';
import { TYPE_INFO, credits, fromGear, labelFor, markOf, newBlueprint } from './model';
import './blueprint.css';
import { capitalized } from '../../rules/engine';

function summaryItems(evaluation: { derived: BlueprintDerived }) {
  const d = evaluation.derived;
  return [
    { term: 'Spent', value: `${d.spent} / ${d.capacity} pts`, meter: { value: d.spent, max: d.capacity }, key: true },
    { term: 'Capacity', value: `${d.capacity} pts` },
    { term: 'Price', value: credits(d.price), key: true },
    { term: 'Availability', value: capitalized(d.availability) },
  ];
}

function BlueprintCard({ doc, evaluation, catalogues }: EditorViewProps<Blueprint>) {
  const props = doc.properties as Record<string, unknown>;
  const feature = (id: string) => catalogues.blueprintFeatures?.find((f) => f.id === id);
  const keys = [...Object.keys(PROPERTY_SPECS[doc.type]), ...(doc.type === 'weapon' ? ['range'] : []), ...(doc.type === 'cyberware' ? ['slot'] : [])];
  return (
    <PrintCard doc={doc} items={[{ term: 'Type', value: TYPE_INFO[doc.type].label }, { term: 'Rank', value: markOf(doc.rank) }, ...summaryItems(evaluation)]} valid={evaluation.valid}>
      <table>
        <thead>
          <tr>
            {keys.map((k) => (
              <th key={k}>{PROPERTY_SPECS[doc.type][k]?.label ?? capitalized(k)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          <tr>
            {keys.map((k) => (
              <td key={k}>{capitalized(String(props[k] ?? ''))}</td>
            ))}
          </tr>
        </tbody>
      </table>
      {doc.features.length > 0 && (
        <table>
          <thead>
            <tr>
              <th>Feature</th>
              <th>Rule</th>
            </tr>
          </thead>
          <tbody>
            {doc.features.map((f, i) => {
              const e = feature(f.id);
              const options = e?.subFeatures?.options.filter((o) => f.subFeatures?.includes(o.id)).map((o) => o.name) ?? [];
              return (
                <tr key={i}>
                  <td>
                    {e?.name ?? f.id}
                    {e?.maxRanks ? ` ${f.ranks ?? 1}` : ''}
                    {options.length ? ` (${options.join(', ')})` : ''}
                  </td>
                  <td>{e?.text}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </PrintCard>
  );
}

export const blueprintEditor: EditorDefinition<Blueprint> = {
  kind: 'blueprint',
  noun: 'blueprint',
  catalogues: ['blueprintFeatures', 'gear'],
  create: () => newBlueprint(documentBase('New blueprint')),
  Form: BlueprintForm,
  summary: (_doc, evaluation) => summaryItems(evaluation),
  labelFor: (path, doc, catalogues) => labelFor(path, doc, catalogues.blueprintFeatures ?? []),
  PrintCard: BlueprintCard,
  StartOptions: StandardGear,
  copyFrom: (id, catalogues) => {
    const item = (catalogues.gear as GearEntry[] | undefined)?.find((g) => g.id === id);
    return item ? fromGear(item, documentBase(item.name)) : undefined;
  },
};
