/** The signed-in user as the app sees it (never the Firebase object itself). */
export interface AccountUser {
  uid: string;
  email: string | null;
  displayName: string | null;
  photoURL: string | null;
  emailVerified: boolean;
  /** Sign-in providers: 'password', 'google.com', … */
  providers: string[];
}

export type AuthStatus = 'unknown' | 'signed-out' | 'signed-in' | 'unavailable';

/** Sign-in popup geometry and close-detection timing (SPEC §9). */
export const POPUP_WIDTH = 500;
export const POPUP_HEIGHT = 600;
/** After the popup is seen closed, the sign-in is rejected this long later. */
export const POPUP_CLOSED_REJECT_MS = 8000;
