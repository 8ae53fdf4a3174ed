/** One combatant in the initiative order: its roll, Health, damage and healing, strain and notes, each refused change said in place. */
import { useState } from 'react';
import { useEditor } from '../kit';
import { atStrainCapacity, condition, MAX_TYPED_HITS, rollPool, typedInitiative } from '../../rules/engine';
import type { Combatant, Encounter } from './rules';
import { damage, heal, initiativePool, note as setNote, recordInitiative, strain } from './model';
import { quickNumber } from './hero';

/**
 * A change that the rules may refuse with a sentence (src/rules/fight.ts
 * throws one): tried first, so a refusal is said in place and changes nothing.
 */
function useAttempt(say: (problem: string | null) => void) {
  const { doc, change } = useEditor<Encounter>();
  /** Whether the change was made (else its sentence is said). */
  return (update: (d: Encounter) => Encounter): boolean => {
    try {
      update(doc);
    } catch (e) {
      say(e instanceof Error ? e.message : 'That change could not be made.');
      return false;
    }
    say(null);
    change(update);
    return true;
  };
}

export function CombatantRow({ c, active, edge }: { c: Combatant; active: boolean; edge: boolean }) {
  const { doc, readOnly } = useEditor<Encounter>();
  const [amount, setAmount] = useState('');
  const [typed, setTyped] = useState('');
  const [ignore, setIgnore] = useState(false);
  const [note, setNoteText] = useState(c.note);
  const [rounds, setRounds] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const cond = condition(c.health, c.maxHealth);
  const strained = atStrainCapacity(c);
  const attempt = useAttempt(setProblem);
  // A typed number is refused with its sentence and left in its field to fix; it is cleared only once used.
  const withAmount = (what: 'Damage' | 'Healing', act: (n: number) => (d: Encounter) => Encounter) => {
    const n = quickNumber(what, amount, 0);
    if ('problem' in n) return setProblem(n.problem);
    if (attempt(act(n.value))) setAmount('');
  };
  const setTypedInitiative = () => {
    const n = quickNumber('Initiative hits', typed, 0, MAX_TYPED_HITS);
    if ('problem' in n) return setProblem(n.problem);
    if (attempt((d) => recordInitiative(d, c.id, typedInitiative(n.value)))) setTyped('');
  };
  const setNoteFor = () => {
    const n = rounds.trim() === '' ? undefined : quickNumber('Rounds', rounds, 1);
    if (n && 'problem' in n) return setProblem(n.problem);
    attempt((d) => setNote(d, c.id, note, n?.value));
  };
  const label = c.name;
  return (
    <li className={`enc-combatant${active ? ' is-active' : ''} is-${cond}`} data-combatant={c.id} aria-current={active ? 'step' : undefined}>
      <div className="enc-c-head">
        <span className="enc-c-name">{c.name}</span>
        <span className="enc-c-init" data-initiative={c.initiative?.hits ?? ''}>
          {c.initiative ? (
            <>
              {c.initiative.hits} hit{c.initiative.hits === 1 ? '' : 's'}
              {c.initiative.dice && (
                <span className="enc-dice" role="img" aria-label={`Dice: ${c.initiative.dice.map((d) => d.face).join(', ')}`}>
                  {c.initiative.dice.map((d, i) => (
                    <span key={i} className={`is-${d.from}${d.face >= 5 && !d.rerolled ? " is-hit" : ""}`} aria-hidden="true">
                      {d.face}
                    </span>
                  ))}
                </span>
              )}
              {c.initiative.edge ? ' (edge)' : ''}
            </>
          ) : (
            'no initiative yet'
          )}
        </span>
        <span className="enc-c-health" data-health={c.health}>
          Health {c.health}/{c.maxHealth} · <span className={`enc-cond is-${cond}`}>{cond}</span>
        </span>
        {c.side === 'hero' && (
          <span className={strained ? 'enc-strained' : undefined} data-strain={c.strain}>
            Strain {c.strain}/{c.strainCapacity}
            {strained ? ' · at capacity' : ''}
          </span>
        )}
        {c.note && (
          <span className="enc-note">
            {c.note}
            {c.countdown ? ` (${c.countdown} round${c.countdown === 1 ? '' : 's'} left)` : ''}
          </span>
        )}
      </div>
      <details className="enc-c-act">
        <summary>Act on {label}</summary>
        <div className="enc-c-tools">
          <div className="enc-inline">
            <label className="kit-field">
              <span className="kit-label">Amount for {label}</span>
              <input className="kit-input" inputMode="numeric" value={amount} onChange={(e) => setAmount(e.target.value)} />
            </label>
            <label className="enc-check">
              <input type="checkbox" checked={ignore} onChange={(e) => setIgnore(e.target.checked)} /> Ignores protection
            </label>
            <button type="button" className="btn" disabled={readOnly} onClick={() => withAmount('Damage', (n) => (d) => damage(d, c.id, n, ignore))}>
              Damage
            </button>
            <button type="button" className="btn" disabled={readOnly} onClick={() => withAmount('Healing', (n) => (d) => heal(d, c.id, n))}>
              Heal
            </button>
          </div>
          {problem && (
            <p className="kit-alert" role="alert">
              {problem}
            </p>
          )}
          {c.side === 'hero' && (
            <div className="enc-inline">
              <button type="button" className="btn" disabled={readOnly} onClick={() => attempt((d) => strain(d, c.id, 1))} aria-label={`Add 1 strain to ${label}`}>
                Add 1 strain
              </button>
              <button type="button" className="btn" disabled={readOnly || c.strain === 0} onClick={() => attempt((d) => strain(d, c.id, -c.strain))} aria-label={`Clear strain of ${label}`}>
                Clear strain
              </button>
            </div>
          )}
          <div className="enc-inline">
            <label className="kit-field">
              <span className="kit-label">Initiative hits for {label} (from dice)</span>
              <input className="kit-input" inputMode="numeric" value={typed} onChange={(e) => setTyped(e.target.value)} />
            </label>
            <button type="button" className="btn" disabled={readOnly} onClick={setTypedInitiative}>
              Set initiative
            </button>
            <button type="button" className="btn" disabled={readOnly} onClick={() => attempt((d) => recordInitiative(d, c.id, rollPool(initiativePool(d, c), Math.random, edge)))}>
              Roll ({initiativePool(doc, c)} dice)
            </button>
          </div>
          <div className="enc-inline">
            <label className="kit-field">
              <span className="kit-label">Note or condition for {label}</span>
              <input className="kit-input" value={note} maxLength={120} onChange={(e) => setNoteText(e.target.value)} />
            </label>
            <label className="kit-field enc-narrow">
              <span className="kit-label">Rounds (optional)</span>
              <input className="kit-input" inputMode="numeric" value={rounds} onChange={(e) => setRounds(e.target.value)} />
            </label>
            <button type="button" className="btn" disabled={readOnly} onClick={setNoteFor}>
              Set note
            </button>
          </div>
        </div>
      </details>
    </li>
  );
}
