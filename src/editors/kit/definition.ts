/**
 * What an editor tells the kit about itself. An editor is mostly this
 * object: the kit supplies the frame, storage, history, summary and dialogs.
 */
import type { ComponentType, ReactNode } from 'react';
import type { Catalogues, DerivedOf, Evaluation, NucleusDocument } from '../../rules';
import type { SummaryItem } from './Summary';
import type { CatalogueName, RulesLinks } from './catalogues';
import type { DocumentRepository } from '../../storage/types';

export interface EditorViewProps<D extends NucleusDocument> {
  doc: D;
  evaluation: Evaluation<DerivedOf<D>>;
  catalogues: Partial<Catalogues>;
  rulesLinks: RulesLinks;
  readOnly: boolean;
}

export interface EditorDefinition<D extends NucleusDocument = NucleusDocument> {
  kind: D['kind'];
  /** The document's plain name: "blueprint" ("New blueprint", "Your blueprints"). */
  noun: string;
  /** Catalogues to load before the editor opens (evaluate needs them). */
  catalogues: readonly CatalogueName[];
  /** A new, empty document (with id and dates from `documentBase`). */
  create(catalogues: Partial<Catalogues>): D;
  /** The form: the document's fields (read the kit's context for `change`). */
  Form: ComponentType<EditorViewProps<D>>;
  /** The summary's values (Spent, Capacity, Price…). */
  summary(doc: D, evaluation: Evaluation<DerivedOf<D>>, catalogues: Partial<Catalogues>): SummaryItem[];
  /**
   * What is left to choose in a document that breaks no rule (points to
   * spend, free slots), one short phrase each: the summary says these
   * instead of "Valid" (a legal but empty character is not finished).
   */
  stillToDo?(doc: D, evaluation: Evaluation<DerivedOf<D>>): string[];
  /** More of the summary under its values, full width (the core's rules text, a check with its own buttons). */
  SummaryExtra?: ComponentType<EditorViewProps<D>>;
  /** Plain name of the field at an issue path, shown before its message in the list. */
  labelFor?(path: string, doc: D, catalogues: Partial<Catalogues>): string | undefined;
  /** The printed card; default: name, summary and notes. */
  PrintCard?: ComponentType<EditorViewProps<D>>;
  /** More ways to start on the list screen (e.g. "Start from standard gear"). */
  StartOptions?: ComponentType<{ catalogues: Partial<Catalogues>; rulesLinks: RulesLinks; start: (doc: D) => void; open: (id: string) => void }>;
  /** StartOptions lists this kind's own documents itself (with more than the kit's list), so the kit's "Your …s" is left out. */
  listsOwn?: boolean;
  /** `?copy=ID` on the route opens a new document copied from this (e.g. a standard gear item). */
  copyFrom?(id: string, catalogues: Partial<Catalogues>): D | undefined;
  /**
   * An address this editor reads itself (the encounter tool's `#add=` and
   * `#encounter=`): saves what it asks for and gives the id to open, or
   * undefined when the address is not its own. Throws an Error whose
   * message is a sentence for the player.
   */
  fromAddress?(hash: string, catalogues: Partial<Catalogues>, repository: DocumentRepository): Promise<string | undefined>;
  /**
   * A shared document before it is shown: what the editor fills in from the
   * reader's own bestiary and documents (an encounter's references-only
   * link), and the sentence that tells the reader so.
   */
  fromShare?(doc: D, catalogues: Partial<Catalogues>, repository: DocumentRepository): Promise<{ doc: D; notice?: string }>;
  /**
   * What differs between this document here and the other version of a
   * conflict, in the game's words, one sentence each ("Round: 5 here, 4 in
   * the other"); default: the top-level fields that differ, side by side.
   */
  differences?(here: D, there: D): string[];
  /** Extra words under the list's heading. */
  intro?: ReactNode;
}
