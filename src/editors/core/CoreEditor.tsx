/** The core editor's island (mounted client-only on /nucleus/CoreEditor). */
import { EditorApp, type RulesLinks } from '../kit';
import { coreEditor } from './definition';
import { loadCatalogues } from '../catalogues';

export default function CoreEditor(props: { rulesLinks?: RulesLinks }) {
  return <EditorApp definition={coreEditor} loadCatalogues={loadCatalogues} rulesLinks={props.rulesLinks} />;
}
