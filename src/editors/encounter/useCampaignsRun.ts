/**
 * The campaigns this person runs as game master, read once the cloud is
 * open (empty: signed out, read-only, none, or the read failed). The
 * tracker's run and the party's shared heroes both list them.
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { Campaign } from '../../storage/campaigns';
import type { CloudHandle } from '../../components/campaign/useCampaignCloud';

export function useCampaignsRun({ cloud, uid }: CloudHandle, readOnly: boolean): [Campaign[], Dispatch<SetStateAction<Campaign[]>>] {
  const [campaigns, setCampaigns] = useState<Campaign[]>([]);
  useEffect(() => {
    if (!cloud || !uid || readOnly) return;
    let live = true;
    cloud
      .mine()
      .then((all) => live && setCampaigns(all.filter((c) => c.gm === uid)))
      .catch(() => live && setCampaigns([]));
    return () => {
      live = false;
    };
  }, [cloud, uid, readOnly]);
  return [campaigns, setCampaigns];
}
