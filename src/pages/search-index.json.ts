import type { APIRoute } from 'astro';
import { getContentDatabase } from '../content/database';

/** The search index: every page's sections (drafts flagged for preview). */
export const GET: APIRoute = async () =>
  new Response((await getContentDatabase()).searchIndex, { headers: { 'content-type': 'application/json' } });
