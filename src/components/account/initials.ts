/** Up to two letters for an avatar without a photo: the name's words, else the e-mail's local part. */
import type { AccountUser } from '../../auth/types';

export function initialsOf(user: Pick<AccountUser, 'displayName' | 'email'>): string {
  const source = (user.displayName || user.email || '?').trim();
  const words = source.replace(/@.*$/, '').split(/[\s._-]+/).filter(Boolean);
  const letters = words.length >= 2 ? words[0][0] + words[1][0] : (words[0] ?? '?').slice(0, 2);
  return letters.toUpperCase();
}
