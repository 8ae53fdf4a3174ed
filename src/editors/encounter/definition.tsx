/**
 * The encounter tool as the kit sees it (GAME.md §7): the builder (creatures
 * from the bestiary and the game master's own, the party), the summary
 * (party rank, threat, band, boss: warnings that never block), the odds
 * matrix and the combat tracker, all one document with the kit's autosave,
 * history and undo.
 */
import { useEffect } from 'react';
import { capitalized, type Catalogues, type Character, type Creature } from '../../rules/engine';
import { PrintCard as KitPrintCard, type EditorDefinition, type EditorViewProps, type SummaryItem } from '../kit';
import { EncounterForm } from './EncounterForm';
import { encounterSummary } from './matrix';
import { BAND_NAMES } from './rules';
import { openFromAddress, startEncounter } from './address';
import { rememberEncounter } from './settings';
import { refillNotice, refillReferences } from './refill';
import { encounterDifferences } from './differences';
import type { Encounter } from './rules';
import './encounter.css';

function Form({ doc, catalogues, rulesLinks, readOnly }: EditorViewProps<Encounter>) {
  // "Add to encounter" adds to the encounter last edited on this device.
  useEffect(() => {
    if (!readOnly) rememberEncounter(doc.id);
  }, [doc.id, doc.updatedAt, readOnly]);
  return <EncounterForm catalogues={catalogues} rulesLinks={rulesLinks} />;
}


function summary(doc: Encounter): SummaryItem[] {
  const s = encounterSummary(doc);
  const items: SummaryItem[] = [
    { term: 'Party rank', value: s.heroes ? `${s.partyRank} (${s.heroes} hero${s.heroes === 1 ? '' : 'es'})` : 'No party', key: true },
    { term: 'Threat', value: s.threat, key: true },
    { term: 'Band', value: <span data-band={s.band ?? ''}>{s.band ? capitalized(BAND_NAMES[s.band]) : 'No band without a party'}</span>, key: true },
  ];
  if (s.bosses.length) items.push({ term: 'Boss', value: <span className="enc-warn">{s.bosses.join(', ')}: 3 or more ranks above the party's average</span> });
  if (s.band === 'deadly') items.push({ term: 'Warning', value: <span className="enc-warn">Deadly: the party may not survive this fight.</span> });
  return items;
}

function PrintCard({ doc, evaluation }: EditorViewProps<Encounter>) {
  const items = summary(doc);
  return (
    <KitPrintCard doc={doc} items={items} valid={evaluation.valid}>
      <h3>Creatures</h3>
      <ul>
        {doc.creatures.map((c) => (
          <li key={c.id}>
            {c.count} × {c.snapshot.name} (rank {c.snapshot.threatRank}; Health {c.snapshot.health}, Guard {c.snapshot.guard}, Protection {c.snapshot.protection})
          </li>
        ))}
      </ul>
      <h3>Party</h3>
      <ul>
        {doc.party.map((p) => (
          <li key={p.id}>
            {p.snapshot.name} (rank {p.snapshot.rank}; Health {p.snapshot.health}, Guard {p.snapshot.guard}, Protection {p.snapshot.protection})
          </li>
        ))}
      </ul>
      {doc.fight && (
        <p>
          Round {doc.fight.round}:{' '}
          {doc.fight.order
            .map((id) => doc.fight!.combatants.find((c) => c.id === id))
            .map((c) => (c ? `${c.name} ${c.health}/${c.maxHealth}` : ''))
            .join(' · ')}
        </p>
      )}
    </KitPrintCard>
  );
}

export const encounterEditor: EditorDefinition<Encounter> = {
  kind: 'encounter',
  noun: 'encounter',
  catalogues: ['creatures', 'creatureProperties', 'features', 'gear', 'blueprintFeatures', 'coreEffects', 'coreSideEffects'],
  create: (_catalogues: Partial<Catalogues>) => startEncounter(),
  Form,
  summary,
  PrintCard,
  fromAddress: openFromAddress,
  differences: encounterDifferences,
  // A references-only link: the rows' attacks come back from the bestiary and the reader's own documents.
  async fromShare(doc, catalogues, repository) {
    if (!doc.referencesOnly) return { doc };
    const [creatures, characters] = await Promise.all([repository.list({ kind: 'creature' }), repository.list({ kind: 'character' })]).catch(() => [[], []]);
    const refilled = refillReferences(doc, {
      bestiary: catalogues.creatures ?? [],
      // Documents that cannot be read are no source of attacks (their content fails its schema).
      creatures: creatures.filter((d) => !d.problem).map((d) => d.document as Creature),
      characters: characters.filter((d) => !d.problem).map((d) => d.document as Character),
      catalogues,
    });
    return { doc: refilled.doc, notice: refillNotice(refilled) };
  },
  intro: <p className="kit-muted">Build a fight from the bestiary and your own creatures, see its band and exact odds, then run it at the table.</p>,
};
