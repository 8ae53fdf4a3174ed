/**
 * The build's identity (DECISIONS.md "Build manifest"): the id comes from the
 * content integrity and the code version, so an unchanged rebuild keeps it and
 * open tabs are not told of a new version that is not there. Node only.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Site, PageRecord } from '../content';
import { factsOf } from '../content';

/**
 * Hidden entries (an editor's swap file, `.DS_Store`, a test's probe folder)
 * shape no output, and leaving them out keeps the version of a build steady
 * while such a file comes and goes beside it.
 */
function hashTree(hash: ReturnType<typeof createHash>, dir: string): void {
  if (!existsSync(dir)) return;
  for (const name of readdirSync(dir).sort()) {
    if (name.startsWith('.')) continue;
    const p = join(dir, name);
    if (statSync(p).isDirectory()) hashTree(hash, p);
    else if (!/\.test\.ts$/.test(name)) hash.update(name).update(readFileSync(p));
  }
}

let codeVersion: string | undefined;

/** Hash of everything that shapes the output besides content. */
export function getCodeVersion(root = resolve('.')): string {
  if (codeVersion) return codeVersion;
  const hash = createHash('sha256');
  hashTree(hash, join(root, 'src'));
  hashTree(hash, join(root, 'public'));
  for (const f of ['package-lock.json', 'astro.config.mjs']) {
    const p = join(root, f);
    if (existsSync(p)) hash.update(f).update(readFileSync(p));
  }
  hash.update(process.env.NUCLEUS_BASE ?? '/');
  codeVersion = hash.digest('hex').slice(0, 12);
  return codeVersion;
}

export function buildId(site: Pick<Site, 'integrity'>): string {
  return createHash('sha256').update(site.integrity).update(getCodeVersion()).digest('hex').slice(0, 12);
}

/** A page's hash: changes when what the reader sees of it changes. */
export function pageHash(record: PageRecord): string {
  return factsOf(record).shows;
}

export interface BuildMeta {
  /** Build id: hash of the content integrity and the code version. */
  id: string;
  /** When this build ran (ms since epoch): the one field that carries the build time. */
  timestamp: number;
  /** Hash of every content file. */
  integrity: string;
  /** Hash of the code, config and public files. */
  code: string;
  /** Every published page: path → hash of what it shows. */
  pages: Record<string, string>;
}

const metaCache = new WeakMap<Site, BuildMeta>();

/**
 * When this build ran. SOURCE_DATE_EPOCH (seconds, the reproducible-builds
 * convention; CI can set it to the commit time) makes it fixed, and then two
 * builds of one commit are identical to the byte.
 */
export function buildTimestamp(): number {
  const epoch = process.env.SOURCE_DATE_EPOCH;
  return epoch && /^\d+$/.test(epoch) ? Number(epoch) * 1000 : Date.now();
}

/** The manifest of this build, computed once per site (one timestamp per build). */
export function buildMeta(site: Site, timestamp = buildTimestamp()): BuildMeta {
  const cached = metaCache.get(site);
  if (cached) return cached;
  const pages: Record<string, string> = {};
  for (const [path, record] of site.pages) pages[path] = pageHash(record);
  const meta = { id: buildId(site), timestamp, integrity: site.integrity, code: getCodeVersion(), pages };
  metaCache.set(site, meta);
  return meta;
}
