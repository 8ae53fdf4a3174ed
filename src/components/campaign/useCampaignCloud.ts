/**
 * The signed-in person's `CampaignCloud`, opened once they are signed in
 * (the Firestore SDK loads only then), or a sentence saying why there is none.
 */
import { useEffect, useState } from 'react';
import { useStore } from '@nanostores/react';
import { $authStatus, $user, initAuth } from '../../stores/user';
import type { CampaignCloud } from '../../storage/campaigns/cloud';
import { campaignSentence } from './campaignState';

export interface CloudHandle {
  /** Undefined while the session is being checked or the SDK loads; null when signed out. */
  cloud: CampaignCloud | null | undefined;
  uid: string | null;
  problem: string | null;
}

export function useCampaignCloud(): CloudHandle {
  const user = useStore($user);
  const status = useStore($authStatus);
  const [handle, setHandle] = useState<CloudHandle>({ cloud: undefined, uid: null, problem: null });
  useEffect(() => initAuth(), []);
  useEffect(() => {
    if (status === 'unknown' && !user) return;
    if (!user) {
      setHandle({ cloud: null, uid: null, problem: null });
      return;
    }
    let live = true;
    void import('../library/cloud/cloudSync').then((m) =>
      m
        .openCampaignCloud(user.uid, user.displayName || (user.email ?? '').split('@')[0] || '')
        .then((cloud) => live && setHandle({ cloud, uid: user.uid, problem: null }))
        .catch((e: unknown) => live && setHandle({ cloud: null, uid: user.uid, problem: e instanceof m.CloudUnavailable ? e.message : campaignSentence(e) })),
    );
    return () => {
      live = false;
    };
  }, [user?.uid, status]);
  return handle;
}
