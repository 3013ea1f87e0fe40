/**
 * The widget bundle at `/widget/…` (from `npm run build`), loadable by any
 * page with one script tag: module scripts are fetched with CORS, so every
 * origin may read these public files (without credentials). The build writes
 * a gzip and a Brotli copy beside each file; a browser that accepts one gets
 * it as it is (`Content-Encoding`, `Vary: Accept-Encoding`), no compression
 * per request.
 */
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Chunk names carry a content hash (`chunks/name-Ab12Cd34.js`), the phone metadata's folder the
 * version of libphonenumber-js it came from (`chunks/phone-metadata-1.13.16/phone-44.js`); entry
 * files keep stable names.
 */
const HASHED_FILE =
  /(?:-[A-Za-z0-9_-]{8,}|\/phone-metadata-\d+\.\d+\.\d+\/phone-\d+)\.js(?:\.map)?(?:\.gz|\.br)?$/;

/** Serves `dir` at `/widget/`; resolves to false (and serves nothing) when it was not built. */
export async function widgetAssetRoutes(app: FastifyInstance, dir: string): Promise<boolean> {
  if (!existsSync(dir)) return false;
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/widget/',
    decorateReply: false,
    index: false,
    // `x.js.br` or `x.js.gz` for `x.js` when the request accepts it; `x.js` otherwise.
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header('access-control-allow-origin', '*');
      reply.header('cross-origin-resource-policy', 'cross-origin');
      reply.header(
        'cache-control',
        HASHED_FILE.test(path)
          ? 'public, max-age=31536000, immutable'
          : 'public, max-age=300, must-revalidate',
      );
    },
  });
  return true;
}
