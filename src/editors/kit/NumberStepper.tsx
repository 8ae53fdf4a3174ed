/** The kit's number field: − and + beside a whole number, the arrow keys, and the field's range. */
import { useEffect, useState } from 'react';
import type { Issue } from '../../rules/engine';
import { useField, type FieldBinding } from './context';
import { describedBy } from './issues';
import { canStep, parseWhole, stepperKey, typedProblem, type StepperRange } from './keyboard';
import { FieldFrame } from './FieldFrame';

export interface NumberStepperProps extends FieldBinding<number>, StepperRange {
  /** Text after the number (e.g. "credits"), also read by screen readers. */
  unit?: string;
  /** How the value reads in words, e.g. 3 → "Mk III" (aria-valuetext). */
  valueText?: (value: number) => string;
  /**
   * A typed whole number this field cannot hold, as the sentence that says
   * why (an encounter's count of 0: "use Remove"); undefined keeps it.
   * Refused in place like text that is no whole number: nothing changes.
   */
  refuse?: (typed: number) => string | undefined;
}


/**
 * A whole number with − and + buttons; arrows, PageUp/PageDown, Home/End;
 * typing is one undo step. `min`/`max` are the field's whole range, not a
 * rule's limit (see `StepperRange`): mouse, keys and typing all go past a
 * rule, and the rule's issue shows beside the field.
 */
export function NumberStepper(props: NumberStepperProps) {
  const bound = useField(props);
  const { min, max, unit, valueText } = props;
  const value = typeof bound.value === 'number' ? bound.value : Number(bound.value);
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  // What was typed and refused stays in the field with its sentence, until it is fixed or the value changes.
  const problem = text === String(value) ? null : typedProblem(props.label, text, props.refuse);
  const refused: Issue[] = problem ? [{ path: props.path ?? '', code: 'typed', message: problem, severity: 'error' }] : [];
  const f = { ...bound, issues: [...refused, ...bound.issues] };
  const step = (key: string) => {
    const next = stepperKey(key, value, props);
    if (next !== null && next !== value) f.set(next);
    return next;
  };
  return (
    <FieldFrame className="kit-stepper" field={f} props={props}>
      <div className="kit-stepper-row">
        <button type="button" className="kit-step" tabIndex={-1} aria-hidden="true" disabled={f.readOnly || !canStep('down', value, props)} onClick={() => step('ArrowDown')}>
          −
        </button>
        <input
          id={f.id}
          className="kit-input kit-number"
          type="text"
          inputMode="numeric"
          role="spinbutton"
          aria-valuemin={min}
          aria-valuemax={max}
          aria-valuenow={Number.isFinite(value) ? value : undefined}
          aria-valuetext={valueText ? valueText(value) : unit ? `${value} ${unit}` : undefined}
          aria-invalid={f.issues.some((i) => i.severity === 'error') || undefined}
          aria-describedby={describedBy(f.id, f.issues, props.hint)}
          readOnly={f.readOnly}
          value={text}
          onKeyDown={(e) => {
            if (f.readOnly || e.altKey || e.ctrlKey || e.metaKey) return;
            if (stepperKey(e.key, value, props) !== null) {
              e.preventDefault();
              step(e.key);
            }
          }}
          onChange={(e) => {
            setText(e.target.value);
            const n = parseWhole(e.target.value);
            if (n !== null && n !== value && !typedProblem(props.label, e.target.value, props.refuse)) f.set(n, { coalesce: `type:${f.id}` });
          }}
          onBlur={() => {
            if (!problem) setText(String(value));
            f.seal();
          }}
        />
        <button type="button" className="kit-step" tabIndex={-1} aria-hidden="true" disabled={f.readOnly || !canStep('up', value, props)} onClick={() => step('ArrowUp')}>
          +
        </button>
        {valueText ? <span className="kit-unit" aria-hidden="true">{valueText(value)}</span> : unit ? <span className="kit-unit" aria-hidden="true">{unit}</span> : null}
      </div>
    </FieldFrame>
  );
}
