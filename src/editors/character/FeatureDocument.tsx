/**
 * The feature document: the six feature trees, one shown at a time, slots
 * used against feature slots, and the features taken with their counts.
 * Rule feedback: a locked feature says the reason beside the tree and
 * offers "Take anyway"; a held feature that breaks a rule (e.g. its prerequisite was given
 * up) shows the engine's issue on its row.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { TREES, type Character } from '../../rules/engine';
import { TREE_TITLES } from '../../components/rules/tree';
import { FieldIssues, Meter, fieldId, issuesAt, issuesWithin, useEditor } from '../kit';
import { useCharacterData } from './data';
import { dropFeature, takeFeature } from './edit';
import { canTakeAnyway, currentMessage, featureStatus, type FeatureMessage, type FeatureStatus } from './features';
import { FeatureTree } from './FeatureTree';

export function FeatureDocument() {
  const { doc, evaluation, change, readOnly } = useEditor<Character>();
  const { catalogues, rulesHref } = useCharacterData();
  const d = evaluation.derived;
  // Whether a feature can be taken depends on the rank and the features held only: other changes (an attribute, gear) reuse these.
  const statuses = useMemo(() => catalogues.features.map((f) => featureStatus(doc, f, catalogues)), [doc.xp, doc.features, catalogues]);
  const firstTree = doc.features.map((f) => catalogues.features.find((e) => e.id === f.id)?.tree).find(Boolean) ?? TREES[0];
  const [tree, setTree] = useState<string>(firstTree);
  const [selected, setSelected] = useState<string | undefined>();
  const [message, setMessage] = useState<FeatureMessage | undefined>();

  const take = (s: FeatureStatus) => {
    change((c) => takeFeature(c, s.entry.id));
    const count = s.entry.maxTimes > 1 ? ` (${s.times + 1} of ${s.entry.maxTimes})` : '';
    setMessage({ id: s.entry.id, kind: 'done', times: s.times + 1, text: s.reason ? `${s.entry.name} taken anyway${count}: ${s.reason}` : `${s.entry.name} taken${count}.` });
  };
  const choose = (s: FeatureStatus) => {
    setSelected(s.entry.id);
    if (readOnly) return setMessage({ id: s.entry.id, kind: 'refused', text: 'This character is read-only: save a copy to change it.' });
    if (s.reason) return setMessage({ id: s.entry.id, kind: 'refused', times: s.times, text: s.reason, anyway: canTakeAnyway(s) ? () => take(s) : undefined });
    take(s);
  };

  // A stable handler lets the (memoised) tree skip re-rendering when nothing it shows changed.
  const chooseLatest = useRef(choose);
  useLayoutEffect(() => {
    chooseLatest.current = choose;
  });
  const onChoose = useCallback((s: FeatureStatus) => chooseLatest.current(s), []);
  const treeStatuses = useMemo(() => statuses.filter((s) => s.entry.tree === tree), [statuses, tree]);

  const sel = statuses.find((s) => s.entry.id === selected);
  const slotIssues = issuesAt(evaluation.issues, 'features');
  return (
    <section className="ch-section" aria-labelledby="ch-features-title" id="features">
      <h2 id="ch-features-title">Features</h2>
      <div className="ch-points" id={fieldId('features')} tabIndex={-1} data-field-path="features">
        <span className="ch-points-text">
          Slots used: <strong data-slots-used>{d.featureSlotsUsed}</strong> of <span data-slots>{d.featureSlots}</span> feature slots
        </span>
        <Meter label="Feature slots used" value={d.featureSlotsUsed} max={d.featureSlots} />
      </div>
      <FieldIssues id={fieldId('features')} issues={slotIssues} />

      <div className="ch-tabs" role="group" aria-label="Feature tree">
        {TREES.map((t) => {
          const held = doc.features.filter((f) => catalogues.features.find((e) => e.id === f.id)?.tree === t).length;
          return (
            <button key={t} type="button" className={`kit-chip kit-chip-btn${tree === t ? ' is-on' : ''}`} aria-pressed={tree === t} onClick={() => { setTree(t); setMessage(undefined); }}>
              {TREE_TITLES[t] ?? t}
              {held > 0 && <span className="ch-tab-count"> {held}</span>}
            </button>
          );
        })}
      </div>
      <h3 className="ch-sub">{TREE_TITLES[tree] ?? tree} tree</h3>
      <p className="ch-muted">Choose a feature to take it. Locked features say what they need, and can be taken anyway.</p>
      <FeatureTree
        title={TREE_TITLES[tree] ?? tree}
        tree={tree}
        statuses={treeStatuses}
        selected={selected}
        readOnly={readOnly}
        onChoose={onChoose}
        message={currentMessage(message, statuses)}
      />
      {sel && (
        <div className="ch-feature-detail" aria-live="polite">
          <p>
            <strong>{sel.entry.name}</strong> <span className="ch-muted">tier {sel.entry.tier}{sel.entry.maxTimes > 1 ? ` · up to ${sel.entry.maxTimes} times` : ''}</span>
          </p>
          {sel.entry.prerequisites.length > 0 && <p className="ch-muted">Needs: {sel.entry.prerequisites.map((p) => catalogues.features.find((f) => f.id === p)?.name ?? p).join(', ')}</p>}
          <p>{sel.entry.text}</p>
          {rulesHref('features', sel.entry.id) && (
            <p>
              <a href={rulesHref('features', sel.entry.id)}>Rules entry for {sel.entry.name}</a>
            </p>
          )}
        </div>
      )}

      <h3 className="ch-sub">Taken</h3>
      {doc.features.length === 0 ? (
        <p className="ch-muted">No feature taken yet.</p>
      ) : (
        <ul className="ch-list">
          {doc.features.map((f, i) => {
            const s = statuses.find((x) => x.entry.id === f.id);
            const name = s?.entry.name ?? f.id;
            const times = f.times ?? 1;
            const issues = issuesWithin(evaluation.issues, `features.${i}`);
            const href = rulesHref('features', f.id);
            return (
              <li key={f.id} className="ch-row" data-field-path={`features.${i}`} data-taken={f.id}>
                <div className="ch-row-main">
                  <span className="ch-row-name">{href ? <a href={href}>{name}</a> : name}</span>
                  <span className="ch-muted">
                    {s ? `${TREE_TITLES[s.entry.tree] ?? s.entry.tree} · tier ${s.entry.tier}` : 'not in the catalogue'}
                    {s && s.entry.maxTimes > 1 ? ` · taken ${times} of ${s.entry.maxTimes}` : ''}
                    {s && s.neededBy.length > 0 ? ` · needed by ${s.neededBy.join(', ')}` : ''}
                  </span>
                  <FieldIssues id={fieldId(`features.${i}`)} issues={issues} />
                </div>
                <div className="ch-row-actions">
                  {s && s.entry.maxTimes > 1 && (
                    <button type="button" className="btn kit-small" disabled={readOnly || (!!s.reason && !canTakeAnyway(s))} title={s.reason} aria-label={`+1: take ${name} once more`} onClick={() => choose(s)}>
                      +1
                    </button>
                  )}
                  <button type="button" className="btn kit-small" disabled={readOnly} aria-label={times > 1 ? `−1: give up one taking of ${name}` : `Remove ${name}`} onClick={() => change((c) => dropFeature(c, f.id))}>
                    {times > 1 ? '−1' : 'Remove'}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
