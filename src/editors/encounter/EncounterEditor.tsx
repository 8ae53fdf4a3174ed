/** The encounter tool's island (route /nucleus/EncounterEditor). */
import { useEffect } from 'react';
import { EditorApp, type RulesLinks } from '../kit';
import { encounterEditor } from './definition';
import { loadCatalogues } from '../catalogues';
import { $user } from '../../stores/user';
import { followCloudParty } from './cloudParty';

export default function EncounterEditor(props: { rulesLinks?: RulesLinks }) {
  // Signed in (now, or later on this page): the default party comes from whichever copy is newest.
  useEffect(() => $user.subscribe((u) => void (u && followCloudParty())), []);
  return <EditorApp definition={encounterEditor} loadCatalogues={loadCatalogues} rulesLinks={props.rulesLinks} />;
}
