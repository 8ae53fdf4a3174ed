/**
 * An in-memory Cache Storage for unit tests: Node has Request and Response
 * but no `caches`. Keys are URLs (no Vary, no options beyond these tests'
 * needs); bodies are kept as the Response given, cloned on each read.
 */
export class MemoryCache implements Pick<Cache, 'put' | 'match' | 'keys' | 'delete'> {
  readonly entries = new Map<string, Response>();

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    // Like the browser's: the body is read in full before the put resolves.
    const body = await response.arrayBuffer();
    this.entries.set(urlOf(request), new Response(body, { status: response.status, headers: response.headers }));
  }

  async match(request: RequestInfo | URL): Promise<Response | undefined> {
    return this.entries.get(urlOf(request))?.clone();
  }

  async keys(): Promise<readonly Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(urlOf(request));
  }
}

/** The Cache Storage calls the copy and the worker's lookup make (`open` gives the cache with the calls above). */
export class MemoryCacheStorage {
  readonly caches = new Map<string, MemoryCache>();

  async open(name: string): Promise<MemoryCache> {
    if (!this.caches.has(name)) this.caches.set(name, new MemoryCache());
    return this.caches.get(name)!;
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }
}

function urlOf(request: RequestInfo | URL): string {
  return typeof request === 'string' ? request : request instanceof URL ? request.href : request.url;
}
