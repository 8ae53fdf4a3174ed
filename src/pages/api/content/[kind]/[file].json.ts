import type { APIRoute, GetStaticPaths } from 'astro';
import { getContentDatabase } from '../../../../content/database';

/**
 * The static content API: one file per pre-rendered query,
 * `/api/content/query/{hash}.{integrity}.json`, and the navigation tree at
 * `/api/content/navigation/{hash}.{integrity}.json` (DECISIONS.md).
 */
export const getStaticPaths: GetStaticPaths = async () => {
  const { answers } = await getContentDatabase();
  return [...answers.keys()].map((path) => {
    const [, , , kind, file] = path.split('/');
    return { params: { kind: kind!, file: file!.replace(/\.json$/, '') }, props: { path } };
  });
};

export const GET: APIRoute = async ({ props }) => {
  const { answers } = await getContentDatabase();
  return new Response(answers.get((props as { path: string }).path)!, { headers: { 'content-type': 'application/json' } });
};
