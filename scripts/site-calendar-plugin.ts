/**
 * The Vite plugin that writes the invitation's `.ics` files (`site/calendar/ics-files.ts`) into
 * the private folder of the build (`dist/site/private/`), where the server serves them to
 * invited guests alone, as it does the invitation's chunks; the dev server serves them at the
 * same paths. Their `DTSTAMP` is the build's time (`SOURCE_DATE_EPOCH` when set).
 */
import type { Plugin } from 'vite';
import { icsFiles } from '../site/calendar/ics-files.js';
import { type InvitationContent, invitation } from '../site/content/invitation.js';

/** When the files are made: `SOURCE_DATE_EPOCH` (seconds) for a reproducible build, else now. */
function buildTime(): Date {
  const epoch = Number(process.env.SOURCE_DATE_EPOCH);
  return Number.isFinite(epoch) && epoch > 0 ? new Date(epoch * 1000) : new Date();
}

/** The plugin, for `content` (the invitation's by default). */
export function siteCalendarPlugin(content: InvitationContent = invitation): Plugin {
  return {
    name: 'velvet-site-calendar',
    generateBundle() {
      for (const file of icsFiles(content, buildTime())) {
        this.emitFile({ type: 'asset', fileName: file.urlPath.slice(1), source: file.text });
      }
    },
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const path = (request.url ?? '').split('?')[0];
        const file = icsFiles(content, buildTime()).find((each) => each.urlPath === path);
        if (!file) return next();
        response.setHeader('content-type', 'text/calendar; charset=utf-8');
        response.end(file.text);
      });
    },
  };
}
