import type { APIRoute } from 'astro';
import { getContentDatabase } from '../content/database';
import { handoff } from '../content/renderCache';
import { getSite } from '../content/load';
import { buildId } from '../content/buildInfo';

/** The content database (sql.js/SQLite): pages, navigation, catalogues, search. */
export const GET: APIRoute = async () => {
  const { bytes, answers } = await getContentDatabase();
  // The static API answers are written by src/integrations/build-output.ts.
  const site = getSite();
  Object.assign(handoff(), { answers, integrity: site.integrity, buildId: buildId(site) });
  return new Response(bytes, { headers: { 'content-type': 'application/vnd.sqlite3' } });
};
