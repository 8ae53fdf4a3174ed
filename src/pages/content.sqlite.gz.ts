import type { APIRoute } from 'astro';
import { databaseFile } from '../build/dataFiles';
import { buildContext } from '../build/context';

/**
 * The content database (sql.js/SQLite; pages, navigation, catalogues,
 * search), gzipped: src/db/file.ts says why and how the browser reads it.
 */
export const GET: APIRoute = async () =>
  // The static API answers are handed over to src/build/output.ts.
  new Response(await databaseFile(buildContext()), { headers: { 'content-type': 'application/gzip' } });
