import type { APIRoute } from 'astro';
import { robotsTxt } from '../content';

/** Lets every crawler in and names the sitemap (content/sitemap.ts). */
export const GET: APIRoute = ({ site }) => new Response(robotsTxt(site!), { headers: { 'content-type': 'text/plain' } });
