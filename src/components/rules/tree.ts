/**
 * Layout of a feature tree as a layered graph: one column per tier, nodes
 * ordered to keep prerequisite edges short. Pure.
 */
export interface TreeFeature {
  id: string;
  name: string;
  tree: string;
  tier: number;
  prerequisites: string[];
  maxTimes?: number;
  text: string;
}

export interface PlacedNode {
  feature: TreeFeature;
  x: number;
  y: number;
}

export interface TreeLayout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: { from: PlacedNode; to: PlacedNode }[];
}

export const NODE_W = 180;
export const NODE_H = 46;
const COL_GAP = 70;
const ROW_GAP = 18;
const PAD = 12;

export function layoutTree(features: TreeFeature[]): TreeLayout {
  const tiers = [1, 2, 3];
  const columns = tiers.map((t) => features.filter((f) => f.tier === t));
  const placed = new Map<string, PlacedNode>();
  // Order each tier by the average row of its prerequisites (barycentre).
  columns.forEach((col, c) => {
    const scored = col.map((f, i) => {
      const rows = f.prerequisites.map((p) => placed.get(p)?.y).filter((v): v is number => v !== undefined);
      return { f, key: rows.length ? rows.reduce((a, b) => a + b, 0) / rows.length : i * (NODE_H + ROW_GAP) };
    });
    scored.sort((a, b) => a.key - b.key);
    scored.forEach(({ f }, r) => {
      placed.set(f.id, { feature: f, x: PAD + c * (NODE_W + COL_GAP), y: PAD + r * (NODE_H + ROW_GAP) });
    });
  });
  const nodes = [...placed.values()];
  const edges = nodes.flatMap((to) =>
    to.feature.prerequisites.map((p) => placed.get(p)).filter((from): from is PlacedNode => !!from).map((from) => ({ from, to })),
  );
  const rows = Math.max(1, ...columns.map((c) => c.length));
  return {
    width: PAD * 2 + tiers.length * NODE_W + (tiers.length - 1) * COL_GAP,
    height: PAD * 2 + rows * NODE_H + (rows - 1) * ROW_GAP,
    nodes,
    edges,
  };
}

export const TREE_TITLES: Record<string, string> = {
  gunslinger: 'Gunslinger',
  netrunner: 'Netrunner',
  medic: 'Medic',
  brawler: 'Brawler',
  pilot: 'Pilot',
  face: 'Face',
};
