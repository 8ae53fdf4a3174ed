/**
 * What the character's gear and core pickers offer: standard gear, copies of
 * the player's own blueprints and cores, each with its line of facts.
 */
import { useMemo } from 'react';
import type { Blueprint, Character, Core } from '../../rules/engine';
import type { PickItem } from './ItemPicker';
import { TYPE_LABELS, type CharacterData } from './data';
import { addGear, installCore } from './edit';
import { copyOwn, copyStandard } from './origin';

const MK = ['', 'Mk I', 'Mk II', 'Mk III', 'Mk IV', 'Mk V'];

export function gearMeta(g: Blueprint): string {
  const p = g.properties as Record<string, unknown>;
  const bits = [TYPE_LABELS[g.type], MK[g.rank] ?? `Mk ${g.rank}`];
  if (g.type === 'weapon') bits.push(`damage ${p.damage}`, String(p.range), `rate ${p.rate}`);
  if (g.type === 'armour') bits.push(`protection ${p.protection}`, `guard ${p.guard}`);
  if (g.type === 'equipment') bits.push(`${p.uses} uses`);
  if (g.type === 'cyberware') bits.push(`${p.slot}`, `strain ${p.strain}`);
  if (g.type === 'drone') bits.push(`frame ${p.frame}`, `speed ${p.speed}`);
  bits.push(`bulk ${p.bulk ?? 0}`);
  return bits.join(' · ');
}

export const coreMeta = (c: Core) => `tier ${c.tier} · ${c.discipline} · ${c.activation}`;

/** The items of the Add gear picker (standard and own) and of the Install a core picker. */
export function useGearItems(data: CharacterData) {
  const { catalogues, own, newId } = data;
  const gearItems = (list: Blueprint[], origin: (g: Blueprint) => Blueprint): PickItem[] =>
    list.map((g) => {
      const make = () => origin(g);
      return {
        id: g.id,
        name: g.name,
        meta: gearMeta(g),
        group: g.type,
        href: data.rulesHref(`gear.${g.type}`, g.id),
        apply: (c: Character) => addGear(c, make()),
        alt: g.type === 'armour' ? { label: 'Add and wear', apply: (c: Character) => addGear(c, make(), true) } : undefined,
      };
    });
  const standard = useMemo(() => gearItems(catalogues.gear as Blueprint[], (g) => copyStandard(g as never, newId())), [catalogues.gear]);
  const mine = useMemo(
    () =>
      gearItems(
        own.blueprints.map((b) => b.document),
        (g) => copyOwn(own.blueprints.find((b) => b.id === g.id)!, newId()),
      ).map((i) => ({ ...i, href: data.editorHref('blueprint', i.id) })),
    [own.blueprints],
  );
  const coreItems = useMemo<PickItem[]>(
    () =>
      own.cores.map((o) => ({
        id: o.id,
        name: o.document.name,
        meta: coreMeta(o.document),
        group: o.document.discipline,
        href: data.editorHref('core', o.id),
        apply: (c: Character) => installCore(c, copyOwn(o, newId())),
      })),
    [own.cores],
  );
  return { standard, mine, coreItems };
}
