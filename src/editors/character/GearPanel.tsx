/**
 * Gear and cores: carried gear (standard gear or copies of the player's
 * blueprints), the worn armour (one at a time), bulk against the bulk
 * limit, installed cores against Sync, and copies whose original changed.
 */
import { useMemo, useState } from 'react';
import { BLUEPRINT_TYPES, DISCIPLINES, type Character } from '../../rules/engine';
import { FieldIssues, Meter, fieldId, issuesAt, issuesWithin, namedCount, noticeNow, useEditor, type Notice } from '../kit';
import { TYPE_LABELS, useCharacterData } from './data';
import { removeCore, removeGear, wearArmour } from './edit';
import { staleCopies, updateCopy, type StaleCopy } from './origin';
import { ItemPicker } from './ItemPicker';
import { coreMeta, gearMeta, useGearItems } from './gearItems';

export { coreMeta, gearMeta };

function StaleNote({ stale, onUpdate, readOnly }: { stale?: StaleCopy; onUpdate: () => void; readOnly: boolean }) {
  if (!stale) return null;
  return (
    <p className="ch-stale" role="note">
      The original{stale.originalName !== stale.name ? ` (now “${stale.originalName}”)` : ''} has changed since this copy (revision {stale.fromRevision} → {stale.toRevision}).{' '}
      <button type="button" className="btn kit-small" disabled={readOnly} onClick={onUpdate}>
        Update the copy
      </button>
    </p>
  );
}

export function GearPanel() {
  const { doc, evaluation, change, readOnly } = useEditor<Character>();
  const data = useCharacterData();
  const { catalogues, own } = data;
  const d = evaluation.derived;
  const [picker, setPicker] = useState<'gear' | 'cores' | null>(null);
  const [said, setSaid] = useState<{ notice: Notice; list: 'gear' | 'cores'; name: string } | null>(null);
  const stale = useMemo(() => staleCopies(doc, [...own.blueprints, ...own.cores]), [doc.gear, doc.cores, own]);
  const staleAt = (list: 'gear' | 'cores', i: number) => stale.find((s) => s.list === list && s.index === i);
  const update = (s: StaleCopy) => {
    const original = [...own.blueprints, ...own.cores].find((o) => o.id === s.originId);
    if (original) change((c) => updateCopy(c, s.list, s.index, original));
  };
  const { standard, mine, coreItems } = useGearItems(data);
  const pick = (apply: (c: Character) => Character, name: string) => {
    change(apply);
    // The notice holds while the document has one more item of that name than now (it goes when the item is removed).
    const list = picker === 'cores' ? 'cores' : 'gear';
    const text = `${name} ${list === 'cores' ? 'installed' : 'added'}.`;
    setSaid({ notice: { text, holds: namedCount([...doc[list], { name }], name) }, list, name });
    setPicker(null);
  };

  const armours = doc.gear.filter((g) => g.type === 'armour');
  const armourIssues = issuesAt(evaluation.issues, 'armour');
  const coreIssues = issuesAt(evaluation.issues, 'cores');
  return (
    <section className="ch-section" aria-labelledby="ch-gear-title" id="gear">
      <h2 id="ch-gear-title">Gear and cores</h2>
      <p className="visually-hidden" role="status">{said ? noticeNow(said.notice, namedCount(doc[said.list], said.name)) : ''}</p>

      <div className="ch-points">
        <span className="ch-points-text">
          Bulk carried: <strong data-bulk>{d.bulkCarried}</strong> of {d.bulkLimit} (bulk limit)
        </span>
        <Meter label="Bulk carried" value={d.bulkCarried} max={d.bulkLimit} />
      </div>
      {d.overBulk && (
        <p className="ch-warn" role="note">
          Over the bulk limit by {d.bulkCarried - d.bulkLimit}: Reflex rolls (Firearms, Piloting, Stealth) lose a die until something is dropped or Frame rises.
        </p>
      )}

      <fieldset className="ch-block" id={fieldId('armour')} tabIndex={-1} data-field-path="armour">
        <legend>Worn armour</legend>
        <div className="kit-chip-row">
          {[{ id: '', name: 'None' }, ...armours].map((g) => (
            <label key={g.id || 'none'} className={`kit-chip${(doc.armour ?? '') === g.id ? ' is-on' : ''}`}>
              <input type="radio" name="ch-worn" value={g.id} checked={(doc.armour ?? '') === g.id} disabled={readOnly} onChange={() => change((c) => wearArmour(c, g.id || undefined))} />
              <span className="kit-chip-text">{g.name}</span>
            </label>
          ))}
        </div>
        {armours.length === 0 && <p className="ch-muted">Add armour to wear it; one is worn at a time.</p>}
        <FieldIssues id={fieldId('armour')} issues={armourIssues} />
      </fieldset>

      <h3 className="ch-sub">Gear</h3>
      {doc.gear.length === 0 ? (
        <p className="ch-muted">Nothing carried yet.</p>
      ) : (
        <ul className="ch-list">
          {doc.gear.map((g, i) => (
            <li key={g.id + i} className="ch-row" data-field-path={`gear.${i}`} data-gear={g.name}>
              <div className="ch-row-main">
                <span className="ch-row-name">
                  {g.name}
                  {doc.armour === g.id && <span className="ch-badge">worn</span>}
                </span>
                <span className="ch-muted">{gearMeta(g)}{g.originId ? ' · your blueprint' : ''}</span>
                <StaleNote stale={staleAt('gear', i)} readOnly={readOnly} onUpdate={() => update(staleAt('gear', i)!)} />
                <FieldIssues id={fieldId(`gear.${i}`)} issues={issuesWithin(evaluation.issues, `gear.${i}`)} />
              </div>
              <div className="ch-row-actions">
                <button type="button" className="btn kit-small" disabled={readOnly} aria-label={`Remove ${g.name}`} onClick={() => change((c) => removeGear(c, i))}>
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn" disabled={readOnly} onClick={() => setPicker('gear')}>
        Add gear…
      </button>

      <h3 className="ch-sub" id="cores">Cores</h3>
      <div className="ch-points" id={fieldId('cores')} tabIndex={-1} data-field-path="cores">
        <span className="ch-points-text">
          Core tiers: <strong data-core-tiers>{d.coreTiers}</strong> of Sync {doc.attributes.sync}
        </span>
        <Meter label="Core tiers against Sync" value={d.coreTiers} max={doc.attributes.sync} />
      </div>
      <FieldIssues id={fieldId('cores')} issues={coreIssues} />
      {doc.cores.length === 0 ? (
        <p className="ch-muted">No core installed.</p>
      ) : (
        <ul className="ch-list">
          {doc.cores.map((k, i) => (
            <li key={k.id + i} className="ch-row" data-field-path={`cores.${i}`} data-core={k.name}>
              <div className="ch-row-main">
                <span className="ch-row-name">{k.name}</span>
                <span className="ch-muted">{coreMeta(k)}</span>
                <StaleNote stale={staleAt('cores', i)} readOnly={readOnly} onUpdate={() => update(staleAt('cores', i)!)} />
                <FieldIssues id={fieldId(`cores.${i}`)} issues={issuesWithin(evaluation.issues, `cores.${i}`)} />
              </div>
              <div className="ch-row-actions">
                <button type="button" className="btn kit-small" disabled={readOnly} aria-label={`Remove ${k.name}`} onClick={() => change((c) => removeCore(c, i))}>
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="btn" disabled={readOnly} onClick={() => setPicker('cores')}>
        Install a core…
      </button>

      <ItemPicker
        open={picker === 'gear'}
        title="Add gear"
        noun="gear"
        counted={['item', 'items']}
        doc={doc}
        catalogues={catalogues}
        sources={[
          { value: 'standard', label: 'Standard gear', items: standard, empty: 'The standard gear catalogue is not loaded.' },
          { value: 'mine', label: 'My blueprints', items: mine, empty: own.loaded ? <>You have no blueprints yet: <a href={data.editorHref('blueprint', '')}>design one</a>.</> : 'Loading your blueprints…' },
        ]}
        groups={BLUEPRINT_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
        onPick={pick}
        onClose={() => setPicker(null)}
      />
      <ItemPicker
        open={picker === 'cores'}
        title="Install a core"
        noun="cores"
        counted={['core', 'cores']}
        doc={doc}
        catalogues={catalogues}
        sources={[{ value: 'mine', label: 'My cores', items: coreItems, empty: own.loaded ? <>You have no cores yet: <a href={data.editorHref('core', '')}>design one</a>.</> : 'Loading your cores…' }]}
        groups={DISCIPLINES.map((t) => ({ value: t, label: t[0]!.toUpperCase() + t.slice(1) }))}
        onPick={pick}
        onClose={() => setPicker(null)}
      />
    </section>
  );
}
