import type { APIRoute, GetStaticPaths } from 'astro';
import { searchFile, searchShardPaths } from '../../build/dataFiles';

/** The search index shards and their section texts: `/search/{shard}.json`, `/search/{shard}.text.json`. */
export const getStaticPaths: GetStaticPaths = async () =>
  (await searchShardPaths()).map((path) => ({ params: { file: path.slice('/search/'.length, -'.json'.length) }, props: { path } }));

export const GET: APIRoute = async ({ props }) =>
  new Response(await searchFile((props as { path: string }).path), { headers: { 'content-type': 'application/json' } });
