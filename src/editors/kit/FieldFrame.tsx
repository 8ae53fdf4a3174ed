/** The frame every kit field shares: its label (or legend), hint, control, and the issues at its path. */
import type { ReactNode } from 'react';
import type { BoundField, FieldBinding } from './context';
import { FieldIssues, describedBy } from './issues';

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
export function FieldFrame({ className, field, props, group, children }: FieldFrameProps) {
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
