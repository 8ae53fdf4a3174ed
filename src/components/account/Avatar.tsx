import { useState } from 'react';
import type { AccountUser } from '../../auth';
import { initialsOf } from './initials';

/** The account's picture, or its initials when it has none or the picture does not load. */
export function Avatar({ user, size = 'sm' }: { user: AccountUser; size?: 'sm' | 'lg' }) {
  const [broken, setBroken] = useState(false);
  if (user.photoURL && !broken) {
    return <img className={`avatar avatar-${size}`} src={user.photoURL} alt="" referrerPolicy="no-referrer" onError={() => setBroken(true)} />;
  }
  return (
    <span className={`avatar avatar-${size} avatar-initials`} aria-hidden="true">
      {initialsOf(user)}
    </span>
  );
}
