import type { APIRoute } from 'astro';
import { searchFile } from '../build/dataFiles';
import { SEARCH_MANIFEST_PATH } from '../search';

/** The search index's manifest: its shards (drafts in their own, for preview mode). */
export const GET: APIRoute = async () => new Response(await searchFile(SEARCH_MANIFEST_PATH), { headers: { 'content-type': 'application/json' } });
