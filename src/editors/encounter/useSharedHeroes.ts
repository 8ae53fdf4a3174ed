/**
 * The campaigns' shared characters in the encounter tool: those of every
 * campaign the game master runs (to pick a hero from) and of every campaign
 * a hero of this encounter is shared from, followed live, so each shared
 * hero's snapshot follows its character (sharedHeroes.ts). The snapshot's
 * change is an ordinary document change: saved, and undoable like a
 * player's entry from the live fight.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { useEditor } from '../kit';
import { useCampaignCloud } from '../../components/campaign/useCampaignCloud';
import type { Catalogues } from '../../rules/engine';
import type { Campaign } from '../../storage/campaigns';
import type { Encounter } from './rules';
import { campaignsOfParty, partyInStep, sharedFrom, type CampaignCharacters } from './sharedHeroes';
import { useCampaignsRun } from './useCampaignsRun';

export interface SharedHeroes {
  /** The campaigns this person runs (to pick from). */
  running: Campaign[];
  campaigns: Record<string, CampaignCharacters>;
}

export function useSharedHeroes(catalogues: Partial<Catalogues>): SharedHeroes {
  const { doc, change, readOnly } = useEditor<Encounter>();
  const handle = useCampaignCloud();
  const { cloud } = handle;
  const [running] = useCampaignsRun(handle, readOnly);
  const [campaigns, setCampaigns] = useState<Record<string, CampaignCharacters>>({});
  const latestParty = useRef(doc.party);
  latestParty.current = doc.party;
  const followed = useMemo(() => [...new Set([...running.map((c) => c.id), ...campaignsOfParty(doc.party)])].sort().join('\n'), [running, doc.party]);

  useEffect(() => {
    if (!cloud || readOnly || !followed) return;
    const names = new Map(running.map((c) => [c.id, c.name]));
    const set = (cid: string, next: Partial<CampaignCharacters>) =>
      setCampaigns((all) => ({ ...all, [cid]: { ...(all[cid] ?? { name: names.get(cid) ?? 'the campaign', characters: null, gone: null }), ...next } }));
    const stops = followed.split('\n').map((cid) => {
      if (!names.has(cid)) void cloud.campaign(cid).then((c) => set(cid, { name: c.name }), () => undefined);
      return cloud.watchCharacters(
        cid,
        (characters) => {
          set(cid, { characters, gone: null });
          // A hero's character gone: taken off, or the whole campaign deleted (its record says so, and which).
          const missing = latestParty.current.some((h) => sharedFrom(h)?.campaign === cid && !characters.some((c) => c.id === sharedFrom(h)?.id));
          if (missing) void cloud.deletedSentence(cid).then((gone) => gone && set(cid, { gone }));
        },
        (sentence) => set(cid, { gone: sentence }),
      );
    });
    return () => stops.forEach((stop) => stop());
  }, [cloud, readOnly, followed]);

  // Each shared hero follows its character: one change when a copy differs from the snapshot.
  const catalogueRef = useRef(catalogues);
  catalogueRef.current = catalogues;
  useEffect(() => {
    if (readOnly || partyInStep(doc, campaigns, catalogueRef.current) === doc.party) return;
    change((d) => {
      const party = partyInStep(d, campaigns, catalogueRef.current);
      return party === d.party ? d : { ...d, party };
    });
  }, [campaigns, doc.party, readOnly]);

  return { running, campaigns };
}
