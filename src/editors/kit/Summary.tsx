/**
 * The summary panel: derived values as a <dl>, meters for points against a
 * limit (they change colour at and over the limit), the validity in words
 * and the issues list. Sticky beside the form on wide screens; on phones a
 * bar at the bottom that opens into the full panel.
 */
import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useBarRoom } from './barRoom';
import type { Issue } from '../../rules';
import { IssueList } from './issues';

export interface SummaryItem {
  /** The value's plain name: Spent, Capacity, Price… */
  term: string;
  value: ReactNode;
  /** Draws a meter of `value` against `max` (points spent against capacity). */
  meter?: { value: number; max: number };
  /** Shown in the phone bar too. */
  key?: boolean;
}

export type MeterState = 'under' | 'at' | 'over';
export const meterState = (value: number, max: number): MeterState => (value > max ? 'over' : value === max ? 'at' : 'under');

export function Meter({ label, value, max }: { label: string; value: number; max: number }) {
  const state = meterState(value, max);
  const pct = max > 0 ? Math.min(100, (value / max) * 100) : value > 0 ? 100 : 0;
  return (
    <div
      className={`kit-meter is-${state}`}
      role="meter"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={Math.max(max, value)}
      aria-valuenow={value}
      aria-valuetext={`${value} of ${max}${state === 'over' ? ', over the limit' : state === 'at' ? ', at the limit' : ''}`}
    >
      <span className="kit-meter-fill" style={{ width: `${pct}%` }} />
    </div>
  );
}

/**
 * Whether the element scrolls (its content is taller than it). A panel that
 * scrolls must be reachable by keyboard to be scrolled (axe:
 * scrollable-region-focusable); one that does not should not be a tab stop.
 */
function useScrolls(ref: RefObject<HTMLElement | null>): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const check = () => setScrolls(el.scrollHeight > el.clientHeight + 1);
    const observer = new ResizeObserver(check);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    check();
    return () => observer.disconnect();
  }, [ref]);
  return scrolls;
}

export interface SummaryPanelProps {
  title?: string;
  items: SummaryItem[];
  valid: boolean;
  /** What is left to choose (the definition's `stillToDo`): said instead of "Valid" while any is left. */
  stillToDo?: readonly string[];
  issues: readonly Issue[];
  /** Plain name of the field an issue path points at ("Rate"), shown before its message. */
  labelFor?: (path: string) => string | undefined;
  /** More of the summary after the values (an editor's `SummaryExtra`: the core's rules text…). */
  children?: ReactNode;
}

export function SummaryPanel({ title = 'Summary', items, valid, stillToDo = [], issues, labelFor, children }: SummaryPanelProps) {
  const [open, setOpen] = useState(false);
  const errors = issues.filter((i) => i.severity === 'error').length;
  const unfinished = valid && stillToDo.length > 0;
  const validity = !valid ? `Breaks ${errors === 1 ? 'a rule' : `${errors} rules`}` : unfinished ? 'Not finished' : 'Valid';
  const keyItems = items.filter((i) => i.key);
  const panel = useRef<HTMLElement>(null);
  const scrolls = useScrolls(panel);
  const bar = useRef<HTMLButtonElement>(null);
  // On a phone the summary is a bar fixed at the bottom of the screen (kit.css reserves its room).
  useBarRoom(bar, '--kit-summary-bar-h');
  return (
    <aside ref={panel} className={`kit-summary${open ? ' is-open' : ''}`} aria-labelledby="kit-summary-title" tabIndex={scrolls ? 0 : undefined} data-summary>
      <button ref={bar} type="button" className="kit-summary-bar" aria-expanded={open} aria-controls="kit-summary-body" onClick={() => setOpen(!open)}>
        <span className={`kit-validity-dot ${valid ? 'is-valid' : 'is-invalid'}`} aria-hidden="true" />
        <span className="kit-summary-bar-text">
          {keyItems.map((i) => (
            <span key={i.term}>
              {i.term} {i.value}
            </span>
          ))}
          <span>{validity}</span>
        </span>
        <span className="kit-summary-bar-action">{open ? 'Hide' : 'Details'}</span>
      </button>
      <div className="kit-summary-body" id="kit-summary-body">
        <h2 id="kit-summary-title" className="kit-summary-title">
          {title}
        </h2>
        <dl className="kit-summary-list">
          {items.map((item) => (
            <div key={item.term} className="kit-summary-row" data-term={item.term}>
              <dt>{item.term}</dt>
              <dd>
                <span className="kit-summary-value">{item.value}</span>
                {item.meter && <Meter label={item.term} value={item.meter.value} max={item.meter.max} />}
              </dd>
            </div>
          ))}
          <div className="kit-summary-row" data-term="Validity">
            <dt>Validity</dt>
            <dd className={valid ? 'kit-is-valid' : 'kit-is-invalid'} data-validity={valid ? 'valid' : 'invalid'} data-unfinished={unfinished || undefined}>
              {!valid ? `Invalid: ${validity.toLowerCase()}` : unfinished ? `Breaks no rule; still to do: ${stillToDo.join(', ')}` : 'Valid: follows every rule'}
            </dd>
          </div>
        </dl>
        {children}
        <h3 className="kit-summary-sub">Issues</h3>
        <IssueList issues={issues} labelFor={labelFor} />
      </div>
    </aside>
  );
}
