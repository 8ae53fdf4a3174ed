import type { APIRoute } from 'astro';
import { getSite } from '../../content/load';
import { buildMeta } from '../../content/buildInfo';

/** `{ id, timestamp }` of this build, polled by open tabs (SPEC §7). */
export const GET: APIRoute = () => {
  const { id, timestamp } = buildMeta(getSite());
  return new Response(JSON.stringify({ id, timestamp }), { headers: { 'content-type': 'application/json' } });
};
