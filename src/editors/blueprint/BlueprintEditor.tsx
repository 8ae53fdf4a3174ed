/** The blueprint editor island (/nucleus/BlueprintEditor). */
import { EditorApp, type RulesLinks } from '../kit';
import { blueprintEditor } from './definition';
import { loadCatalogues } from '../catalogues';

export default function BlueprintEditor({ rulesLinks }: { rulesLinks?: RulesLinks }) {
  return <EditorApp definition={blueprintEditor} loadCatalogues={loadCatalogues} rulesLinks={rulesLinks} />;
}
