/**
 * The combat tracker (GAME.md §7): initiative rolled in the app die by die
 * (edge when the game master gives it) or typed from physical dice, the
 * order, rounds and turns, delay, reinforcements, damage, healing, strain
 * and notes. Every change is a document change: saved, undoable, and back
 * at the same turn after a reload.
 */
import { useId, useRef, useState } from 'react';
import { useBarRoom, useEditor } from '../kit';
import { inOrder } from '../../rules/engine';
import type { Encounter } from './rules';
import { CampaignRun } from './CampaignRun';
import { CombatantRow } from './CombatantRow';
import { delay, endFight, goNext, goPrevious, reinforce, rollEveryone, startFight } from './model';
import { quickNumber } from './hero';
import { WholeNumberField } from './WholeNumberField';

/** The most reinforcements added at once. */
const MOST_REINFORCEMENTS = 12;

export function Tracker() {
  const uid = useId();
  const { doc, change, readOnly } = useEditor<Encounter>();
  const [edge, setEdge] = useState(false);
  const fight = doc.fight;
  const turnBar = useRef<HTMLDivElement>(null);
  // On a phone the turn buttons are a bar fixed above the summary bar (encounter.css reserves its room).
  useBarRoom(turnBar, '--enc-turnbar-h', [!!fight]);

  if (!fight) {
    const none = doc.party.length + doc.creatures.length === 0;
    return (
      <section className="enc-section" aria-labelledby={`${uid}-h`}>
        <h2 className="enc-title" id={`${uid}-h`}>
          Fight
        </h2>
        <p className="kit-muted">{none ? 'Add creatures and a party, then start the fight.' : 'Starting puts everyone on the roster in the fight at full Health.'}</p>
        <button type="button" className="btn btn-primary" disabled={readOnly || none} onClick={() => change(startFight)}>
          Start the fight
        </button>
        <CampaignRun />
      </section>
    );
  }

  const current = inOrder(fight)[fight.turn];
  const unrolled = fight.combatants.filter((c) => !c.initiative);
  const rollAll = () => change((d) => rollEveryone(d, edge));

  return (
    <section className="enc-section enc-fight" aria-labelledby={`${uid}-h`}>
      <h2 className="enc-title" id={`${uid}-h`}>
        Fight: round <span data-round>{fight.round}</span>
      </h2>
      <div className="enc-turnbar" role="group" aria-label="Turns" ref={turnBar}>
        <button type="button" className="btn" disabled={readOnly} onClick={() => change(goPrevious)}>
          Previous turn
        </button>
        <button type="button" className="btn btn-primary" disabled={readOnly} onClick={() => change(goNext)}>
          Next turn
        </button>
        <button type="button" className="btn" disabled={readOnly || fight.turn + 1 >= fight.order.length} onClick={() => change(delay)}>
          Delay this turn
        </button>
      </div>
      <p className="enc-now" aria-live="polite">
        {current ? (
          <>
            Turn of <strong data-current>{current.name}</strong>
          </>
        ) : null}
      </p>
      <div className="enc-actions">
        <label className="enc-check">
          <input type="checkbox" checked={edge} onChange={(e) => setEdge(e.target.checked)} /> Edge on the next roll
        </label>
        <button type="button" className="btn" disabled={readOnly || unrolled.length === 0} onClick={rollAll}>
          {unrolled.length === 0 ? 'Everyone has rolled' : `Roll initiative for ${unrolled.length === fight.combatants.length ? 'everyone' : `the ${unrolled.length} without a roll`}`}
        </button>
      </div>
      <ol className="enc-order" aria-label="Initiative order">
        {inOrder(fight).map((c, i) => (
          <CombatantRow key={c.id} c={c} active={i === fight.turn} edge={edge} />
        ))}
      </ol>
      <Reinforcements />
      <CampaignRun />
      <p>
        <button type="button" className="btn" disabled={readOnly} onClick={() => change(endFight)}>
          End the fight
        </button>
      </p>
    </section>
  );
}

/** Reinforcements: more copies of a creature already in the encounter, each rolled and placed by the rule. */
function Reinforcements() {
  const { doc, change, readOnly } = useEditor<Encounter>();
  const [row, setRow] = useState('');
  const [count, setCount] = useState('1');
  if (doc.creatures.length === 0) return null;
  const n = quickNumber('Reinforcements', count, 1, MOST_REINFORCEMENTS);
  const add = () => 'value' in n && change((d) => reinforce(d, row || d.creatures[0]!.id, n.value));
  return (
    <div className="enc-inline enc-reinforce">
      <label className="kit-field">
        <span className="kit-label">Reinforcements</span>
        <select className="kit-input" value={row} onChange={(e) => setRow(e.target.value)}>
          {doc.creatures.map((c) => (
            <option key={c.id} value={c.id}>
              {c.snapshot.name}
            </option>
          ))}
        </select>
      </label>
      <WholeNumberField spin className="enc-narrow" label="How many" min={1} max={MOST_REINFORCEMENTS} text={count} onText={setCount} problem={'problem' in n ? n.problem : undefined} />
      <button type="button" className="btn" disabled={readOnly || 'problem' in n} onClick={add}>
        Add to the fight
      </button>
    </div>
  );
}
