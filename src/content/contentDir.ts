/** The content folder a build or the development server reads: NUCLEUS_CONTENT_DIR, else content/. Node only. */
import { resolve } from 'node:path';

export function contentDirFromEnv(): string {
  return resolve(process.env.NUCLEUS_CONTENT_DIR || 'content');
}
