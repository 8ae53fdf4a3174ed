/**
 * The editor kit: everything the four editors share, so an editor is mostly
 * configuration. Public surface; everything else in this folder is internal.
 * (Add to it; never rename what is here: four editors build on it.)
 *
 * Usage — an editor is an `EditorDefinition` and a one-line island:
 *
 *   // src/editors/core/definition.tsx
 *   import { documentBase, NumberStepper, SelectField, useEditor, type EditorDefinition } from '../kit';
 *   function CoreForm() {
 *     return <>
 *       <NumberStepper path="tier" label="Tier" min={1} max={5} hint="Budget 3 × tier + 2" />
 *       <SelectField path="discipline" label="Discipline" options={[{ value: 'kinetic', label: 'Kinetic' }]} />
 *     </>;
 *   }
 *   export const coreEditor: EditorDefinition<Core> = {
 *     kind: 'core', noun: 'core', catalogues: ['coreEffects', 'coreSideEffects'],
 *     create: () => ({ kind: 'core', ...documentBase('New core'), tier: 1, … }),
 *     Form: CoreForm,
 *     summary: (doc, ev) => [{ term: 'Cost', value: …, meter: { value: spent, max: budget }, key: true }],
 *   };
 *
 *   // src/editors/core/CoreEditor.tsx (the island; mount it with client:only="react"
 *   // in src/editors/EditorShell.astro, one line per editor). The kit holds no app
 *   // state: the island hands it the catalogue loader (src/editors/catalogues.ts).
 *   export default function CoreEditor(p: { rulesLinks?: RulesLinks }) {
 *     return <EditorApp definition={coreEditor} loadCatalogues={loadCatalogues} rulesLinks={p.rulesLinks} />;
 *   }
 *
 * Fields bind to a document path (`path="properties.rate"`): they read the
 * value, write it through the undo history, show the issues `evaluate` gives
 * for that path beside them, and get the id the issue list focuses. In a
 * dialog, control them with `value`/`onChange` (and pass `issues`) instead.
 * `useEditor()` gives `{ doc, evaluation, change(update, { coalesce }), readOnly }`
 * for anything else (adding a list item: `change(d => ({ ...d, effects: [...d.effects, e] }))`).
 * Options that would break a rule: pass `unavailable: 'Needs rate 2 or more'`.
 */
import './kit.css';

export { EditorApp, type EditorAppProps } from './EditorApp';
export type { EditorDefinition, EditorViewProps } from './definition';
export { EditorContext, useEditor, useField, type EditorContextValue, type FieldBinding, type ChangeOptions } from './context';
export { NumberStepper, SelectField, OptionChips, TextField, type FieldOption, type NumberStepperProps, type SelectFieldProps, type OptionChipsProps, type TextFieldProps } from './fields';
export { NotesField, Markdown } from './Notes';
export { FieldIssues, IssueList, focusField, describedBy } from './issues';
export { SummaryPanel, Meter, meterState, type SummaryItem, type SummaryPanelProps } from './Summary';
export { useBarRoom } from './barRoom';
export { EditItemDialog, ConfirmDialog, type EditItemDialogProps } from './EditItemDialog';
export { CataloguePicker, type PickerEntry, type CataloguePickerProps } from './CataloguePicker';
export { rulesHref, type CatalogueLoader, type CatalogueName, type RulesLinks } from './catalogues';
export { PrintCard } from './PrintCard';
export { formatOdds, exactOdds } from './odds';
export { GuardHead } from './GuardHead';
export { countOf } from './plural';
export { DocumentFrame } from './DocumentFrame';
export { repository, getRepository, setRepository, documentBase, copyDocument, newDocumentId, validity } from './repository';
export { SAVE_STATE_TEXT, type SaveState } from './session';
export { historyReducer, createHistory, canUndo, canRedo, HISTORY_LIMIT, COALESCE_MS, type History, type HistoryAction } from './history';
export { stepperKey, pageStep, parseWhole, historyShortcut, clamp, canStep, CATALOGUE_STEP_RANGE } from './keyboard';
export { noticeNow, namedCount, type Notice } from './notice';
export { getIn, setIn, fieldId, issuesAt, issuesWithin, pathAndParents } from './paths';
export { parseMarkdown, safeHref } from './markdown';
