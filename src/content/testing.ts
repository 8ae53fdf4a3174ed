/** Test helpers: throw-away folders, and content folders written from `{ path: text }`. */
import { existsSync, mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';

const scratch: string[] = [];

/**
 * A new folder for one test's files. Under vitest it is made inside the run's
 * own folder (`NUCLEUS_SCRATCH_DIR`, tests/unit-setup.ts), which is removed
 * when the run ends: vitest stops its workers without an `exit` event, so
 * folders removed on exit alone were left behind in /tmp. Elsewhere it is a
 * folder under the system's temporary folder, removed when the process exits.
 */
export function scratchDir(prefix: string): string {
  const run = process.env.NUCLEUS_SCRATCH_DIR;
  const dir = mkdtempSync(join(run && existsSync(run) ? run : tmpdir(), prefix));
  if (scratch.length === 0) process.once('exit', () => scratch.forEach((d) => rmSync(d, { recursive: true, force: true })));
  scratch.push(dir);
  return dir;
}

export function writeCorpus(files: Record<string, string>): string {
  const dir = scratchDir('nucleus-content-');
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

export function page(frontmatter: Record<string, unknown> | string, body = ''): string {
  const fm =
    typeof frontmatter === 'string'
      ? frontmatter
      : Object.entries(frontmatter)
          .map(([k, v]) => `${k}: ${JSON.stringify(v)}`)
          .join('\n');
  return `---\n${fm}\n---\n${body}`;
}
