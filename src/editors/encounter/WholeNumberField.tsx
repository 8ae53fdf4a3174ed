/**
 * A whole number typed in the encounter tool (a quick entry's number, a
 * count, an amount): its text kept as typed, and beside it the sentence
 * that refuses it (`problem`, from `quickNumber`) or warns about it
 * (`warning`: kept, GAME.md §7 advises and never blocks).
 */
import { useId } from 'react';

export interface WholeNumberFieldProps {
  label: string;
  text: string;
  onText: (text: string) => void;
  problem?: string;
  warning?: string;
  /** A spin button (type="number") or a plain text field with the number keypad. */
  spin?: boolean;
  min?: number;
  max?: number;
  className?: string;
}

export function WholeNumberField({ label, text, onText, problem, warning, spin, min, max, className }: WholeNumberFieldProps) {
  const uid = useId();
  const note = problem ?? warning;
  return (
    <label className={`kit-field${className ? ` ${className}` : ''}`}>
      <span className="kit-label">{label}</span>
      <input
        type={spin ? 'number' : 'text'}
        inputMode="numeric"
        className="kit-input"
        min={min}
        max={max}
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={note ? `${uid}-note` : undefined}
        onChange={(e) => onText(e.target.value)}
      />
      {note && (
        <span className={`kit-field-issues kit-issue ${problem ? 'is-error' : 'is-warning'}`} id={`${uid}-note`}>
          {note}
        </span>
      )}
    </label>
  );
}
