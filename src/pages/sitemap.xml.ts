import type { APIRoute } from 'astro';
import { getSite } from '../build/site';
import { sitemapPaths, sitemapXml } from '../content';

/** Every published page, for search engines (content/sitemap.ts). */
export const GET: APIRoute = ({ site }) =>
  new Response(sitemapXml(sitemapPaths(getSite()), site!), { headers: { 'content-type': 'application/xml' } });
