/**
 * The widget bundle at `/widget/…` (from `npm run build`), loadable by any
 * page with one script tag: module scripts are fetched with CORS, so every
 * origin may read these public files (without credentials).
 */
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Serves `dir` at `/widget/`; resolves to false (and serves nothing) when it was not built. */
export async function widgetAssetRoutes(app: FastifyInstance, dir: string): Promise<boolean> {
  if (!existsSync(dir)) return false;
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/widget/',
    decorateReply: false,
    index: false,
    setHeaders(reply, path) {
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
      // Chunks carry a content hash in their names; entry files keep stable names.
      const hashed = /-[A-Za-z0-9_-]{8,}\.js$/.test(path);
      reply.header(
        'cache-control',
        hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=300, must-revalidate',
      );
    },
  });
  return true;
}
