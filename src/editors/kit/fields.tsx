/**
 * The kit's fields. Each has a visible label (the rules' own name of the
 * field), shows its issues beside it, and works by keyboard alone.
 * Bind one to the document with `path`, or control it with `value`/`onChange`.
 */
import { useEffect, useId, useState, type ReactNode } from 'react';
import { useField, type BoundField, type FieldBinding } from './context';
import { FieldIssues, describedBy } from './issues';
import { canStep, parseWhole, stepperKey, type StepperRange } from './keyboard';

function Hint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <span className="kit-hint" id={`${id}-hint`}>
      {hint}
    </span>
  ) : null;
}

interface FieldFrameProps {
  /** The control's own class: `kit-stepper`, `kit-select`… */
  className: string;
  field: Pick<BoundField<unknown>, 'id' | 'issues'>;
  props: Pick<FieldBinding<unknown>, 'label' | 'hint' | 'path'>;
  /** A group of options: a fieldset named by its legend, which an issue link focuses. */
  group?: boolean;
  children: ReactNode;
}

/** Every field's frame: its label (or legend), hint, control, and the issues at its path. */
function FieldFrame({ className, field, props, group, children }: FieldFrameProps) {
  const frame = `kit-field ${className}${field.issues.length ? ' has-issue' : ''}`;
  const inner = (
    <>
      {group ? (
        <legend className="kit-label">{props.label}</legend>
      ) : (
        <label htmlFor={field.id} className="kit-label">
          {props.label}
        </label>
      )}
      <Hint id={field.id} hint={props.hint} />
      {children}
      <FieldIssues id={field.id} issues={field.issues} />
    </>
  );
  return group ? (
    <fieldset className={frame} id={field.id} data-field-path={props.path} aria-describedby={describedBy(field.id, field.issues, props.hint)} tabIndex={-1}>
      {inner}
    </fieldset>
  ) : (
    <div className={frame} data-field-path={props.path}>
      {inner}
    </div>
  );
}

export interface NumberStepperProps extends FieldBinding<number>, StepperRange {
  /** Text after the number (e.g. "credits"), also read by screen readers. */
  unit?: string;
  /** How the value reads in words, e.g. 3 → "Mk III" (aria-valuetext). */
  valueText?: (value: number) => string;
}

/**
 * A whole number with − and + buttons; arrows, PageUp/PageDown, Home/End;
 * typing is one undo step. `min`/`max` are the field's whole range, not a
 * rule's limit (see `StepperRange`): mouse, keys and typing all go past a
 * rule, and the rule's issue shows beside the field.
 */
export function NumberStepper(props: NumberStepperProps) {
  const f = useField(props);
  const { min, max, unit, valueText } = props;
  const value = typeof f.value === 'number' ? f.value : Number(f.value);
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
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
            if (n !== null && n !== value) f.set(n, { coalesce: `type:${f.id}` });
          }}
          onBlur={() => {
            setText(String(value));
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

/** One option of a select or a chip group. */
export interface FieldOption<V extends string | number = string> {
  value: V;
  label: string;
  /** Short extra text shown with the option, e.g. its cost ("+2 pts"). */
  detail?: string;
  /** Which rule choosing it now would break ("Needs rate 2 or more"): said beside it; it can still be chosen (rule issues warn, never block). */
  unavailable?: string;
}

export interface SelectFieldProps<V extends string | number> extends FieldBinding<V> {
  options: readonly FieldOption<V>[];
}

/** A native select; an option that would break a rule says why in its text, and can be chosen. */
export function SelectField<V extends string | number>(props: SelectFieldProps<V>) {
  const f = useField(props);
  return (
    <FieldFrame className="kit-select" field={f} props={props}>
      <select
        id={f.id}
        className="kit-input"
        value={String(f.value)}
        disabled={f.readOnly}
        aria-invalid={f.issues.some((i) => i.severity === 'error') || undefined}
        aria-describedby={describedBy(f.id, f.issues, props.hint)}
        onChange={(e) => {
          const o = props.options.find((x) => String(x.value) === e.target.value);
          if (o) f.set(o.value);
        }}
      >
        {props.options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
            {o.detail ? ` (${o.detail})` : ''}
            {o.unavailable ? ` — ${o.unavailable}` : ''}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export interface OptionChipsProps<V extends string | number> extends FieldBinding<V | V[]> {
  options: readonly FieldOption<V>[];
  /** Several may be chosen (checkboxes) instead of one (radios). */
  multiple?: boolean;
}

/**
 * Options as chips over native radios or checkboxes (so arrows, Space and
 * the group's name work as everywhere). An option that would break a rule
 * stays choosable, with the rule printed under it.
 */
export function OptionChips<V extends string | number>(props: OptionChipsProps<V>) {
  const f = useField(props);
  const name = useId();
  const chosen = new Set((Array.isArray(f.value) ? f.value : [f.value]).map(String));
  return (
    <FieldFrame className="kit-chips" field={f} props={props} group>
      <div className="kit-chip-row">
        {props.options.map((o) => {
          const key = String(o.value);
          const checked = chosen.has(key);
          const reason = o.unavailable && !checked ? o.unavailable : undefined;
          const reasonId = `${f.id}-${key}-why`;
          return (
            <label key={key} className={`kit-chip${checked ? ' is-on' : ''}${reason ? ' is-unavailable' : ''}`}>
              <input
                type={props.multiple ? 'checkbox' : 'radio'}
                name={name}
                value={key}
                checked={checked}
                disabled={f.readOnly}
                aria-describedby={reason ? reasonId : undefined}
                onChange={(e) => {
                  if (!props.multiple) return f.set(o.value);
                  const list = (Array.isArray(f.value) ? f.value : []) as V[];
                  f.set(e.target.checked ? [...list, o.value] : list.filter((v) => v !== o.value));
                }}
              />
              <span className="kit-chip-text">
                {o.label}
                {o.detail && <span className="kit-chip-detail"> {o.detail}</span>}
              </span>
              {reason && (
                <span className="kit-chip-why" id={reasonId}>
                  {reason}
                </span>
              )}
            </label>
          );
        })}
      </div>
    </FieldFrame>
  );
}

export interface TextFieldProps extends FieldBinding<string> {
  placeholder?: string;
  /** Visually large (the document's name). */
  large?: boolean;
  maxLength?: number;
}

/** A line of text; typing is coalesced into one undo step. */
export function TextField(props: TextFieldProps) {
  const f = useField(props);
  return (
    <FieldFrame className={`kit-text${props.large ? ' is-large' : ''}`} field={f} props={props}>
      <input
        id={f.id}
        className="kit-input"
        type="text"
        value={f.value ?? ''}
        placeholder={props.placeholder}
        maxLength={props.maxLength ?? 120}
        readOnly={f.readOnly}
        aria-invalid={f.issues.some((i) => i.severity === 'error') || undefined}
        aria-describedby={describedBy(f.id, f.issues, props.hint)}
        onChange={(e) => f.set(e.target.value, { coalesce: `type:${f.id}` })}
        onBlur={f.seal}
      />
    </FieldFrame>
  );
}
