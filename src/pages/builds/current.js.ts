import type { APIRoute } from 'astro';
import { currentFile } from '../../build/dataFiles';

/** The running build's id and integrity, loaded by every page (src/db/running-build.ts). */
export const GET: APIRoute = () => new Response(currentFile(), { headers: { 'content-type': 'text/javascript; charset=utf-8' } });
