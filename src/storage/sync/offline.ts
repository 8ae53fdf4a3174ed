/**
 * When a cloud call counts as "offline" (the run stops quietly and the
 * queue waits) rather than as a failure the user is told of.
 */

/** The cloud did not answer in time. */
export class OfflineError extends Error {}

/** Firestore's codes for "no connection", as opposed to a refusal or a bug. */
const OFFLINE_CODES = new Set(['unavailable', 'deadline-exceeded', 'cancelled']);

export function isOffline(e: unknown): boolean {
  return e instanceof OfflineError || OFFLINE_CODES.has((e as { code?: string } | null)?.code ?? '');
}

/** A cloud call that gives up (as offline) after `timeoutMs` instead of hanging. */
export function withTimeout<T>(p: Promise<T>, timeoutMs: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const t = setTimeout(() => reject(new OfflineError('The cloud did not answer in time.')), timeoutMs);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e) => (clearTimeout(t), reject(e)),
    );
  });
}
