/** The creature editor's island (route /nucleus/CreatureEditor). */
import { EditorApp, type RulesLinks } from '../kit';
import { creatureEditor } from './definition';
import { loadCatalogues } from '../catalogues';

export default function CreatureEditor(props: { rulesLinks?: RulesLinks }) {
  return <EditorApp definition={creatureEditor} loadCatalogues={loadCatalogues} rulesLinks={props.rulesLinks} />;
}
