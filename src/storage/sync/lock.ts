/** Web Locks when the browser has them: one tab syncs at a time. */
export function browserLock(name: string): <T>(task: () => Promise<T>) => Promise<T> {
  const locks = globalThis.navigator?.locks;
  if (!locks) return (task) => task();
  return (task) => locks.request(name, () => task()) as Promise<Awaited<ReturnType<typeof task>>>;
}
