/**
 * The campaigns this person runs as game master, read once the cloud is
 * open (empty: signed out, read-only, none, or the read failed). The
 * tracker's run and the party's shared heroes both list them: they mount
 * together, so they share one read while it is under way (a later mount,
 * say another encounter opened, reads afresh).
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from 'react';
import type { Campaign } from '../../storage/campaigns';
import type { CampaignCloud } from '../../storage/campaigns/cloud';
import type { CloudHandle } from '../../components/campaign/useCampaignCloud';

/** Reads under way, by the game master's uid (each caller opens its own CampaignCloud on the one Firestore). */
const underWay = new Map<string, Promise<Campaign[]>>();

function campaignsRunBy(cloud: CampaignCloud, uid: string): Promise<Campaign[]> {
  let read = underWay.get(uid);
  if (!read) {
    read = cloud
      .mine()
      .then((all) => all.filter((c) => c.gm === uid))
      .finally(() => underWay.delete(uid));
    underWay.set(uid, read);
  }
  return read;
}

export function useCampaignsRun({ cloud, uid }: CloudHandle, readOnly: boolean): [Campaign[], Dispatch<SetStateAction<Campaign[]>>] {
  const [campaigns, setCampaigns] = useState<Campaign[]>([]);
  useEffect(() => {
    if (!cloud || !uid || readOnly) return;
    let live = true;
    campaignsRunBy(cloud, uid)
      .then((run) => live && setCampaigns(run))
      .catch(() => live && setCampaigns([]));
    return () => {
      live = false;
    };
  }, [cloud, uid, readOnly]);
  return [campaigns, setCampaigns];
}
