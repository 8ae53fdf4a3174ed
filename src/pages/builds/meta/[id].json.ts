import type { APIRoute, GetStaticPaths } from 'astro';
import { getSite } from '../../../build/site';
import { buildMeta } from '../../../build/info';
import { metaFile } from '../../../build/dataFiles';
import { buildContext } from '../../../build/context';

/** The build manifest: `builds/meta/{buildId}.json` (fields in BuildMeta). */
export const getStaticPaths: GetStaticPaths = () => [{ params: { id: buildMeta(getSite()).id } }];

export const GET: APIRoute = () => new Response(metaFile(buildContext()).text, { headers: { 'content-type': 'application/json' } });
