/**
 * The character editor, as the kit's editor definition: catalogues to load,
 * a new document, the form, the summary and the printed sheet.
 */
import { memo, useDeferredValue, useMemo } from 'react';
import { emptyCatalogues, type Catalogues, type Character, type CharacterDerived } from '../../rules/engine';
import { documentBase, type EditorDefinition, type EditorViewProps, type SummaryItem } from '../kit';
import { newCharacter } from './edit';
import { CharacterForm } from './CharacterForm';
import { CharacterSheet } from './CharacterSheet';
import { SUMMARY_FIELDS, stillToDo, summaryText } from './summary';
import { ATTRIBUTE_LABELS, SKILL_LABELS } from './data';
import './character.css';

function summary(_doc: Character, evaluation: { derived: CharacterDerived }): SummaryItem[] {
  const d = evaluation.derived;
  return SUMMARY_FIELDS.map((f) => ({
    term: f.label,
    value: <span data-summary-key={f.key}>{summaryText(d, f.key)}</span>,
    meter: f.key === 'featureSlots' ? { value: d.featureSlotsUsed, max: d.featureSlots } : undefined,
    key: f.key === 'rank' || f.key === 'health' || f.key === 'guard',
  }));
}

/** "attributes.frame" → "Frame", "gear.2.properties.bulk" → the item's name. */
function labelFor(path: string, doc: Character): string | undefined {
  const [head, key] = path.split('.');
  if (head === 'attributes') return key ? ATTRIBUTE_LABELS[key as keyof typeof ATTRIBUTE_LABELS] : 'Attributes';
  if (head === 'skills') return key ? SKILL_LABELS[key as keyof typeof SKILL_LABELS] : 'Skills';
  if (head === 'gear') return key ? doc.gear[Number(key)]?.name : 'Gear';
  if (head === 'cores') return key ? doc.cores[Number(key)]?.name : 'Cores';
  if (head === 'features') return 'Features';
  if (head === 'armour') return 'Worn armour';
  if (head === 'xp') return 'XP';
  return undefined;
}

/**
 * The sheet is seen only in print, yet it is as large as the form. It follows
 * the document at low priority (React renders it after the form and summary
 * have answered a key press), and not at all while nothing it shows changed.
 */
function PrintSheet({ doc, evaluation, catalogues }: EditorViewProps<Character>) {
  const full = useMemo<Catalogues>(() => ({ ...emptyCatalogues(), ...catalogues }), [catalogues]);
  const later = useDeferredValue({ doc, evaluation });
  return <Sheet doc={later.doc} derived={later.evaluation.derived} catalogues={full} valid={later.evaluation.valid} />;
}
const Sheet = memo(CharacterSheet);

export const characterEditor: EditorDefinition<Character> = {
  kind: 'character',
  noun: 'character',
  // Features for the trees; gear for the standard gear picker; the rest to evaluate embedded gear and cores.
  catalogues: ['features', 'gear', 'blueprintFeatures', 'coreEffects', 'coreSideEffects'],
  create: () => {
    const base = documentBase('New character');
    return { ...newCharacter(base.id, base.createdAt, base.name) };
  },
  Form: CharacterForm,
  summary,
  stillToDo,
  labelFor,
  PrintCard: PrintSheet,
  intro: <p>Heroes built point by point: attributes, skills, features, gear and cores, with every derived number from the rules.</p>,
};
