/**
 * The bench's time to the phone form on a throttled phone: how long after navigation a guest
 * first sees a phone-number field, for Velvet's SMS-only widget and for Stytch's prebuilt login
 * form (`@stytch/vanilla-js`, its production build minified and gzip-compressed, as a site would
 * ship it) with the passcode product by SMS, both against the same Velvet server in the same run.
 *
 * Each load is a fresh browser context with the cache off, on the throttled mobile profile
 * Lighthouse uses: 150 ms round trips, 1.6 Mbps down, 750 kbps up, the CPU slowed 4×. The two
 * pages alternate so a busy moment of the machine falls on both alike. The field counts once it
 * has a box on screen, whichever shadow root holds it.
 */
import { type Browser, chromium } from '@playwright/test';
import { type StaticSite, serveStaticPage } from '../../e2e/support/static-site.js';
import { type StytchSdkSite, serveStytchSdkSite } from '../../e2e/support/stytch/sdk-site.js';
import { buildWidget } from '../../e2e/support/widget-bundle.js';
import { widgetPage } from '../../e2e/support/widget-page.js';
import { SMS_ONLY } from '../../e2e/support/widget-site.js';
import { CHROMIUM_ARGS, chromiumPath } from '../../scripts/chromium-path.mjs';
import { startVelvet, type VelvetServer } from '../test/velvet-process.js';

/** The throttled mobile profile (Lighthouse's "slow 4G" with its 4× CPU slowdown). */
export const THROTTLED_PROFILE = {
  latencyMs: 150,
  downloadBitsPerSecond: 1.6e6,
  uploadBitsPerSecond: 750e3,
  cpuSlowdown: 4,
} as const;

/** The goal of issue 37: Velvet's median at most this share of Stytch's. */
export const TIME_TO_FORM_GOAL_RATIO = 0.6;

/** What one run measured: each page's times to the phone form, in ms, in load order. */
export interface TimeToForm {
  velvet: number[];
  stytch: number[];
}

const PUBLIC_TOKEN = 'public-token-test-bench-time-to-form';

/**
 * Runs in the page before its own scripts: notes `performance.now()` (ms since navigation) when
 * a `type="tel"` field first has a box, looking into open shadow roots too. It looks every 5 ms
 * (a timer: headless Chromium runs no animation frames for a throttled page). A string, not a
 * function: the bench runs under tsx, whose `__name` helpers would not exist in the page.
 */
const WATCH_FOR_PHONE_FIELD = `(() => {
  const visibleTel = (root) => {
    for (const input of root.querySelectorAll('input[type="tel"]')) {
      const box = input.getBoundingClientRect();
      if (box.width > 0 && box.height > 0) return true;
    }
    for (const element of root.querySelectorAll('*')) {
      if (element.shadowRoot && visibleTel(element.shadowRoot)) return true;
    }
    return false;
  };
  const look = () => {
    if (visibleTel(document)) window.phoneFieldAt = performance.now();
    else setTimeout(look, 5);
  };
  look();
})();`;

/** One load of `url` on the throttled profile; the time to the phone field, in ms. */
async function loadOnce(browser: Browser, url: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: THROTTLED_PROFILE.latencyMs,
      downloadThroughput: THROTTLED_PROFILE.downloadBitsPerSecond / 8,
      uploadThroughput: THROTTLED_PROFILE.uploadBitsPerSecond / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLED_PROFILE.cpuSlowdown });
    await page.addInitScript(WATCH_FOR_PHONE_FIELD);
    await page.goto(url, { waitUntil: 'commit', timeout: 120_000 });
    const at = await page.waitForFunction(
      () => (window as Window & { phoneFieldAt?: number }).phoneFieldAt,
      undefined,
      { timeout: 120_000 },
    );
    return (await at.jsonValue()) as number;
  } finally {
    await context.close();
  }
}

/** Loads each page `loads` times, alternating, and returns the times. */
export async function measureTimeToForm(loads: number): Promise<TimeToForm> {
  buildWidget();
  let velvet: VelvetServer | undefined;
  let stytchSite: StytchSdkSite | undefined;
  let widgetSite: StaticSite | undefined;
  let browser: Browser | undefined;
  let html = '';
  try {
    let apiUrl = '';
    stytchSite = await serveStytchSdkSite(() => ({ apiUrl, publicToken: PUBLIC_TOKEN }), {
      build: 'production',
    });
    widgetSite = await serveStaticPage(() => html);
    velvet = await startVelvet({
      postgresUrl: '',
      config: {
        projects: [
          {
            name: 'Time to form',
            publicToken: PUBLIC_TOKEN,
            authorizedOrigins: [widgetSite.origin, stytchSite.origin],
            products: ['otp'],
            otp: { methods: ['sms'] },
          },
        ],
      },
    });
    apiUrl = velvet.url.replace('//localhost:', '//127.0.0.1:');
    html = widgetPage({ velvetUrl: velvet.url, publicToken: PUBLIC_TOKEN, config: SMS_ONLY });
    browser = await chromium.launch({ executablePath: await chromiumPath(), args: CHROMIUM_ARGS });
    const pages = {
      velvet: `${widgetSite.origin}/`,
      stytch: `${stytchSite.origin}/ui.html?ui=otp`,
    };
    // One load of each first, uncounted: the server's first answers and Chromium's start.
    for (const url of Object.values(pages)) await loadOnce(browser, url);
    const times: TimeToForm = { velvet: [], stytch: [] };
    for (let i = 0; i < loads; i++) {
      const order = i % 2 ? (['stytch', 'velvet'] as const) : (['velvet', 'stytch'] as const);
      for (const name of order) times[name].push(await loadOnce(browser, pages[name]));
    }
    return times;
  } finally {
    await browser?.close();
    await velvet?.stop();
    await stytchSite?.close();
    await widgetSite?.close();
  }
}
