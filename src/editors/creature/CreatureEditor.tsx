/** The creature editor's island (route /nucleus/CreatureEditor). */
import { EditorApp, type RulesLinks } from '../kit';
import { creatureEditor } from './definition';

export default function CreatureEditor(props: { rulesLinks?: RulesLinks }) {
  return <EditorApp definition={creatureEditor} rulesLinks={props.rulesLinks} />;
}
