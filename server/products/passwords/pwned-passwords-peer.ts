/**
 * A local stand-in for Have I Been Pwned's Pwned Passwords range API, for tests: `GET
 * /range/{5 hex}` answers `SUFFIX:COUNT` lines (CRLF, upper-case hex) for the passwords it was
 * given, plus zero-count padding lines when asked with `Add-Padding: true`, as the real API
 * does. It records every path it was asked for.
 */
import { createHash } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';

/** A running peer. */
export interface PwnedPasswordsPeer {
  url: string;
  /** Every request: its path and headers. */
  requests: Array<{ path: string; headers: IncomingHttpHeaders }>;
  close(): Promise<void>;
}

/** Starts a peer that knows `breached` (password → times seen). */
export async function startPwnedPasswordsPeer(
  breached: Record<string, number>,
): Promise<PwnedPasswordsPeer> {
  const byPrefix = new Map<string, string[]>();
  for (const [password, count] of Object.entries(breached)) {
    const sha1 = createHash('sha1').update(password, 'utf8').digest('hex').toUpperCase();
    const lines = byPrefix.get(sha1.slice(0, 5)) ?? [];
    lines.push(`${sha1.slice(5)}:${count}`);
    byPrefix.set(sha1.slice(0, 5), lines);
  }
  const requests: PwnedPasswordsPeer['requests'] = [];
  const server = createServer((request, response) => {
    const path = request.url ?? '';
    requests.push({ path, headers: request.headers });
    const match = /^\/range\/([0-9A-Fa-f]{5})$/.exec(path);
    if (request.method !== 'GET' || !match?.[1]) {
      response
        .writeHead(400, { 'content-type': 'text/plain' })
        .end('The hash prefix was not in a valid format');
      return;
    }
    const lines = [...(byPrefix.get(match[1].toUpperCase()) ?? [])];
    if (request.headers['add-padding'] === 'true') {
      for (let i = 0; i < 5; i++)
        lines.push(`${'0'.repeat(30)}${i.toString(16).padStart(5, 'F')}:0`);
    }
    response.writeHead(200, { 'content-type': 'text/plain' }).end(lines.join('\r\n'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    requests,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
