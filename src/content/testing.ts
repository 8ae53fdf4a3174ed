/** Test helpers: throw-away folders, and content folders written from `{ path: text }`. */
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';

const scratch: string[] = [];

/**
 * A new folder under the system's temporary folder, removed when the test
 * process ends (the suites ran thousands of them into /tmp and left them).
 */
export function scratchDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
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
