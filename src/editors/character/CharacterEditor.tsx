/** The character editor island (`/nucleus/CharacterEditor`). */
import { EditorApp, type RulesLinks } from '../kit';
import { characterEditor } from './definition';

export default function CharacterEditor(p: { rulesLinks?: RulesLinks }) {
  return <EditorApp definition={characterEditor} rulesLinks={p.rulesLinks} />;
}
