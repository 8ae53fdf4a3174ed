/** The character editor island (`/nucleus/CharacterEditor`). */
import { EditorApp, type RulesLinks } from '../kit';
import { characterEditor } from './definition';
import { loadCatalogues } from '../catalogues';

export default function CharacterEditor(p: { rulesLinks?: RulesLinks }) {
  return <EditorApp definition={characterEditor} loadCatalogues={loadCatalogues} rulesLinks={p.rulesLinks} />;
}
