/**
 * The unit tests that build whole sites (scripts/incremental.test.ts,
 * scripts/failed-build.test.ts) hold this lock for all their builds, so
 * vitest's parallel files never run them side by side: each file's checks
 * follow its own builds from one to the next (a content-only rebuild after a
 * full one, a failure after a good build), and builds of one project folder
 * share more than Astro's `.astro/` (which scripts/build.ts locks per
 * build). The other test files run meanwhile. The tests start builds with
 * spawnSync, which stops the timer that keeps a lock fresh: so a lock is
 * stale only after 15 minutes, longer than any build of theirs (one left by
 * a killed run holds the next one back that long at most; an ended or
 * interrupted run removes it). On a busy machine the builds of one test,
 * back to back in spawnSync, can block the timer past those 15 minutes:
 * proper-lockfile then calls the lock compromised and, by default, throws
 * from its timer and fails the release. The lock only orders our own two
 * files, so that is no fault: it is said in a line, and the release of a
 * lock already let go is a no-op.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import lockfile from 'proper-lockfile';

export async function holdSiteBuildTests(): Promise<() => Promise<void>> {
  const dir = resolve('node_modules/.cache');
  mkdirSync(dir, { recursive: true });
  const release = await lockfile.lock(dir, {
    lockfilePath: join(dir, 'site-build-tests.lock'),
    stale: 15 * 60_000,
    retries: { forever: true, minTimeout: 500, maxTimeout: 2000 },
    onCompromised: (e) => console.warn(`[nucleus] the site-build tests' lock went stale while builds blocked its timer (${e.message}); going on`),
  });
  return () => release().catch(() => {});
}
