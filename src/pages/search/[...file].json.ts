import type { APIRoute, GetStaticPaths } from 'astro';
import { searchFile, searchPartPaths } from '../../build/dataFiles';

/** The search index's part files: `/search/{index}/{postings|pages|texts}-{k}.json` (src/search/format.ts). */
export const getStaticPaths: GetStaticPaths = async () =>
  (await searchPartPaths()).map((path) => ({ params: { file: path.slice('/search/'.length, -'.json'.length) }, props: { path } }));

export const GET: APIRoute = async ({ props }) =>
  new Response(await searchFile((props as { path: string }).path), { headers: { 'content-type': 'application/json' } });
