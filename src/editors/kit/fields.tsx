/**
 * The kit's fields. Each has a visible label (the rules' own name of the
 * field), shows its issues beside it, and works by keyboard alone.
 * Bind one to the document with `path`, or control it with `value`/`onChange`.
 */
import { useId } from 'react';
import { useField, type FieldBinding } from './context';
import { describedBy } from './issues';
import { FieldFrame } from './FieldFrame';

export { NumberStepper, type NumberStepperProps } from './NumberStepper';

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
