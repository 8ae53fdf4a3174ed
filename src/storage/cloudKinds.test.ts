/** Which kinds the cloud keeps among a player's documents: what firestore.rules lists, said before anything is sent. */
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { CLOUD_KINDS, CloudLimitError, cloudLimitProblem } from './cloud';
import { DOCUMENT_KINDS, packSchema } from '../rules';
import { base, weapon } from '../rules/testing';

describe('kinds the cloud keeps', () => {
  it('are exactly the kinds firestore.rules lets a player save', () => {
    const listed = /d\.kind in \[([^\]]*)\]/.exec(readFileSync('firestore.rules', 'utf8'))?.[1];
    expect(listed?.split(',').map((k) => k.trim().replace(/'/g, ''))).toEqual([...CLOUD_KINDS]);
  });

  it('a pack stays on the device with a sentence instead of a refused write, until the cloud keeps packs', () => {
    const pack = packSchema.parse({ ...base, kind: 'pack', name: 'Neon Nights' });
    expect(DOCUMENT_KINDS.filter((k) => !CLOUD_KINDS.includes(k))).toEqual(['pack']);
    expect(new CloudLimitError(pack.name, cloudLimitProblem(pack)!).message).toBe(
      '"Neon Nights" cannot be kept in the cloud: the cloud does not keep packs among your documents yet. It stays on this device; change that and it syncs again.',
    );
    expect(cloudLimitProblem(weapon())).toBeNull();
  });
});
