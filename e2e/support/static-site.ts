/** A throwaway web server for a page on its own origin (another port), as a third-party site. */
import { createServer, type Server } from 'node:http';
import { listenOnLoopback } from '../../server/test/ports.js';

/** A running static site. */
export interface StaticSite {
  origin: string;
  close(): Promise<void>;
}

/**
 * Serves `html` at every path from 127.0.0.1 on a free port. A function is asked on each
 * request, for a page that names something started after it (a server that must know its origin).
 */
export async function serveStaticPage(html: string | (() => string)): Promise<StaticSite> {
  const server: Server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(typeof html === 'function' ? html() : html);
  });
  return {
    origin: await listenOnLoopback(server),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
