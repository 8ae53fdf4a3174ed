/**
 * A character shared in campaigns follows its owner's sheet: while the
 * owner edits it signed in, the campaigns' copies are replaced a moment
 * after the edits pause, and once when the sheet opens (edits made offline
 * or signed out go up then). A game master's hero made from the copy
 * follows it (src/editors/encounter/sharedHeroes.ts).
 */
import { useEffect } from 'react';
import { useEditor } from '../kit';
import { useCampaignCloud } from '../../components/campaign/useCampaignCloud';
import type { Character } from '../../rules/engine';

/** Edits within this long of each other go up once. */
const PAUSE_MS = 2000;

export function useSharedCopies(): void {
  const { doc, readOnly } = useEditor<Character>();
  const { cloud } = useCampaignCloud();
  useEffect(() => {
    if (!cloud || readOnly) return;
    const timer = setTimeout(() => {
      // A copy that cannot be written (offline, a campaign left meanwhile) is written at the next edit or open.
      cloud.keepSharedInStep(doc).catch((e: unknown) => console.warn('[nucleus] a shared copy of this character was not updated:', e));
    }, PAUSE_MS);
    return () => clearTimeout(timer);
  }, [cloud, readOnly, doc]);
}
