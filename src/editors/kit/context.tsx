/**
 * What every field of an open document reads: the document, its evaluation
 * and a way to change it. One context per open editor (EditorApp provides it).
 */
import { createContext, useContext } from 'react';
import type { DerivedOf, Evaluation, Issue, NucleusDocument } from '../../rules';
import { fieldId, getIn, issuesAt, setIn } from './paths';

export interface ChangeOptions {
  /** Follow-up changes with the same key fold into one undo step (typing). */
  coalesce?: string;
}

export interface EditorContextValue<D extends NucleusDocument = NucleusDocument> {
  doc: D;
  evaluation: Evaluation<DerivedOf<D>>;
  /** A shared document opened from a link: nothing can be changed. */
  readOnly: boolean;
  change(update: (doc: D) => D, options?: ChangeOptions): void;
  /** Ends a typing group (a field lost focus). */
  seal(): void;
}

export const EditorContext = createContext<EditorContextValue | null>(null);

/**
 * The open document's context, typed as the editor's own kind. A React
 * context cannot carry a type parameter, so the kind is the caller's word:
 * each editor's fields render only inside its own DocumentFrame<D>.
 */
export function useEditor<D extends NucleusDocument = NucleusDocument>(): EditorContextValue<D> {
  const ctx = useContext(EditorContext);
  if (!ctx) throw new Error('Editor kit: a field was rendered outside an editor (wrap it in <EditorContext.Provider> or EditorApp).');
  // Not a plain cast: the value's change() takes any document, D's takes a D (the caller's word, above).
  return ctx as unknown as EditorContextValue<D>;
}

/** Props every field shares: bind it to a document `path`, or control it with `value`/`onChange` (dialogs). */
export interface FieldBinding<V> {
  /** Dot path in the document; names the control's id and finds its issues. */
  path?: string;
  /** The rules' name of the field: the visible label. */
  label: string;
  value?: V;
  onChange?: (value: V) => void;
  /** Issues shown beside the field; default: the evaluation's issues at `path`. */
  issues?: Issue[];
  id?: string;
  /** Extra text under the label (range, cost). */
  hint?: React.ReactNode;
  disabled?: boolean;
}

export interface BoundField<V> {
  id: string;
  value: V;
  set: (value: V, options?: ChangeOptions) => void;
  issues: Issue[];
  readOnly: boolean;
  seal: () => void;
}

export function useField<V>(props: FieldBinding<V>): BoundField<V> {
  const ctx = useContext(EditorContext);
  const path = props.path ?? '';
  const id = props.id ?? fieldId(path || props.label);
  const value = (props.value !== undefined ? props.value : getIn(ctx?.doc, path)) as V;
  const set = (v: V, options?: ChangeOptions) => {
    if (props.onChange) props.onChange(v);
    else if (ctx && props.path) ctx.change((d) => setIn(d, props.path!, v), options);
  };
  const issues = props.issues ?? (ctx && props.path ? issuesAt(ctx.evaluation.issues, props.path) : []);
  return { id, value, set, issues, readOnly: !!ctx?.readOnly || !!props.disabled, seal: () => ctx?.seal() };
}
