import type { APIRoute } from 'astro';
import { readFileSync } from 'node:fs';
import { sqlWasmPath } from '../build/database';

/** sql.js's WebAssembly, served by the site itself (no CDN). */
export const GET: APIRoute = () => new Response(readFileSync(sqlWasmPath()), { headers: { 'content-type': 'application/wasm' } });
