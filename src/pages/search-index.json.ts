import type { APIRoute } from 'astro';
import { searchFile } from '../build/dataFiles';
import { SEARCH_MANIFEST_PATH } from '../search';

/** The search index's manifest: each index's head (src/search/format.ts F1; drafts apart, for preview mode). */
export const GET: APIRoute = async () => new Response(await searchFile(SEARCH_MANIFEST_PATH), { headers: { 'content-type': 'application/json' } });
