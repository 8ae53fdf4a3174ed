/**
 * The addresses that bring creatures into the tool without script on the
 * page that links here: `#add=<creature-id>` (a bestiary entry's "Add to
 * encounter", the creature editor's) adds to the encounter last edited on
 * this device, or starts one; `#encounter=…` (a `::encounter` card's "Open
 * at the table") opens the card's encounter as a new one.
 */
import type { BestiaryEntry, Catalogues, Creature } from '../../rules/engine';
import type { DocumentRepository } from '../../storage/types';
import { crewText } from '../../rules/engine';
import { decodeEncounterLink, creatureSnapshot, newEncounter, type Encounter, type HeroSnapshot } from './rules';
import { addCreature, addHero } from './model';
import { lastEncounterId, readDefaultParty } from './settings';

/** A new encounter, with the default party this device keeps (if any). */
export function startEncounter(): Encounter {
  return readDefaultParty().reduce((d, p) => addHero(d, p.source, p.snapshot), newEncounter());
}

/** The creature an `#add=` names: a bestiary id, or `creature:<document id>` for one of the game master's own. */
async function creatureFor(ref: string, bestiary: readonly BestiaryEntry[], repository: DocumentRepository): Promise<{ creature: Creature; kind: 'bestiary' | 'creature' }> {
  if (ref.startsWith('creature:')) {
    const stored = await repository.get(ref.slice('creature:'.length));
    if (stored && stored.document.kind === 'creature' && !stored.deletedAt) return { creature: stored.document, kind: 'creature' };
    throw new Error(`There is no creature “${ref.slice('creature:'.length)}” on this device to add to an encounter.`);
  }
  const entry = bestiary.find((b) => b.id === ref);
  if (!entry) throw new Error(`There is no creature “${ref}” in the bestiary to add to an encounter.`);
  return { creature: entry, kind: 'bestiary' };
}

/** Saves `doc` (new or based on `revision`) and gives its id. */
async function store(repository: DocumentRepository, doc: Encounter, basedOn: number): Promise<string> {
  const saved = await repository.save(doc, { basedOn });
  if (!saved.ok) throw new Error('The encounter changed in another tab just now; open it again to add the creature.');
  return saved.stored.id;
}

export async function openFromAddress(hash: string, catalogues: Partial<Catalogues>, repository: DocumentRepository): Promise<string | undefined> {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  const add = params.get('add');
  if (add !== null) {
    if (add.trim() === '') throw new Error('This address adds no creature: #add= needs a creature’s id after it (such as #add=scuttler-drone, as a bestiary entry’s “Add to encounter” gives). Nothing was added.');
    const { creature, kind } = await creatureFor(add.trim(), catalogues.creatures ?? [], repository);
    const snapshot = creatureSnapshot(creature, { creatureProperties: catalogues.creatureProperties ?? [] });
    const lastId = lastEncounterId();
    const last = lastId ? await repository.get(lastId) : undefined;
    if (last && !last.deletedAt && last.document.kind === 'encounter') {
      const doc = last.document;
      return store(repository, addCreature(doc, { kind, id: creature.id }, snapshot), last.revision);
    }
    return store(repository, addCreature(startEncounter(), { kind, id: creature.id }, snapshot), 0);
  }
  const carried = params.get('encounter');
  if (carried !== null) {
    const link = decodeEncounterLink(carried);
    const bestiary = catalogues.creatures ?? [];
    const [heroes, rank] = link.crew ?? [0, 0];
    let doc: Encounter = {
      ...newEncounter(),
      name: link.title || 'Encounter',
      notes: heroes ? `Meant for a crew of ${crewText(heroes, rank)}. The stand-in heroes count for the band; replace them with your party for the odds.` : '',
    };
    for (const [id, count] of link.creatures) {
      const entry = bestiary.find((b) => b.id === id);
      if (!entry) throw new Error(`This encounter names “${id}”, which is not in the bestiary.`);
      doc = addCreature(doc, { kind: 'bestiary', id }, creatureSnapshot(entry, { creatureProperties: catalogues.creatureProperties ?? [] }), count);
    }
    for (let i = 1; i <= heroes; i++) doc = addHero(doc, { kind: 'quick' }, crewHero(i, rank));
    return store(repository, doc, 0);
  }
  return undefined;
}

/** A placeholder hero of the card's crew: its rank only counts until the game master adds the real party. */
function crewHero(n: number, rank: number): HeroSnapshot {
  return { name: `Stand-in hero ${n}`, rank, reflex: 2, logic: 2, guard: 2, health: 10, protection: 0, strainCapacity: 4, initiative: 4, attacks: [] };
}
