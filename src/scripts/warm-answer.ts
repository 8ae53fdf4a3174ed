/**
 * In client-database mode a prefetched page also warms its data: the static
 * answer of the query the page names, in this tab's build. Loaded by the
 * prefetcher only in that mode, so reading pages carry none of it (issue 25).
 */
import { answerPath } from '../db/answer-path';
import { runningBuild } from '../db/running-build';
import { withBase } from '../config/base';

export async function warmAnswer(pageHtml: string, init: RequestInit): Promise<void> {
  const hash = /<meta name="nucleus-page-query" content="([0-9a-z]+)"/.exec(pageHtml)?.[1];
  if (!hash) return;
  const build = await runningBuild();
  if (build) await fetch(withBase(answerPath('query', hash, build.integrity)), init);
}
