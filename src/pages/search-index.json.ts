import type { APIRoute } from 'astro';
import { getSite } from '../content/load';
import { siteSections } from '../content/search';
import { createSearchIndex } from '../content/searchIndex';

/** The search index: every page's sections (drafts flagged for preview). */
export const GET: APIRoute = () => {
  const site = getSite();
  return new Response(JSON.stringify(createSearchIndex(siteSections(site), site.integrity)), {
    headers: { 'content-type': 'application/json' },
  });
};
