/** The blueprint editor island (/nucleus/BlueprintEditor). */
import { EditorApp, type RulesLinks } from '../kit';
import { blueprintEditor } from './definition';

export default function BlueprintEditor({ rulesLinks }: { rulesLinks?: RulesLinks }) {
  return <EditorApp definition={blueprintEditor} rulesLinks={rulesLinks} />;
}
