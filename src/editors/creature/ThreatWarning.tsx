/**
 * The threat check in the summary: the threat value and what makes it up,
 * and, when the computed rank differs from the chosen one, the warning with
 * its numbers and one-click fixes (each a single, undoable change). A
 * mismatch is only a warning: the creature stays valid (GAME.md §5).
 */
import { useId } from 'react';
import type { ThreatAdvice, ThreatFix } from './threat';

export interface ThreatWarningProps {
  advice: ThreatAdvice;
  onFix?: (fix: ThreatFix) => void;
}

/** How many single-change fixes to offer besides setting the rank (the smallest ones). */
const MAX_FIXES = 3;

export function ThreatWarning({ advice, onFix }: ThreatWarningProps) {
  const uid = useId();
  const fixes = advice.fixes.slice(0, MAX_FIXES + 1);
  return (
    // Sits in the summary's list under the term "Threat check", which names it.
    <div className="cr-threat" id={uid} data-threat={advice.matches ? 'matches' : 'mismatch'}>
      {advice.matches ? (
        <p className="cr-threat-ok">
          Threat value {advice.value} gives threat rank {advice.computed}, the rank chosen.
        </p>
      ) : (
        <div className="cr-threat-warning" role="status">
          <p className="cr-threat-message">
            <span className="cr-warning-mark" aria-hidden="true">
              ?
            </span>{' '}
            <strong>Warning:</strong> {advice.message}
          </p>
          {onFix && (
            <ul className="cr-fixes" aria-label="Ways to make the ranks agree">
              {fixes.map((f, i) => (
                <li key={i}>
                  <button type="button" className={`btn cr-fix${i === 0 ? ' btn-primary' : ''}`} data-fix={f.fix.type} onClick={() => onFix(f.fix)}>
                    {f.label}
                  </button>
                </li>
              ))}
            </ul>
          )}
          <p className="cr-threat-note">A warning only: the creature is still valid, and a mismatch can be the point.</p>
        </div>
      )}
      <details className="cr-threat-parts">
        <summary>What makes up the threat value</summary>
        <table className="cr-table">
          <caption className="cr-visually-hidden">Threat value by part</caption>
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Threat</th>
            </tr>
          </thead>
          <tbody>
            {advice.parts.map((p) => (
              <tr key={p.path}>
                <th scope="row">{p.label}</th>
                <td>{p.threat}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope="row">Threat value</th>
              <td>{advice.value}</td>
            </tr>
          </tfoot>
        </table>
      </details>
    </div>
  );
}
