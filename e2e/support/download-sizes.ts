/**
 * What a page downloads, measured two ways for the size budgets: the bytes Chromium itself
 * received for each URL, and the gzip body the server sends for a URL.
 */
import { request as httpRequest } from 'node:http';
import type { Page } from '@playwright/test';

/**
 * Starts recording what Chromium receives for each URL the page requests (Brotli bodies with the
 * response headers); the map fills as responses finish.
 */
export async function recordReceivedBytes(page: Page): Promise<Map<string, number>> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const requestUrls = new Map<string, string>();
  const received = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (event) =>
    requestUrls.set(event.requestId, event.request.url),
  );
  cdp.on('Network.loadingFinished', (event) => {
    const url = requestUrls.get(event.requestId);
    if (url) received.set(url, event.encodedDataLength);
  });
  return received;
}

/** The body the server sends for `url` to a client that accepts only gzip, as it arrives. */
export function gzipBody(url: string): Promise<{ encoding: string | undefined; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers: { 'accept-encoding': 'gzip' } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      response.on('end', () => resolve({ encoding: response.headers['content-encoding'], bytes }));
      response.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}
