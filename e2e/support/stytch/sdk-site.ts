/**
 * The third-party site of the Stytch-SDK tests, on a loopback origin of its own:
 * `/headless.html` (a headless `StytchClient` on `window.stytch`), `/ui.html` (Stytch's login
 * form in `#login`), `/react-ui.html` (`@stytch/react`'s `<StytchLogin>` there), their bundled
 * scripts, and the clientside-services stand-in, which is served on `localhost` rather than
 * `127.0.0.1` so that, like Stytch's own, it is a cross-origin iframe.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import type { StytchPageConfig } from './page-config.js';
import { stytchBundles } from './sdk-bundle.js';

/** A running test site. */
export interface StytchSdkSite {
  /** `http://127.0.0.1:<port>`: the origin the pages run on. */
  origin: string;
  close(): Promise<void>;
}

function page(title: string, head: string, body = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>${title}</title>${head}</head><body>${body}</body></html>`;
}

/**
 * Serves the site; `settings` is asked on each request, for a server started after the site
 * (whose list of origins must name the site's).
 */
export async function serveStytchSdkSite(
  settings: () => Pick<StytchPageConfig, 'apiUrl' | 'publicToken'>,
  options: {
    /** `production`: the SDK's minified production builds, sent gzip-compressed as a CDN would. */
    build?: 'development' | 'production';
  } = {},
): Promise<StytchSdkSite> {
  const bundles = await stytchBundles(options.build);
  const gzipped = new Map(
    options.build === 'production'
      ? [...bundles].map(([name, text]) => [name, gzipSync(text, { level: 9 })])
      : [],
  );
  let port = 0;
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://site').pathname;
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, {
        'content-type': `${type}; charset=utf-8`,
        'cache-control': 'no-store',
      });
      response.end(body);
    };
    const pageScript = /^\/(headless|ui|react-ui)\.html$/.exec(path)?.[1];
    if (pageScript) {
      const config: StytchPageConfig = {
        ...settings(),
        clientsideServicesIframeURL: `http://localhost:${port}/clientside-services/index.html`,
      };
      const json = JSON.stringify(config).replaceAll('<', '\\u003c');
      return send(
        200,
        'text/html',
        page(
          `Stytch SDK ${pageScript}`,
          `<script>window.stytchTestConfig = ${json};</script><script type="module" src="/${pageScript}.js"></script>`,
          '<h1>A page with Stytch’s SDK</h1><div id="login"></div>',
        ),
      );
    }
    if (path === '/clientside-services/index.html') {
      return send(
        200,
        'text/html',
        page(
          'clientside-services',
          '<script type="module" src="/clientside-services.js"></script>',
        ),
      );
    }
    const compressed = gzipped.get(path.slice(1));
    if (compressed && /\bgzip\b/.test(String(request.headers['accept-encoding']))) {
      response.writeHead(200, {
        'content-type': 'text/javascript; charset=utf-8',
        'content-encoding': 'gzip',
        'cache-control': 'no-store',
      });
      return response.end(compressed);
    }
    const script = bundles.get(path.slice(1));
    if (script !== undefined) return send(200, 'text/javascript', script);
    send(404, 'text/plain', 'not found');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  port = address.port;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
