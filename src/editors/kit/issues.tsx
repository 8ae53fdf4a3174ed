/**
 * Rule feedback in place: issues beside their field, and the summary's list
 * whose entries move focus to the field an issue is about. Issues warn; they
 * never disable saving, exporting or sharing.
 */
import type { Issue } from '../../rules';
import { fieldId, pathAndParents } from './paths';

export const issuesId = (id: string) => `${id}-issues`;

/** The messages beside a field; the control names this list in aria-describedby. */
export function FieldIssues({ id, issues }: { id: string; issues: readonly Issue[] }) {
  if (issues.length === 0) return null;
  return (
    <ul className="kit-field-issues" id={issuesId(id)}>
      {issues.map((issue, i) => (
        <li key={i} className={`kit-issue is-${issue.severity}`}>
          <span className="kit-issue-mark" aria-hidden="true">
            {issue.severity === 'error' ? '!' : '?'}
          </span>
          {issue.message}
        </li>
      ))}
    </ul>
  );
}

/** aria-describedby for a control: its hint and its issues, when there are any. */
export function describedBy(id: string, issues: readonly Issue[], hint?: unknown): string | undefined {
  const ids = [hint ? `${id}-hint` : '', issues.length ? issuesId(id) : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/**
 * Moves focus to the control for `path`: the exact field when it is on
 * screen, else the nearest enclosing one (a feature's row for its ranks).
 * Returns whether anything took focus.
 */
export function focusField(path: string, root: ParentNode = document): boolean {
  for (const p of pathAndParents(path)) {
    const el = root.querySelector<HTMLElement>(`#${CSS.escape(fieldId(p))}`) ?? root.querySelector<HTMLElement>(`[data-field-path="${CSS.escape(p)}"]`);
    if (!el) continue;
    const target = el.matches('input, select, textarea, button, [tabindex]') ? el : (el.querySelector<HTMLElement>('input, select, textarea, button, [tabindex]') ?? el);
    if (!target.hasAttribute('tabindex') && !target.matches('input, select, textarea, button, a[href]')) target.tabIndex = -1;
    target.scrollIntoView({ block: 'center', behavior: 'instant' as ScrollBehavior });
    target.focus({ preventScroll: true });
    return true;
  }
  return false;
}

/** The summary's issues: each a button that takes the player to the field. */
export function IssueList({ issues, labelFor }: { issues: readonly Issue[]; labelFor?: (path: string) => string | undefined }) {
  if (issues.length === 0) return <p className="kit-valid-note">No rule is broken.</p>;
  return (
    <ul className="kit-issue-list" aria-label="Rule issues">
      {issues.map((issue, i) => {
        const where = labelFor?.(issue.path);
        return (
          <li key={i}>
            <button type="button" className={`kit-issue-link is-${issue.severity}`} onClick={() => focusField(issue.path)}>
              {where && <span className="kit-issue-where">{where}: </span>}
              {issue.message}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
