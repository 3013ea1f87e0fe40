/**
 * The browser application of the oidc-client-ts test, on a loopback origin of its own: one page
 * at every path (`/`, `/callback`, `/signed-out`) running `spa-page.ts`, bundled with esbuild in
 * memory with the real `oidc-client-ts` from node_modules.
 */
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { build } from 'esbuild';
import { listenOnLoopback } from '../../../server/test/ports.js';
import type { SpaConfig } from './spa-page.js';

/** A running application site. */
export interface SpaSite {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  close(): Promise<void>;
}

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [join(import.meta.dirname, 'spa-page.ts')],
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const [file] = result.outputFiles;
  if (!file) throw new Error('no bundle');
  return file.text;
}

/**
 * Serves the application; `config` is asked on each request, for an identity provider started
 * after the site (whose client registers the site's origin).
 */
export async function serveSpaSite(config: () => SpaConfig): Promise<SpaSite> {
  const script = await bundle();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    if (path === '/spa.js') {
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' });
      response.end(script);
      return;
    }
    const json = JSON.stringify(config()).replaceAll('<', '\\u003c');
    response.writeHead(200, {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
    });
    response.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>Party Planner</title><script>window.spaConfig = ${json};</script><script type="module" src="/spa.js"></script></head><body><h1>Party Planner</h1><p id="outcome" role="status"></p></body></html>`,
    );
  });
  return {
    origin: await listenOnLoopback(server),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
