/**
 * Rows of the gear lists, computed at build from the catalogue and the rules
 * engine (price and availability are derived, never typed in). Pure.
 */
import { evaluate, type Catalogues } from '../../rules';

export type GearListKind = 'weapon' | 'armour' | 'equipment';

export interface GearColumn {
  label: string;
  numeric?: boolean;
}

export interface GearCell {
  text: string;
  /** Value the list sorts by. */
  sort: string;
}

export interface GearRow {
  id: string;
  type: string;
  rank: number;
  availability: string;
  description?: string;
  search: string;
  cells: GearCell[];
}

const MK = ['I', 'II', 'III', 'IV', 'V'];
const RANGES = ['melee', 'close', 'medium', 'long', 'extreme'];

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const num = (n: number): GearCell => ({ text: String(n), sort: String(n).padStart(6, '0') });
const txt = (s: string, sort = s): GearCell => ({ text: s, sort });

type Gear = Catalogues['gear'][number];

function featureNames(item: Gear, catalogues: Catalogues): string {
  return (
    item.features
      .map((f) => {
        const entry = catalogues.blueprintFeatures.find((e) => e.id === f.id);
        const name = entry?.name ?? f.id;
        const ranks = f.ranks && f.ranks > 1 ? ` ${f.ranks}` : '';
        const subs = (f.subFeatures ?? [])
          .map((s) => entry?.subFeatures?.options.find((o) => o.id === s)?.name ?? s)
          .join(', ');
        return `${name}${ranks}${subs ? ` (${subs})` : ''}`;
      })
      .join(', ') || '—'
  );
}

export function gearRows(kind: GearListKind, catalogues: Catalogues): { columns: GearColumn[]; rows: GearRow[] } {
  const items = catalogues.gear.filter((g) => (kind === 'equipment' ? !['weapon', 'armour'].includes(g.type) : g.type === kind));
  const columns: GearColumn[] = [{ label: 'Name' }];
  if (kind === 'equipment') columns.push({ label: 'Type' });
  columns.push({ label: 'Mk', numeric: true });
  if (kind === 'weapon') columns.push({ label: 'Damage', numeric: true }, { label: 'Range' }, { label: 'Rate', numeric: true });
  if (kind === 'armour') columns.push({ label: 'Protection', numeric: true }, { label: 'Guard', numeric: true });
  if (kind === 'equipment') columns.push({ label: 'Details' });
  columns.push({ label: 'Bulk', numeric: true }, { label: 'Features' }, { label: 'Price', numeric: true }, { label: 'Availability' });

  const rows = items.map((item) => {
    const result = evaluate(item, catalogues);
    const derived = result.derived as { price: number; availability: string };
    const p = item.properties as Record<string, string | number>;
    const cells: GearCell[] = [txt(item.name)];
    if (kind === 'equipment') cells.push(txt(cap(item.type)));
    cells.push({ text: `Mk ${MK[item.rank - 1]}`, sort: String(item.rank) });
    if (kind === 'weapon') cells.push(num(p.damage as number), txt(cap(String(p.range)), String(RANGES.indexOf(String(p.range)))), num(p.rate as number));
    if (kind === 'armour') cells.push(num(p.protection as number), num(p.guard as number));
    if (kind === 'equipment') {
      const details =
        item.type === 'equipment'
          ? `${p.uses} uses`
          : item.type === 'cyberware'
            ? `${cap(String(p.slot))} slot, strain ${p.strain}`
            : item.type === 'drone'
              ? `Frame ${p.frame}, speed ${p.speed}`
              : '';
      cells.push(txt(details));
    }
    cells.push(num(Number(p.bulk ?? 0)));
    cells.push(txt(featureNames(item, catalogues)));
    cells.push({ text: `${derived.price.toLocaleString('en')} cr`, sort: String(derived.price).padStart(9, '0') });
    cells.push(txt(cap(derived.availability), String(['common', 'restricted', 'prototype'].indexOf(derived.availability))));
    const description = (item as { description?: string }).description;
    return {
      id: item.id,
      type: item.type,
      rank: item.rank,
      availability: derived.availability,
      description,
      search: `${item.name} ${item.type} ${cells.map((c) => c.text).join(' ')} ${description ?? ''}`.toLowerCase(),
      cells,
    };
  });
  return { columns, rows };
}
