/**
 * The core editor as the kit sees it: a form of three sections, the summary's
 * values (Cost, Budget, Refund, Strain) with the rules text of the whole
 * core, and the printed card.
 */
import type { Catalogues, Core, CoreDerived, Evaluation } from '../../rules';
import { documentBase, type EditorDefinition, type EditorViewProps, type SummaryItem } from '../kit';
import { CoreCard } from './CoreCard';
import './core.css';
import { CoreEffects } from './CoreEffects';
import { CoreProperties } from './CoreProperties';
import { CoreSideEffects } from './CoreSideEffects';
import { newCore } from './model';
import type { CoreCatalogues } from './options';

const cats = (c: Partial<Catalogues>): CoreCatalogues => ({
  coreEffects: c.coreEffects ?? [],
  coreSideEffects: c.coreSideEffects ?? [],
});

function CoreForm({ catalogues, rulesLinks }: EditorViewProps<Core>) {
  const c = cats(catalogues);
  return (
    <div className="core-form">
      <CoreProperties catalogues={c} />
      <CoreEffects catalogues={c} links={rulesLinks} />
      <CoreSideEffects catalogues={c} links={rulesLinks} />
    </div>
  );
}

function CorePrintCard({ doc, catalogues, evaluation }: EditorViewProps<Core>) {
  const d = evaluation.derived;
  return (
    <div className="core-print">
      <CoreCard core={doc} catalogues={cats(catalogues)} heading />
      <p className="core-print-numbers">
        Cost {d.cost} of budget {d.budget} · Refund {d.refund} · Strain {d.strain}
      </p>
    </div>
  );
}

function summary(_doc: Core, evaluation: Evaluation<CoreDerived>): SummaryItem[] {
  const d = evaluation.derived;
  return [
    {
      term: 'Cost',
      value: d.cost,
      meter: { value: d.cost, max: d.budget },
      key: true,
    },
    { term: 'Budget', value: d.budget, key: true },
    {
      term: 'Refund',
      value: `${d.refund} (limit ${d.refundLimit})`,
      meter: { value: d.refund, max: d.refundLimit },
    },
    { term: 'Strain', value: d.strain, key: true },
  ];
}

/** The whole core as the table reads it, under the summary's values, so it sits beside the form. */
function RulesText({ doc, catalogues }: EditorViewProps<Core>) {
  return (
    <section aria-labelledby="core-rules-text-title">
      <h3 id="core-rules-text-title" className="kit-summary-sub">
        Rules text
      </h3>
      <CoreCard core={doc} catalogues={cats(catalogues)} copy />
    </section>
  );
}

/** "Tier", "Effects", "Mind Read potency": where an issue is, in the list. */
function labelFor(path: string, doc: Core, catalogues: Partial<Catalogues>): string | undefined {
  const [head, index, rest] = path.split('.');
  const top: Record<string, string> = {
    tier: 'Tier',
    discipline: 'Discipline',
    activation: 'Activation',
    range: 'Range',
    duration: 'Duration',
    effects: 'Effects',
    sideEffects: 'Side effects',
  };
  if (index === undefined) return top[head!];
  if (head === 'effects') {
    const id = doc.effects[Number(index)]?.id;
    const name = catalogues.coreEffects?.find((e) => e.id === id)?.name ?? id ?? 'Effect';
    return rest === 'potency' ? `${name} potency` : name;
  }
  if (head === 'sideEffects') {
    const id = doc.sideEffects[Number(index)];
    return catalogues.coreSideEffects?.find((e) => e.id === id)?.name ?? id ?? 'Side effect';
  }
  return top[head!];
}

export const coreEditor: EditorDefinition<Core> = {
  kind: 'core',
  noun: 'core',
  catalogues: ['coreEffects', 'coreSideEffects'],
  create: () => {
    const base = documentBase('New core');
    return newCore(base.id, base.createdAt, base.name);
  },
  Form: CoreForm,
  summary,
  SummaryExtra: RulesText,
  labelFor,
  PrintCard: CorePrintCard,
  intro: 'A core is an implanted power: choose its properties, add effects within the tier’s budget, and take side effects to win points back.',
};

export { CoreCard };
