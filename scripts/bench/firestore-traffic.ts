/**
 * Counts a page's Firestore document writes and reads as Firestore bills
 * them, from the page's own traffic to the emulator (the SDK speaks
 * WebChannel and plain RPCs over XMLHttpRequest):
 *
 * The SDK speaks WebChannel over fetch streams (and XMLHttpRequest where it
 * falls back); both are wrapped. Each count goes to the bench at once
 * through an exposed function, so a page that navigates loses none.
 *
 * - a write: each `update` or `delete` in a Write stream message or a
 *   transaction's Commit (a server timestamp rides in its write: no extra);
 * - a read: each document a listener or a one-time read delivers
 *   (`documentChange` on the Listen stream), each document a transaction
 *   reads (`found`/`missing` of BatchGetDocuments), each document a query
 *   in a transaction returns (RunQuery), and one per aggregation.
 *
 * Not counted: the one read Firestore bills for a query that returns
 * nothing. `installTraffic` runs in the page (an init script), after
 * `countTraffic` exposed the function it reports to.
 */

export interface Traffic {
  writes: string[];
  reads: string[];
}

/** The in-page counter: wraps XMLHttpRequest before any script of the page runs. */
export function installTraffic(): void {
  const report = (window as unknown as { __firestoreCount: (kind: 'write' | 'read', path: string) => void }).__firestoreCount;
  const traffic = { writes: { push: (p: string) => void report('write', p) }, reads: { push: (p: string) => void report('read', p) } };
  const DOC = String.raw`projects\/[^/]+\/databases\/[^/]+\/documents\/([^"]+)`;
  const WRITE = [new RegExp(String.raw`"update"\s*:\s*\{\s*"name"\s*:\s*"${DOC}"`, 'g'), new RegExp(String.raw`"delete"\s*:\s*"${DOC}"`, 'g')];
  const LISTEN = [new RegExp(String.raw`"documentChange"\s*:\s*\{\s*"document"\s*:\s*\{\s*"name"\s*:\s*"${DOC}"`, 'g')];
  const BATCH_GET = [new RegExp(String.raw`"found"\s*:\s*\{\s*"name"\s*:\s*"${DOC}"`, 'g'), new RegExp(String.raw`"missing"\s*:\s*"${DOC}"`, 'g')];
  const RUN_QUERY = [new RegExp(String.raw`"document"\s*:\s*\{\s*"name"\s*:\s*"${DOC}"`, 'g')];

  /** The request body's JSON: a WebChannel message is form-encoded (`req0___data__=…`). */
  const bodyText = (body: unknown): string => {
    if (typeof body !== 'string') return '';
    if (!/(^|&)req\d+___data__=/.test(body)) return body;
    return [...new URLSearchParams(body).entries()].filter(([k]) => k.endsWith('__data__')).map(([, v]) => v).join('\n');
  };
  /** Matches that end past `from` (a response grows as the stream delivers; earlier ones were counted). */
  const collect = (text: string, from: number, patterns: RegExp[], into: { push(p: string): void }, prefix = '') => {
    for (const p of patterns) {
      for (const m of text.matchAll(p)) if (m.index! + m[0].length > from) into.push(prefix + m[1]);
    }
  };

  const readsOf = (url: string) => (/\/Listen\/channel/.test(url) ? LISTEN : /:batchGet\b/.test(url) ? BATCH_GET : /:runQuery\b/.test(url) ? RUN_QUERY : null);
  const fetched = window.fetch.bind(window);
  window.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (/\/Write\/channel|:commit\b/.test(url)) {
      // WebChannel's fetch passes a Request, whose body is read from a copy.
      const body = init?.body ?? (input instanceof Request ? await input.clone().text().catch(() => '') : undefined);
      collect(bodyText(body), -1, WRITE, traffic.writes);
    }
    const response = await fetched(input, init);
    if (/:runAggregationQuery\b/.test(url)) traffic.reads.push('(aggregation)');
    const reads = readsOf(url);
    if (reads && response.body) {
      // A copy of the stream, read as it arrives; the SDK reads the original.
      const reader = response.clone().body!.getReader();
      const decoder = new TextDecoder();
      let text = '';
      void (async () => {
        for (;;) {
          const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
          if (done) return;
          const seen = text.length;
          text += decoder.decode(value, { stream: true });
          collect(text, seen, reads, traffic.reads);
        }
      })();
    }
    return response;
  };

  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest & { __url?: string }, method: string, url: string | URL, ...rest: unknown[]) {
    this.__url = String(url);
    return (open as (...a: unknown[]) => void).call(this, method, url, ...rest);
  } as typeof XMLHttpRequest.prototype.open;
  XMLHttpRequest.prototype.send = function (this: XMLHttpRequest & { __url?: string }, body?: Document | XMLHttpRequestBodyInit | null) {
    const url = this.__url ?? '';
    if (/\/Write\/channel|:commit\b/.test(url)) collect(bodyText(body), -1, WRITE, traffic.writes);
    const reads = readsOf(url);
    if (/:runAggregationQuery\b/.test(url)) this.addEventListener('load', () => traffic.reads.push('(aggregation)'));
    if (reads) {
      let seen = 0;
      const scan = () => {
        let text = '';
        try {
          text = this.responseText;
        } catch {
          return;
        }
        if (text.length === seen) return;
        collect(text, seen, reads, traffic.reads);
        seen = text.length;
      };
      this.addEventListener('readystatechange', scan);
      this.addEventListener('progress', scan);
    }
    return send.call(this, body);
  };
}

/** Counts a context's pages' traffic (call before its first page, then add `installTraffic` as an init script). */
export async function countTraffic(context: import('@playwright/test').BrowserContext): Promise<Traffic> {
  const traffic: Traffic = { writes: [], reads: [] };
  await context.exposeFunction('__firestoreCount', (kind: 'write' | 'read', path: string) => void (kind === 'write' ? traffic.writes : traffic.reads).push(path));
  return traffic;
}

/** What was counted so far; the count starts again from nothing. */
export function takeTraffic(traffic: Traffic): Traffic {
  return { writes: traffic.writes.splice(0), reads: traffic.reads.splice(0) };
}

/** A document path as a row of docs/accounts.md's table: `campaigns/…/live/…/heroes/…` and so on. */
export function pathKind(path: string): string {
  const parts = path.replace(/^delete /, '').split('/');
  // Collection names stay, document ids become "…".
  const kind = parts.map((p, i) => (i % 2 === 0 ? p : '…')).join('/');
  return (path.startsWith('delete ') ? 'delete ' : '') + kind;
}

/** Counts by kind of document, most first. */
export function tally(paths: string[]): [string, number][] {
  const by = new Map<string, number>();
  for (const p of paths) by.set(pathKind(p), (by.get(pathKind(p)) ?? 0) + 1);
  return [...by.entries()].sort((a, b) => b[1] - a[1]);
}
