import type { APIRoute } from 'astro';
import { getContentDatabase } from '../content/database';

/** The content database (sql.js/SQLite): pages, navigation, catalogues, search. */
export const GET: APIRoute = async () => {
  const { bytes } = await getContentDatabase();
  return new Response(bytes, { headers: { 'content-type': 'application/vnd.sqlite3' } });
};
