/**
 * The demo page at `/demo/` (`dist/demo`, built by `npm run build`): the widget playground for
 * developers. `/demo` redirects to `/demo/` with its query (the settings of a shared link).
 * Hashed assets are cached for good; the page itself is revalidated on every visit. The build
 * writes a gzip and a Brotli copy beside each file, sent as they are to a browser that takes them.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ROOT_DIR } from '../paths.js';

/** Where `npm run build` puts the demo. */
export const DEFAULT_DEMO_DIR = join(ROOT_DIR, 'dist', 'demo');

/** Where the demo is served. */
export const DEMO_PREFIX = '/demo/';

/** Assets carry a content hash in their names (`assets/index-Ab12Cd34.js`). */
const HASHED_ASSET = /\/assets\/[^/]+-[A-Za-z0-9_-]{8,}\.[a-z]+(?:\.map)?(?:\.gz|\.br)?$/;

type Encoding = 'br' | 'gzip' | 'identity';

/** The page in each encoding the build wrote, read once. */
function readPage(dir: string): { etag: string } & Partial<Record<Encoding, Buffer>> {
  const path = join(dir, 'index.html');
  const identity = readFileSync(path);
  const copy = (suffix: string) =>
    existsSync(`${path}${suffix}`) ? readFileSync(`${path}${suffix}`) : undefined;
  const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 22)}"`;
  const br = copy('.br');
  const gzip = copy('.gz');
  return { etag, identity, ...(br ? { br } : {}), ...(gzip ? { gzip } : {}) };
}

/** Serves `dir` at `/demo/`; resolves to false (and serves nothing) when it was not built. */
export async function demoRoutes(app: FastifyInstance, dir: string): Promise<boolean> {
  if (!existsSync(join(dir, 'index.html'))) return false;
  const page = readPage(dir);

  // The page by hand: @fastify/static cannot send a directory's pre-compressed index.
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .header('etag', page.etag);
    const ifNoneMatch = request.headers['if-none-match'];
    if (
      typeof ifNoneMatch === 'string' &&
      ifNoneMatch.split(',').some((t) => t.trim() === page.etag)
    )
      return reply.code(304).send();
    const accepted = String(request.headers['accept-encoding'] ?? '').toLowerCase();
    const encoding: Encoding =
      page.br && /\bbr\b/.test(accepted)
        ? 'br'
        : page.gzip && /\bgzip\b/.test(accepted)
          ? 'gzip'
          : 'identity';
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply.send(page[encoding]);
  };
  app.get(DEMO_PREFIX, sendPage);
  app.get(`${DEMO_PREFIX}index.html`, sendPage);
  app.get(DEMO_PREFIX.slice(0, -1), async (request, reply) => {
    const query = request.url.indexOf('?');
    return reply.redirect(`${DEMO_PREFIX}${query < 0 ? '' : request.url.slice(query)}`, 301);
  });

  await app.register(fastifyStatic, {
    root: dir,
    prefix: DEMO_PREFIX,
    decorateReply: false,
    index: false,
    preCompressed: true,
    setHeaders(reply, path) {
      reply.header(
        'cache-control',
        HASHED_ASSET.test(path.replaceAll('\\', '/'))
          ? 'public, max-age=31536000, immutable'
          : 'no-cache',
      );
    },
  });
  return true;
}
