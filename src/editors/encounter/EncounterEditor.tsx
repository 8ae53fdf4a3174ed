/** The encounter tool's island (route /nucleus/EncounterEditor). */
import { EditorApp, type RulesLinks } from '../kit';
import { encounterEditor } from './definition';
import { loadCatalogues } from '../catalogues';

export default function EncounterEditor(props: { rulesLinks?: RulesLinks }) {
  return <EditorApp definition={encounterEditor} loadCatalogues={loadCatalogues} rulesLinks={props.rulesLinks} />;
}
