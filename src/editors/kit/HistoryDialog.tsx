/**
 * History: the saved versions of a document, newest first. Choosing one
 * previews it beside the list (its summary against the document now, and
 * which fields differ) before "Restore this version"; the dialog closes one
 * way, its close button (or Escape). The list and preview are
 * components/history/VersionHistory.tsx, which the library's History shares.
 */
import { useCallback, useId } from 'react';
import Modal from '../../components/account/Modal';
import { evaluate, type Catalogues, type NucleusDocument } from '../../rules/engine';
import type { Version } from '../../storage/types';
import type { EditorDefinition } from './definition';
import { VersionHistory } from '../../components/history/VersionHistory';

export interface HistoryDialogProps<D extends NucleusDocument> {
  versions: Version[] | null;
  current: D;
  definition: EditorDefinition<D>;
  catalogues: Partial<Catalogues>;
  noun: string;
  onRestore: (versionId: string) => void;
  onClose: () => void;
}

export function HistoryDialog<D extends NucleusDocument>({ versions, current, definition, catalogues, noun, onRestore, onClose }: HistoryDialogProps<D>) {
  const titleId = useId();
  // The editor's own summary (Spent, Price…), evaluated against the catalogues it has loaded.
  const summarize = useCallback((doc: D) => definition.summary(doc, evaluate(doc, catalogues), catalogues), [definition, catalogues]);
  const labelFor = useCallback((path: string) => definition.labelFor?.(path, current, catalogues), [definition, current, catalogues]);
  return (
    <Modal open={!!versions} onClose={onClose} titleId={titleId} title="History" eyebrow={noun} className="kit-dialog kit-history">
      {versions && <VersionHistory versions={versions} current={current} summarize={summarize} labelFor={labelFor} onRestore={(v) => onRestore(v.id)} />}
    </Modal>
  );
}
