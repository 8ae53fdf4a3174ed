/** Test helper: writes a throw-away content folder from `{ path: text }`. */
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { tmpdir } from 'node:os';

export function writeCorpus(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'nucleus-content-'));
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
