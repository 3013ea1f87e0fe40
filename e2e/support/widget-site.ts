/**
 * The usual set-up of the widget's end-to-end tests: the widget built, a real Velvet server with
 * one project, and third-party pages (each on an origin of its own) that embed the widget with
 * one script tag. The first page's origin is on the project's list; any others are not.
 */
import { startVelvet, type VelvetServer } from '../../server/test/velvet-process.js';
import { type StaticSite, serveStaticPage } from './static-site.js';
import { buildWidget } from './widget-bundle.js';
import { widgetPage } from './widget-page.js';

/** The passcode product by SMS only, as the invitation site uses it. */
export const SMS_ONLY = {
  products: ['otp'],
  otpOptions: { methods: ['sms'], expirationMinutes: 10 },
} as const;

/** What {@link startWidgetSite} started. */
export interface WidgetSite {
  velvet: VelvetServer;
  /** The page on the project's list of origins. */
  site: StaticSite;
  /** Pages on origins that are not on the list, as many as asked for. */
  unlisted: StaticSite[];
  /** Stops the server and the pages. */
  close(): Promise<void>;
}

/** Options of {@link startWidgetSite}. */
export interface WidgetSiteOptions {
  /** The project's name and public token. */
  name: string;
  publicToken: string;
  /** The widget config the pages embed. */
  config: unknown;
  /** How many pages on unlisted origins to serve too. */
  unlisted?: number;
  /** More of the project's config-file settings (such as `botProtection`). */
  project?: Record<string, unknown>;
}

/** Builds the widget and starts the server and the pages. */
export async function startWidgetSite(options: WidgetSiteOptions): Promise<WidgetSite> {
  buildWidget();
  // A page's origin is known only once it listens, and the page names the server's origin:
  // the pages serve whatever `html` holds by the time they are asked.
  let html = '';
  const site = await serveStaticPage(() => html);
  const unlisted = await Promise.all(
    Array.from({ length: options.unlisted ?? 0 }, () => serveStaticPage(() => html)),
  );
  const velvet = await startVelvet({
    config: {
      projects: [
        {
          name: options.name,
          publicToken: options.publicToken,
          authorizedOrigins: [site.origin],
          ...options.project,
        },
      ],
    },
  });
  html = widgetPage({
    velvetUrl: velvet.url,
    publicToken: options.publicToken,
    config: options.config,
  });
  return {
    velvet,
    site,
    unlisted,
    async close() {
      await velvet.stop();
      await Promise.all([site, ...unlisted].map((page) => page.close()));
    },
  };
}
