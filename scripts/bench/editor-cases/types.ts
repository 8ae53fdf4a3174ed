/**
 * One case of the editor benchmark (scripts/bench/editor.ts). Each editor
 * adds its own file in this folder exporting `cases: EditorCase[]`; the
 * benchmark loads every file here, so adding a case touches nothing else.
 */
import { newDocumentFields } from '../../../src/rules';

export interface EditorCase {
  /** Shown in the report, e.g. "blueprint, 6 features". */
  name: string;
  /** The editor route, e.g. '/nucleus/BlueprintEditor'. */
  route: string;
  /** The document to measure on: imported through the editor's Import… (so setup is one step). */
  document: Record<string, unknown>;
  /** Accessible name of the control the benchmark changes, e.g. 'Damage' (a stepper: role spinbutton). */
  control: string;
  /** Keys pressed in turn on it; each press is one change (e.g. ArrowUp, ArrowDown). */
  keys: string[];
}

/**
 * A case's document: the header every new document has (fixed id and dates,
 * so runs compare) followed by the editor's own fields.
 */
export function caseDocument(kind: string, name: string, body: Record<string, unknown>): Record<string, unknown> {
  return { kind, ...newDocumentFields(`bench-${kind}`, name, '2026-01-01T00:00:00.000Z'), ...body };
}
