/** The game master's own creatures, live, as the creature list and the encounter tool's picker both show them. */
import { useMemo } from 'react';
import type { Creature } from '../../rules/engine';
import type { DocumentRepository } from '../../storage/types';
import { useDocuments } from '../kit/useDocuments';
import type { OwnCreature } from './creatureList';
import type { KeptEdits, UnreadableDocument } from '../kit/listing';

/** `mine`: the readable ones; those that cannot be read are apart, for the list to show with their sentence. */
export function useOwnCreatures(repository: DocumentRepository): { mine: OwnCreature[] | null; unreadable: UnreadableDocument[]; keptEdits: KeptEdits[]; error: Error | null } {
  const { docs, unreadable, keptEdits, error } = useDocuments(repository, 'creature');
  const mine = useMemo(() => docs?.map((d) => ({ id: d.id, name: d.name, updatedAt: d.updatedAt, valid: d.valid, document: d.document as Creature })) ?? null, [docs]);
  return { mine, unreadable, keptEdits, error };
}
