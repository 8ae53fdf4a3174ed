/**
 * One feature tree, made interactive: the layered layout of the rules
 * pages' tree charts (tiers as columns, prerequisite lines), drawn as a
 * grid of buttons that shrinks to a phone's width. Choosing a node takes
 * the feature; a locked node says why, in place, and offers "Take anyway".
 */
import { memo, useMemo } from 'react';
import { layoutTree, NODE_H, type TreeFeature } from '../../components/rules/tree';
import type { FeatureStatus } from './features';

const ROW = 64;

export interface FeatureTreeProps {
  title: string;
  tree: string;
  statuses: FeatureStatus[];
  selected?: string;
  readOnly: boolean;
  onChoose: (status: FeatureStatus) => void;
  /** The message about the chosen node (why it was not taken, or what happened); `anyway` takes it past the rule. */
  message?: { id: string; text: string; kind: 'refused' | 'done'; anyway?: () => void };
}

const stateWords: Record<FeatureStatus['state'], string> = { available: 'available', taken: 'taken', maxed: 'taken', locked: 'locked' };

export const FeatureTree = memo(function FeatureTree({ title, tree, statuses, selected, readOnly, onChoose, message }: FeatureTreeProps) {
  const byId = useMemo(() => new Map(statuses.map((s) => [s.entry.id, s])), [statuses]);
  const layout = useMemo(() => layoutTree(statuses.map((s) => s.entry as TreeFeature)), [statuses]);
  const rowOf = (y: number) => Math.round((y - 12) / (NODE_H + 18));
  const rows = Math.max(1, ...layout.nodes.map((n) => rowOf(n.y) + 1));
  const colOf = (tier: number) => tier - 1;
  // Edges in a 300-wide box: each column is 100 wide with its node between 4 and 96.
  const edges = layout.edges.map(({ from, to }) => {
    const x1 = colOf(from.feature.tier) * 100 + 96;
    const x2 = colOf(to.feature.tier) * 100 + 4;
    const y1 = rowOf(from.y) * ROW + ROW / 2;
    const y2 = rowOf(to.y) * ROW + ROW / 2;
    const mx = (x1 + x2) / 2;
    const held = (byId.get(from.feature.id)?.times ?? 0) > 0;
    return { key: `${from.feature.id}>${to.feature.id}`, d: `M${x1},${y1} C${mx},${y1} ${mx},${y2} ${x2},${y2}`, held };
  });
  const msgId = `ch-tree-${tree}-msg`;
  return (
    <div className="ch-tree">
      <div className="ch-tree-tiers" aria-hidden="true">
        <span>Tier 1 · rank 1+</span>
        <span>Tier 2 · rank 4+</span>
        <span>Tier 3 · rank 7+</span>
      </div>
      <div className="ch-tree-canvas" style={{ height: rows * ROW }} role="group" aria-label={`${title} tree: tiers 1 to 3 from left to right`}>
        <svg className="ch-tree-edges" viewBox={`0 0 300 ${rows * ROW}`} preserveAspectRatio="none" aria-hidden="true">
          {edges.map((e) => (
            <path key={e.key} d={e.d} className={e.held ? 'is-held' : undefined} vectorEffect="non-scaling-stroke" />
          ))}
        </svg>
        {layout.nodes.map((n) => {
          const s = byId.get(n.feature.id)!;
          const max = s.entry.maxTimes;
          const count = max > 1 ? `${s.times}/${max}` : s.times ? '✓' : '';
          const needs = s.entry.prerequisites.length ? `, needs ${s.entry.prerequisites.map((p) => statuses.find((x) => x.entry.id === p)?.entry.name ?? p).join(' and ')}` : '';
          const describe = message?.id === s.entry.id ? msgId : undefined;
          return (
            <button
              key={n.feature.id}
              type="button"
              className={`ch-node is-${s.state}${selected === s.entry.id ? ' is-selected' : ''}`}
              style={{ left: `${colOf(s.entry.tier) * 33.333 + 1.2}%`, top: rowOf(n.y) * ROW + 6, height: ROW - 12 }}
              data-feature={s.entry.id}
              data-state={s.state}
              aria-label={`${s.entry.name}, tier ${s.entry.tier}${needs}, ${stateWords[s.state]}${max > 1 ? `, taken ${s.times} of ${max} times` : ''}`}
              aria-describedby={describe}
              onClick={() => onChoose(s)}
            >
              <span className="ch-node-name">{s.entry.name}</span>
              {/* The short mark is drawn by CSS from data-mark: the label says the state in words, and the node's only text is its name, which the label starts with (axe's label-in-name rule). */}
              <span className="ch-node-meta" data-mark={s.state === 'locked' ? ' locked' : count || 'take'}>
                {s.state === 'locked' && (
                  <svg viewBox="0 0 16 16" width="10" height="10" aria-hidden="true">
                    <path d="M4 7V5a4 4 0 0 1 8 0v2h1v8H3V7zm2 0h4V5a2 2 0 0 0-4 0z" fill="currentColor" />
                  </svg>
                )}
              </span>
            </button>
          );
        })}
      </div>
      <div className="ch-tree-msg-row">
        <p id={msgId} className={`ch-tree-msg${message ? ` is-${message.kind}` : ''}`} role="status">
          {message?.text ?? ''}
        </p>
        {message?.anyway && (
          <button type="button" className="btn kit-small" aria-describedby={msgId} onClick={message.anyway}>
            Take anyway<span className="visually-hidden"> {byId.get(message.id)?.entry.name}</span>
          </button>
        )}
      </div>
    </div>
  );
});
