/**
 * The creature editor as the kit sees it (GAME.md §5): the form, the summary
 * (Health, Guard, Protection, Threat value, Computed threat rank, the threat
 * check with its fixes, the attack pools), the printed stat block, the
 * creature list panel with the bestiary, and copies from the bestiary.
 */
import type { BestiaryEntry, Catalogues, Creature, CreatureDerived, CreaturePropertyEntry, Evaluation } from '../../rules';
import { documentBase, getRepository, newDocumentId, rulesHref, useEditor, type EditorDefinition, type EditorViewProps, type RulesLinks, type SummaryItem } from '../kit';
import { withBase } from '../../config/base';
import { CreatureForm } from './CreatureForm';
import { CreatureList } from './CreatureList';
import { StatBlock } from './StatBlock';
import { ThreatWarning } from './ThreatWarning';
import { AttackPools } from './AttackPools';
import { applyFix, threatAdvice } from './threat';
import { copyFromBestiary, newCreature } from './creatureList';
import './creature.css';
import { capitalized } from '../../rules/engine';

const propertiesOf = (c: Partial<Catalogues>): CreaturePropertyEntry[] => c.creatureProperties ?? [];
const bestiaryOf = (c: Partial<Catalogues>): BestiaryEntry[] => c.creatures ?? [];

/** The bestiary entry on the rules page (`Bestiary.astro` anchors each as `creature-ID`). */
function bestiaryHref(links: RulesLinks, id: string): string {
  return rulesHref(links, 'creatures', id) ?? `${withBase('/rules/creatures')}#creature-${id}`;
}

function Form({ catalogues, rulesLinks }: EditorViewProps<Creature>) {
  return <CreatureForm properties={propertiesOf(catalogues)} hrefFor={(id) => rulesHref(rulesLinks, 'creatureProperties', id)} />;
}

/** The threat check inside the summary: fixes go through the editor's history (one undo step each). */
function ThreatCheck({ properties }: { properties: CreaturePropertyEntry[] }) {
  const { doc, change, readOnly } = useEditor<Creature>();
  return <ThreatWarning advice={threatAdvice(doc, properties)} onFix={readOnly ? undefined : (fix) => change((d) => applyFix(d, fix))} />;
}

function summary(doc: Creature, evaluation: Evaluation<CreatureDerived>, catalogues: Partial<Catalogues>): SummaryItem[] {
  const d = evaluation.derived;
  const mismatch = d.computedThreatRank !== doc.threatRank;
  const items: SummaryItem[] = [
    { term: 'Health', value: d.health, key: true },
    { term: 'Guard', value: d.guard, key: true },
    { term: 'Protection', value: d.protection, key: true },
    { term: 'Threat value', value: d.threatValue },
    {
      term: 'Computed threat rank',
      value: mismatch ? `${d.computedThreatRank} (chosen ${doc.threatRank})` : d.computedThreatRank,
      key: true,
    },
    { term: 'Threat check', value: <ThreatCheck properties={propertiesOf(catalogues)} /> },
  ];
  if (doc.attacks.length > 0) items.push({ term: 'Attack pools', value: <AttackPools creature={doc} /> });
  // A plain link: the encounter tool adds this creature to the encounter last edited on this device, or starts one.
  items.push({ term: 'Encounter', value: <a href={withBase(`/nucleus/EncounterEditor#add=creature:${encodeURIComponent(doc.id)}`)} data-add-to-encounter>Add to encounter</a> });
  return items;
}

function labelFor(path: string, doc: Creature, catalogues: Partial<Catalogues>): string | undefined {
  const [head, key, rest] = path.split('.');
  if (path === 'threatRank') return 'Threat rank';
  if (path === 'creatureKind') return 'Kind';
  if (head === 'attributes' || head === 'skills') return key ? capitalized(key) : capitalized(head);
  if (head === 'attacks' && key !== undefined) {
    const a = doc.attacks[Number(key)];
    return `${a?.name || 'Attack'}${rest === 'damage' ? ' damage' : rest === 'name' ? ' name' : ''}`;
  }
  if (head === 'properties' && key !== undefined) {
    const p = doc.properties[Number(key)];
    const name = propertiesOf(catalogues).find((e) => e.id === p?.id)?.name ?? p?.id ?? 'Property';
    return rest === 'potency' ? `${name} potency` : name;
  }
  return undefined;
}

function PrintCard({ doc, evaluation, catalogues }: EditorViewProps<Creature>) {
  return <StatBlock creature={doc} derived={evaluation.derived} properties={propertiesOf(catalogues)} />;
}

function StartOptions({ catalogues, rulesLinks, start, open }: { catalogues: Partial<Catalogues>; rulesLinks: RulesLinks; start: (doc: Creature) => void; open: (id: string) => void }) {
  return (
    <CreatureList
      bestiary={bestiaryOf(catalogues)}
      repository={getRepository()}
      start={start}
      newId={newDocumentId}
      hrefFor={(id) => `?id=${encodeURIComponent(id)}`}
      open={open}
      bestiaryHref={(id) => bestiaryHref(rulesLinks, id)}
    />
  );
}

export const creatureEditor: EditorDefinition<Creature> = {
  kind: 'creature',
  noun: 'creature',
  catalogues: ['creatureProperties', 'creatures'],
  create: () => {
    const base = documentBase('New creature');
    return newCreature(base.id, base.createdAt, base.name);
  },
  Form,
  summary,
  labelFor,
  PrintCard,
  StartOptions,
  // The creature list panel is the one list of the game master's creatures (with the bestiary, search and filters).
  listsOwn: true,
  // `?copy=ID` (and the bestiary page's `creatures:ID`): the game master's own copy of a bestiary creature.
  copyFrom: (id, catalogues) => {
    const entry = bestiaryOf(catalogues).find((b) => b.id === id.replace(/^creatures:/, ''));
    return entry ? copyFromBestiary(entry, newDocumentId(), new Date().toISOString()) : undefined;
  },
  intro: <p className="kit-muted">Stat a creature from scratch, or copy one from the bestiary below and change it to fit your table.</p>,
};
