/**
 * Campaigns in Firestore: a game master's table shared with the players
 * (data model and rules: docs/accounts.md "Campaigns", firestore.rules).
 * Membership is the only door: every read here is refused once the reader's
 * membership entry is gone, and that refusal comes back as a sentence.
 *
 * The running encounters (publish, follow, a player's change) are
 * `live.ts`, reached as `CampaignCloud.live`.
 *
 * Heavy (the Firestore SDK): import it dynamically, only once someone is
 * signed in.
 */
import {
  collection,
  collectionGroup,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  getDocsFromServer,
  increment,
  onSnapshot,
  query,
  serverTimestamp,
  setDoc,
  Timestamp,
  where,
  writeBatch,
  type DocumentReference,
  type Firestore,
  type Unsubscribe,
} from 'firebase/firestore';
import { loadDocument, type NucleusDocument } from '../../rules';
import { CAMPAIGN_FULL, CampaignError, inviteExpiry, MAX_CAMPAIGN_MEMBERS, newInviteCode, REMOVED_FROM_CAMPAIGN, refusedCode } from './invite';
import { CampaignLive } from './live';
import { CampaignPacks } from './packs';

export type { HeroChange, HeroValue, HeroWrite, LiveCreature, LiveFight, LiveHero, LivePublication, RunningEncounter } from './live';
export type { CampaignSources, Publication } from './packs';

export interface Campaign {
  id: string;
  name: string;
  notes: string;
  gm: string;
}

export interface Member {
  uid: string;
  name: string;
}

/** A player's character as they last saved it, read-only to the others; `document` is null if it no longer reads. */
export interface SharedCharacter {
  id: string;
  owner: string;
  name: string;
  document: NucleusDocument | null;
}

/** Writes Firestore takes in one batch. */
const BATCH = 500;

function millis(t: unknown): number {
  return t instanceof Timestamp ? t.toMillis() : 0;
}

export class CampaignCloud {
  /** The running encounters: publish, follow, a player's change (live.ts). */
  readonly live: CampaignLive;
  /** The game master's packs shared with the campaign: publish, take off, allow, follow (packs.ts). */
  readonly packs: CampaignPacks;

  constructor(
    private readonly db: Firestore,
    private readonly uid: string,
    /** The name members see for this person. */
    private readonly displayName: string,
  ) {
    this.live = new CampaignLive(db, uid, (cid, read) => this.guarded(cid, read));
    this.packs = new CampaignPacks(db, uid, (cid, read) => this.guarded(cid, read));
  }

  private campaignRef(cid: string): DocumentReference {
    return doc(this.db, 'campaigns', cid);
  }

  private sub(cid: string, ...path: string[]) {
    return collection(this.db, 'campaigns', cid, ...(path as [string]));
  }

  private memberName(): string {
    return (this.displayName.trim() || 'A player').slice(0, 100);
  }

  /** Reads that the rules refuse mean the person is no longer in the campaign. */
  private async guarded<T>(cid: string, read: () => Promise<T>): Promise<T> {
    try {
      return await read();
    } catch (e) {
      if (refusedCode(e) !== 'permission-denied') throw e;
      throw new CampaignError(await this.goneSentence(cid));
    }
  }

  /** Why this person is no longer in the campaign: deleted, removed, or (left, or never in) not a member. */
  async goneSentence(cid: string): Promise<string> {
    const deleted = await this.deletedSentence(cid);
    if (deleted) return deleted;
    if (await this.wasRemoved(cid).catch(() => false)) return REMOVED_FROM_CAMPAIGN;
    return 'You are not a member of this campaign (any more): ask its game master for a new invite.';
  }

  /**
   * Follows the members live: the game master's list changes as players
   * join, leave or are removed; a member whose own entry goes (removed, or
   * the campaign deleted) hears why at once through `onGone`, not at their
   * next click.
   */
  watchMembers(cid: string, onChange: (members: Member[]) => void, onGone: (sentence: string) => void): Unsubscribe {
    let ended = false;
    const end = () => {
      if (ended) return;
      ended = true;
      void this.goneSentence(cid).then(onGone, () => onGone('You are not a member of this campaign (any more): ask its game master for a new invite.'));
    };
    return onSnapshot(
      this.sub(cid, 'members'),
      (snap) => {
        const members = snap.docs.map((d) => ({ uid: d.id, name: String(d.data().name) }));
        // Only the server's word that the entry is gone ends the page (a cached snapshot may simply not have it yet).
        if (!members.some((m) => m.uid === this.uid)) {
          if (!snap.metadata.fromCache) end();
        } else onChange(members);
      },
      (e) => (refusedCode(e) === 'permission-denied' ? end() : undefined),
    );
  }

  /** Starts a campaign run by this person, with their own membership entry in the same commit. */
  async create(name: string, notes = ''): Promise<string> {
    const ref = doc(collection(this.db, 'campaigns'));
    const batch = writeBatch(this.db);
    batch.set(ref, { name: name.trim().slice(0, 100), notes: notes.slice(0, 2000), gm: this.uid, createdAt: serverTimestamp() });
    batch.set(doc(this.db, 'campaigns', ref.id, 'members', this.uid), { uid: this.uid, name: this.memberName(), joinedAt: serverTimestamp() });
    batch.set(this.countRef(ref.id), { count: 1, last: this.uid });
    await batch.commit();
    return ref.id;
  }

  /** The campaign's member count (firestore.rules keep it with every entry made or gone). */
  private countRef(cid: string): DocumentReference {
    return doc(this.db, 'campaigns', cid, 'counts', 'members');
  }

  /** Members the campaign has, the game master included (null: a campaign from before counts, not yet counted). */
  async memberCount(cid: string): Promise<number | null> {
    const snap = await getDoc(this.countRef(cid));
    return snap.exists() ? Number(snap.data().count) : null;
  }

  /**
   * A campaign made before member counts is counted once by its game master
   * (the rules take their word for it then; every change after is checked).
   * Run before each invite, so a campaign that takes new players has a count.
   */
  async ensureCounted(cid: string): Promise<void> {
    if ((await this.memberCount(cid)) !== null) return;
    const members = await this.members(cid);
    await setDoc(this.countRef(cid), { count: Math.max(1, members.length), last: this.uid });
  }

  /** Whether the game master removed this person from the campaign (and has not taken it back). */
  async wasRemoved(cid: string): Promise<boolean> {
    return (await getDoc(doc(this.db, 'campaigns', cid, 'removed', this.uid))).exists();
  }

  async campaign(cid: string): Promise<Campaign> {
    const snap = await this.guarded(cid, () => getDoc(this.campaignRef(cid)));
    const data = snap.data();
    if (!data) throw new CampaignError(await this.goneSentence(cid));
    return { id: cid, name: data.name, notes: data.notes, gm: data.gm };
  }

  /** The campaigns this person runs or has joined. */
  async mine(): Promise<Campaign[]> {
    const entries = await getDocs(query(collectionGroup(this.db, 'members'), where('uid', '==', this.uid)));
    const ids = entries.docs.map((d) => d.ref.parent.parent!.id);
    const found = await Promise.all(ids.map((id) => this.campaign(id).catch(() => null)));
    return found.filter((c): c is Campaign => c !== null);
  }

  async members(cid: string): Promise<Member[]> {
    const snap = await this.guarded(cid, () => getDocs(this.sub(cid, 'members')));
    return snap.docs.map((d) => ({ uid: d.id, name: d.data().name }));
  }

  /**
   * The campaign's one invite: any older one is revoked, so a link sent
   * earlier stops working. Returns the code and when it expires (ms).
   */
  async invite(cid: string, now = Date.now()): Promise<{ code: string; expiresAt: number }> {
    const campaign = await this.campaign(cid);
    await this.ensureCounted(cid);
    await this.revokeInvites(cid);
    const code = newInviteCode();
    const expiresAt = inviteExpiry(now) - 60_000; // a minute short of the rules' limit, for clock drift
    await setDoc(doc(this.db, 'campaigns', cid, 'invites', code), { campaignName: campaign.name, createdAt: serverTimestamp(), expiresAt: Timestamp.fromMillis(expiresAt) });
    return { code, expiresAt };
  }

  /** The invite the game master can show again, if one is still valid. */
  async currentInvite(cid: string, now = Date.now()): Promise<{ code: string; expiresAt: number } | null> {
    const snap = await this.guarded(cid, () => getDocs(this.sub(cid, 'invites')));
    const valid = snap.docs.map((d) => ({ code: d.id, expiresAt: millis(d.data().expiresAt) })).filter((i) => i.expiresAt > now);
    return valid.sort((a, b) => b.expiresAt - a.expiresAt)[0] ?? null;
  }

  async revokeInvites(cid: string): Promise<void> {
    const snap = await this.guarded(cid, () => getDocs(this.sub(cid, 'invites')));
    await Promise.all(snap.docs.map((d) => deleteDoc(d.ref)));
  }

  /**
   * What an invite opens, for the confirmation before joining.
   * @throws CampaignError when the code was revoked or has expired
   */
  async readInvite(cid: string, code: string, now = Date.now()): Promise<{ campaignName: string; expiresAt: number }> {
    const snap = await getDoc(doc(this.db, 'campaigns', cid, 'invites', code));
    const data = snap.data();
    if (!data || millis(data.expiresAt) <= now) {
      throw new CampaignError('This invite has expired or was withdrawn: ask the game master for a new link.');
    }
    return { campaignName: data.campaignName, expiresAt: millis(data.expiresAt) };
  }

  /**
   * Joins with the campaign's invite code (the confirmation comes first, in
   * the page): the entry and the count one up, in one commit.
   * @throws CampaignError saying why the campaign does not take this person:
   *   full, removed by the game master, deleted, or the invite gone
   */
  async join(cid: string, code: string): Promise<void> {
    // Already in (the link opened again): nothing to write, and the count must not move.
    if ((await getDoc(doc(this.db, 'campaigns', cid, 'members', this.uid)).catch(() => null))?.exists()) return;
    const count = await this.memberCount(cid).catch(() => null);
    if (count !== null && count >= MAX_CAMPAIGN_MEMBERS) throw new CampaignError(CAMPAIGN_FULL);
    const batch = writeBatch(this.db);
    batch.set(doc(this.db, 'campaigns', cid, 'members', this.uid), { uid: this.uid, name: this.memberName(), joinedAt: serverTimestamp(), invite: code });
    batch.set(this.countRef(cid), { count: increment(1), last: this.uid }, { merge: true });
    try {
      await batch.commit();
    } catch (e) {
      if (refusedCode(e) !== 'permission-denied') throw e;
      throw new CampaignError(await this.whyRefused(cid, code));
    }
  }

  /** Why a join was refused, from what the person may read: each sentence only when it holds. */
  private async whyRefused(cid: string, code: string): Promise<string> {
    const gone = await this.deletedRecord(cid).catch(() => null);
    if (gone) return `The campaign “${gone.name}” was deleted by its game master.`;
    const invite = await this.readInvite(cid, code).catch(() => null);
    if (!invite) return 'This invite has expired or was withdrawn: ask the game master for a new link.';
    if (await this.wasRemoved(cid).catch(() => false)) return REMOVED_FROM_CAMPAIGN;
    const count = await this.memberCount(cid).catch(() => undefined);
    if (typeof count === 'number' && count >= MAX_CAMPAIGN_MEMBERS) return CAMPAIGN_FULL;
    if (count === null) return 'This campaign cannot take new players yet: its game master needs to make a new invite first.';
    return 'The campaign refused to add you (your account may be in the middle of being deleted): sign in again and retry.';
  }

  /** Leaves the campaign: this person's characters come off it first, then their entry, with the count one down. */
  async leave(cid: string): Promise<void> {
    await this.detachAll(cid, this.uid);
    await this.dropEntry(cid, this.uid, false);
  }

  /**
   * The game master removes a member and their characters' shared copies.
   * The removal is marked (`removed/{uid}`): the invite link they had no
   * longer admits them; a new invite, or `readmit`, does.
   */
  async remove(cid: string, memberUid: string): Promise<void> {
    await this.detachAll(cid, memberUid);
    await this.dropEntry(cid, memberUid, true);
  }

  /** The game master takes a removal back: the invite links still valid admit that person again. */
  async readmit(cid: string, memberUid: string): Promise<void> {
    await deleteDoc(doc(this.db, 'campaigns', cid, 'removed', memberUid));
  }

  /** An entry goes with the count one down (a campaign from before counts has none to change), in one commit. */
  private async dropEntry(cid: string, uid: string, removal: boolean): Promise<void> {
    const counted = (await getDoc(this.countRef(cid)).catch(() => null))?.exists() ?? false;
    const batch = writeBatch(this.db);
    batch.delete(doc(this.db, 'campaigns', cid, 'members', uid));
    if (removal) batch.set(doc(this.db, 'campaigns', cid, 'removed', uid), { removedAt: serverTimestamp() });
    if (counted) batch.update(this.countRef(cid), { count: increment(-1), last: uid });
    await batch.commit();
  }

  private async detachAll(cid: string, owner: string): Promise<void> {
    const snap = await getDocs(query(this.sub(cid, 'characters'), where('owner', '==', owner)));
    await Promise.all(snap.docs.map((d) => deleteDoc(d.ref)));
  }

  /** Shares a character as it stands; attaching again replaces the shared copy. Never writes the player's own document. */
  async attach(cid: string, character: NucleusDocument): Promise<void> {
    if (character.kind !== 'character') throw new CampaignError('Only characters can be attached to a campaign.');
    try {
      await setDoc(doc(this.db, 'campaigns', cid, 'characters', character.id), { owner: this.uid, name: character.name.slice(0, 300), json: JSON.stringify(character), updatedAt: serverTimestamp() });
    } catch (e) {
      if (refusedCode(e) !== 'permission-denied') throw e;
      await this.campaign(cid); // says so if this person is no longer a member
      throw new CampaignError('Another player already shares a character with this id here: duplicate yours and attach the copy.');
    }
  }

  /**
   * Keeps the shared copies of this person's character in step with their
   * sheet: in every campaign they belong to where that character is shared
   * by them, a copy that differs is replaced (a game master's hero made from
   * it follows). Returns how many copies were written. One read per
   * campaign; nothing is written where the copy already matches.
   */
  async keepSharedInStep(character: NucleusDocument): Promise<number> {
    if (character.kind !== 'character') return 0;
    const json = JSON.stringify(character);
    const ids = (await getDocs(query(collectionGroup(this.db, 'members'), where('uid', '==', this.uid)))).docs.map((d) => d.ref.parent.parent!.id);
    let written = 0;
    for (const cid of ids) {
      const ref = doc(this.db, 'campaigns', cid, 'characters', character.id);
      const copy = await getDoc(ref).catch(() => null);
      if (!copy?.exists() || copy.data().owner !== this.uid || copy.data().json === json) continue;
      await setDoc(ref, { owner: this.uid, name: character.name.slice(0, 300), json, updatedAt: serverTimestamp() });
      written++;
    }
    return written;
  }

  async detach(cid: string, characterId: string): Promise<void> {
    await deleteDoc(doc(this.db, 'campaigns', cid, 'characters', characterId));
  }

  async characters(cid: string): Promise<SharedCharacter[]> {
    const snap = await this.guarded(cid, () => getDocs(this.sub(cid, 'characters')));
    return snap.docs.map((d) => sharedCharacter(d.id, d.data()));
  }

  /** Follows the campaign's characters live; `onGone` hears a sentence when access ends. */
  watchCharacters(cid: string, onChange: (characters: SharedCharacter[]) => void, onGone: (sentence: string) => void): Unsubscribe {
    return onSnapshot(
      this.sub(cid, 'characters'),
      (snap) => onChange(snap.docs.map((d) => sharedCharacter(d.id, d.data()))),
      (e) => void this.guarded(cid, () => Promise.reject(e)).catch((err: Error) => onGone(err.message)),
    );
  }

  /**
   * Deletes the campaign: first a record its members will find, then every
   * shared entry, the campaign last (the rules ask it who the game master
   * is). Members keep their own characters.
   */
  async deleteCampaign(cid: string): Promise<void> {
    const campaign = await this.campaign(cid);
    // A deletion stopped halfway already left the record (the rules never rewrite one): the next run goes on from there.
    if (!(await this.deletedRecord(cid))) {
      await setDoc(doc(this.db, 'deletedCampaigns', cid), { name: campaign.name, gm: this.uid, deletedAt: serverTimestamp() });
    }
    const refs: DocumentReference[] = [];
    for (const name of ['invites', 'characters', 'secrets', 'removed', 'packs']) refs.push(...(await getDocs(this.sub(cid, name))).docs.map((d) => d.ref));
    for (const live of (await getDocs(this.sub(cid, 'live'))).docs) {
      refs.push(...(await getDocs(collection(live.ref, 'heroes'))).docs.map((d) => d.ref), live.ref);
    }
    // Members last but the game master's own entry, so the game master can still list what is left.
    const members = (await getDocs(this.sub(cid, 'members'))).docs;
    refs.push(...members.filter((m) => m.id !== this.uid).map((m) => m.ref), ...members.filter((m) => m.id === this.uid).map((m) => m.ref));
    refs.push(this.countRef(cid), this.campaignRef(cid));
    for (let i = 0; i < refs.length; i += BATCH) {
      const batch = writeBatch(this.db);
      for (const ref of refs.slice(i, i + BATCH)) batch.delete(ref);
      await batch.commit();
    }
  }

  /**
   * This person's part in every campaign, as the server has it now (a
   * cached answer could miss a campaign joined on another device a moment
   * ago): the campaigns they run, found by `gm` so that one whose deletion
   * stopped after the game master's own entry went is still found, and the
   * ones they only belong to.
   */
  private async parts(): Promise<{ running: string[]; joined: string[] }> {
    const [run, entries] = await Promise.all([
      getDocsFromServer(query(collection(this.db, 'campaigns'), where('gm', '==', this.uid))),
      getDocsFromServer(query(collectionGroup(this.db, 'members'), where('uid', '==', this.uid))),
    ]);
    const running = run.docs.map((d) => d.id);
    const joined = entries.docs.map((d) => d.ref.parent.parent!.id).filter((cid) => !running.includes(cid));
    return { running, joined };
  }

  /**
   * Ends this person's part in every campaign, for the deletion of their
   * account: each campaign they run is deleted (its members find the
   * record), every other one they leave, their shared characters with them.
   * Each step is one a later run can repeat or skip, so a run cut short is
   * finished by the next. The account's tombstone stands meanwhile, so no
   * device can start or join a campaign under it; a last look makes sure.
   * @throws CampaignError when something is still there after the clean-up; a Firestore error as it comes
   */
  async endAll(): Promise<{ deleted: number; left: number }> {
    const { running, joined } = await this.parts();
    for (const cid of running) await this.deleteCampaign(cid);
    for (const cid of joined) await this.leave(cid);
    const rest = await this.parts();
    if (rest.running.length + rest.joined.length > 0) {
      throw new CampaignError('Your campaigns could not all be closed (another device is still joining or starting one). Close Nucleus on your other devices and try again.');
    }
    return { deleted: running.length, left: joined.length };
  }

  /** Who deleted the campaign, said to this person (its game master reads that they did), or null while it stands. */
  async deletedSentence(cid: string): Promise<string | null> {
    const gone = await this.deletedRecord(cid).catch(() => null);
    if (!gone) return null;
    return gone.gm === this.uid ? `You deleted the campaign “${gone.name}”.` : `The campaign “${gone.name}” was deleted by its game master.`;
  }

  /** The record a deleted campaign leaves (its name, and who ran it), or null. */
  async deletedRecord(cid: string): Promise<{ name: string; gm: string } | null> {
    const snap = await getDoc(doc(this.db, 'deletedCampaigns', cid));
    return snap.exists() ? { name: snap.data().name, gm: snap.data().gm } : null;
  }

}

function sharedCharacter(id: string, data: Record<string, unknown>): SharedCharacter {
  let document: NucleusDocument | null = null;
  try {
    document = loadDocument(JSON.parse(String(data.json)));
  } catch {
    // A copy saved by a newer Nucleus, or damaged: shown by name only.
  }
  return { id, owner: String(data.owner), name: String(data.name), document };
}
