/**
 * The SDK announces sign-ins, sign-outs and token refreshes in order, but
 * reading a user's token takes a round trip: an announcement of the account
 * that began before a sign-out can finish after it, and would show the
 * account again (and write the signed-in hint back for every other tab).
 * Only the newest announcement may speak; older ones that finish late are
 * dropped.
 */
export function newestOnly<E, R>(read: (event: E) => Promise<R>, deliver: (result: R) => void): (event: E) => Promise<void> {
  let newest = 0;
  return async (event) => {
    const mine = ++newest;
    const result = await read(event);
    if (mine === newest) deliver(result);
  };
}
