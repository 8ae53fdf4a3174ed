import type { APIRoute } from 'astro';
import { latestFile } from '../../build/dataFiles';

/** `{ id, timestamp }` of this build, polled by open tabs (SPEC §7). */
export const GET: APIRoute = () => new Response(latestFile(), { headers: { 'content-type': 'application/json' } });
