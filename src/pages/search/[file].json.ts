import type { APIRoute, GetStaticPaths } from 'astro';
import { getContentDatabase } from '../../content/database';

/** The search index shards and their section texts: `/search/{shard}.json`, `/search/{shard}.text.json`. */
export const getStaticPaths: GetStaticPaths = async () => {
  const { search } = await getContentDatabase();
  return search.manifest.shards.flatMap((s) => [s.index, s.text]).map((path) => ({ params: { file: path.slice('/search/'.length, -'.json'.length) }, props: { path } }));
};

export const GET: APIRoute = async ({ props }) => {
  const { search } = await getContentDatabase();
  return new Response(search.files.get((props as { path: string }).path)!, { headers: { 'content-type': 'application/json' } });
};
