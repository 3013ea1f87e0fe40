/**
 * The widget's size budget. A page with an SMS-only config: what it downloads before the phone
 * form first shows (the first paint), what it has downloaded once settled (everything the widget
 * fetched until it has fetched nothing for 2 s after the form appeared), and the whole SMS flow
 * to the passcode screen; the rest (the phone-number parser, the passcode screen, the client
 * library) loads only when needed. Then each other product's settled first render and all six
 * products' together. The figures are printed and attached to the tests as annotations.
 */
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import {
  ALL_PRODUCTS_BUDGET_BYTES,
  FIRST_RENDER_BUDGET_BYTES as BUDGET_BYTES,
  SMS_FLOW_BUDGET_BYTES as FLOW_BUDGET_BYTES,
  PRODUCT_FIRST_RENDER_BUDGET_BYTES,
  SETTLED_FIRST_RENDER_BUDGET_BYTES as SETTLED_BUDGET_BYTES,
} from '../scripts/size-budgets.js';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import { gzipBody, recordReceivedBytes } from './support/download-sizes.js';
import { type StaticSite, serveStaticPage } from './support/static-site.js';
import {
  type BuiltScript,
  buildWidget,
  builtScripts,
  scriptHolding,
} from './support/widget-bundle.js';
import { recordFirstRender, widgetPage } from './support/widget-page.js';
import { SMS_ONLY, startWidgetSite, type WidgetSite } from './support/widget-site.js';

/** Stytch's comparable bundle, for the report. */
const STYTCH_GZIP_BYTES = 103.5 * 1024;

const PUBLIC_TOKEN = 'public-token-test-e2e-widget-size';
const PHONE = '+14155550751';
/** Calling code 1's numbering plans (the US, Canada and the rest of the North American plan). */
const PHONE_METADATA_1 = /^chunks\/phone-metadata-[\d.]+\/phone-1\.js$/;

/** The modules that must not be downloaded before they are needed. */
const LATER = {
  'the phone-number parser': 'widget/validation/phone-parser.ts',
  'the passcode screen': 'widget/products/otp/otp-authenticate-screen.ts',
  'the client library': 'widget/client/velvet-client.ts',
} as const;

/** The modules the SMS flow never downloads: other products' clients, the toaster. */
const NEVER = {
  'the magic-link client': 'widget/client/magic-links-client.ts',
  'the password client': 'widget/client/passwords-client.ts',
  'the WebAuthn client': 'widget/client/webauthn-client.ts',
  'the crypto wallet client': 'widget/client/crypto-wallets-client.ts',
  'the toaster': 'widget/components/toaster.ts',
} as const;

/** What no script of the widget holds: libphonenumber-js is for the server and the build. */
const NOWHERE = { 'libphonenumber-js': 'node_modules/libphonenumber-js/' } as const;

let widgetSite: WidgetSite;
let velvet: VelvetServer;
let site: StaticSite;
let scripts: BuiltScript[];

test.beforeAll(async () => {
  buildWidget();
  scripts = builtScripts();
  widgetSite = await startWidgetSite({
    name: 'Budget party',
    publicToken: PUBLIC_TOKEN,
    config: SMS_ONLY,
  });
  ({ velvet, site } = widgetSite);
});

test.afterAll(async () => {
  await widgetSite?.close();
});

/** Every resource the page fetched so far, with its start on the page's clock. */
function resources(page: Page): Promise<{ url: string; startTime: number }[]> {
  return page.evaluate(() =>
    performance.getEntriesByType('resource').map((entry) => ({
      url: entry.name,
      startTime: entry.startTime,
    })),
  );
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** How long the widget fetches nothing before a page counts as settled. */
const SETTLED_AFTER_MS = 2000;

/**
 * Follows what `page` requests from `widgetBase`: {@link settled} waits until the widget has had
 * no request in flight and started none for {@link SETTLED_AFTER_MS} since `since()` (when the
 * form appeared), and answers the files it fetched, as paths under `/widget/`.
 */
function widgetRequests(page: Page, widgetBase: string) {
  const files = new Set<string>();
  let inFlight = 0;
  let lastActivity = 0;
  const ours = (url: string) => url.startsWith(widgetBase);
  page.on('request', (request) => {
    if (!ours(request.url())) return;
    files.add(request.url().slice(widgetBase.length));
    inFlight += 1;
    lastActivity = Date.now();
  });
  const done = (request: { url(): string }) => {
    if (!ours(request.url())) return;
    inFlight -= 1;
    lastActivity = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
  return {
    files: () => [...files],
    /** Waits for the page to settle after `formShownAt` (a `Date.now()`); its files then. */
    async settled(formShownAt: number): Promise<string[]> {
      await expect
        .poll(() => (inFlight > 0 ? 0 : Date.now() - Math.max(lastActivity, formShownAt)), {
          message: `the widget quiet for ${SETTLED_AFTER_MS} ms`,
          intervals: [250],
        })
        .toBeGreaterThanOrEqual(SETTLED_AFTER_MS);
      return [...files];
    },
  };
}

/** The gzip bytes of `files` (paths under `/widget/`), each a built script. */
function gzipOf(files: readonly string[]): { file: string; gzip: number }[] {
  return files.map((file) => {
    const built = scripts.find((script) => script.file === file);
    expect(built, `${file} is a built script`).toBeDefined();
    return { file, gzip: built?.gzipBytes ?? 0 };
  });
}

const totalOf = (rows: readonly { gzip: number }[]) =>
  rows.reduce((total, row) => total + row.gzip, 0);

test('an SMS-only page: its first paint, its settled first render and the SMS flow within their budgets; the rest when needed', async ({
  page,
}, testInfo) => {
  // What Chromium itself received for each URL (Brotli, with the response headers).
  const received = await recordReceivedBytes(page);
  const widgetBase = `${velvet.url}/widget/`;
  const requests = widgetRequests(page, widgetBase);

  // The main screen's calls, made without the client library: its render logged (and counted)…
  const renderLogged = page.waitForResponse(
    (response) =>
      response.url() === `${velvet.url}/sdk/v1/events` &&
      (response.request().postData() ?? '').includes('"render_login_screen"'),
  );
  // …and the project's bootstrap read, for the countries it texts.
  const bootstrapRead = page.waitForResponse((response) =>
    response.url().startsWith(`${velvet.url}/sdk/v1/projects/bootstrap/`),
  );
  await page.addInitScript(recordFirstRender);
  await page.goto(site.origin);
  await expect(page.getByRole('textbox', { name: 'Phone number' })).toBeVisible();
  const formShownAt = Date.now();
  const firstRender = await page
    .waitForFunction(() => (window as Window & { velvetFirstRender?: number }).velvetFirstRender)
    .then((handle) => handle.jsonValue() as Promise<number>);
  // Settled: everything the widget fetched until it fetched nothing for 2 s after the form showed.
  const settled = gzipOf(await requests.settled(formShownAt));
  const settledTotal = totalOf(settled);

  const fetched = await resources(page);
  const beforeRender = fetched.filter((r) => r.startTime < firstRender);
  const widgetBeforeRender = beforeRender.filter((r) => r.url.startsWith(widgetBase));
  const otherBeforeRender = beforeRender.filter(
    (r) => !r.url.startsWith(widgetBase) && !r.url.startsWith(site.origin),
  );

  const rows: {
    file: string;
    gzip: number;
    brotli: number;
    received: number | undefined;
    startTime: number;
  }[] = [];
  for (const { url, startTime } of widgetBeforeRender) {
    const file = url.slice(widgetBase.length);
    const served = await gzipBody(url);
    expect(served.encoding, `${file} is served precompressed`).toBe('gzip');
    const built = scripts.find((script) => script.file === file);
    expect(built, `${file} is a built script`).toBeDefined();
    expect(served.bytes).toBe(built?.gzipBytes);
    rows.push({
      file,
      gzip: served.bytes,
      brotli: built?.brotliBytes ?? 0,
      received: received.get(url),
      startTime,
    });
  }
  const total = rows.reduce((sum, row) => sum + row.gzip, 0);
  const totalBrotli = rows.reduce((sum, row) => sum + row.brotli, 0);
  const totalReceived = rows.reduce((sum, row) => sum + (row.received ?? 0), 0);

  const report = [
    `First paint (SMS-only config; before the phone form first shows): ${rows.length} widget requests, ${total} B gzip (${kb(total)}) of the ${BUDGET_BYTES} B budget; ${totalBrotli} B as Brotli; Chromium received ${totalReceived} B (Brotli bodies with headers). Stytch: ${kb(STYTCH_GZIP_BYTES)} gzip.`,
    ...rows.map(
      (row) =>
        `  ${row.file}: ${row.gzip} B gzip, ${row.brotli} B br, received ${row.received ?? '?'} B; requested at ${row.startTime.toFixed(0)} ms (phone form at ${firstRender.toFixed(0)} ms)`,
    ),
    `Other requests started before first render: ${otherBeforeRender.map((r) => r.url).join(', ') || 'none'}`,
    `Settled first render (SMS-only config; nothing fetched for ${SETTLED_AFTER_MS} ms after the form showed): ${settled.length} widget files, ${settledTotal} B gzip of the ${SETTLED_BUDGET_BYTES} B ceiling`,
    ...settled.map((row) => `  ${row.file}: ${row.gzip} B gzip`),
  ];

  // The rest, only when needed: nothing of it before first render…
  const later = Object.entries(LATER).map(([what, module]) => ({
    what,
    script: scriptHolding(scripts, module),
  }));
  const loadedBeforeRender = new Set(rows.map((row) => row.file));
  for (const { what, script } of later) {
    expect
      .soft(loadedBeforeRender.has(script.file), `${what} (${script.file}) before first render`)
      .toBe(false);
  }

  // …and each of it once the guest goes on to the passcode screen: the phone-number parser and
  // calling code 1's metadata as the number is typed, before it is sent.
  await page.getByRole('textbox', { name: 'Phone number' }).fill('4155550751');
  const parser = scriptHolding(scripts, LATER['the phone-number parser']).file;
  const fetchedNow = async () =>
    (await resources(page))
      .filter((r) => r.url.startsWith(widgetBase))
      .map((r) => r.url.slice(widgetBase.length));
  const metadata = scripts.find((script) => PHONE_METADATA_1.test(script.file))?.file;
  expect(metadata, 'calling code 1 has a metadata chunk').toBeDefined();
  await expect.poll(fetchedNow).toEqual(expect.arrayContaining([parser, metadata]));
  // The client library only once the guest submits: not with the main screen's calls, which
  // the widget makes without it (before issue 19 it loaded with them, right after first render).
  expect((await bootstrapRead).ok(), 'bootstrap answered').toBe(true);
  const counted = (await (await renderLogged).json()) as { data?: { accepted?: number } };
  expect(counted.data?.accepted, 'render_login_screen counted').toBe(1);
  await page.waitForLoadState('networkidle');
  const client = scriptHolding(scripts, LATER['the client library']).file;
  expect(await fetchedNow(), 'the client library before the guest submits').not.toContain(client);
  await page.getByRole('button', { name: 'Continue with text message' }).click();
  await expect(page.getByRole('group', { name: 'One-time passcode' })).toBeVisible();
  await expect.poll(() => velvet.outbox(PHONE).then((messages) => messages.length)).toBe(1);
  const afterwards = new Set(
    (await resources(page))
      .filter((r) => r.url.startsWith(widgetBase))
      .map((r) => r.url.slice(widgetBase.length)),
  );
  for (const { what, script } of later) {
    expect(afterwards.has(script.file), `${what} (${script.file}) loaded when needed`).toBe(true);
    report.push(`Later: ${what} in ${script.file} (${script.gzipBytes} B gzip)`);
  }
  for (const [what, module] of Object.entries(NEVER)) {
    const script = scriptHolding(scripts, module);
    expect(afterwards.has(script.file), `${what} (${script.file}) not downloaded`).toBe(false);
  }
  for (const [what, module] of Object.entries(NOWHERE)) {
    const holding = scripts.filter((script) =>
      script.sources.some((source) => source.includes(module)),
    );
    expect(
      holding.map((script) => script.file),
      `the scripts holding ${what}`,
    ).toEqual([]);
  }
  // The whole flow, phone form to passcode screen: every widget file the page fetched.
  const flow = gzipOf([...afterwards]);
  const flowTotal = totalOf(flow);
  report.push(
    `Through the SMS flow (phone form → passcode screen): ${flow.length} widget files, ${flowTotal} B gzip of the ${FLOW_BUDGET_BYTES} B budget`,
    ...flow.map((file) => `  ${file.file}: ${file.gzip} B gzip`),
  );

  // The whole build, for the record.
  const all = [...scripts].sort((a, b) => a.file.localeCompare(b.file));
  const allGzip = all.reduce((sum, script) => sum + script.gzipBytes, 0);
  report.push(
    `Whole build: ${all.length} scripts, ${allGzip} B gzip (${kb(allGzip)})`,
    ...all.map(
      (script) =>
        `  ${script.file}: ${script.bytes} B, ${script.gzipBytes} B gzip, ${script.brotliBytes} B br`,
    ),
  );

  console.log(report.join('\n'));
  for (const line of report) testInfo.annotations.push({ type: 'widget size', description: line });

  expect
    .soft(total, `gzip bytes before first render (budget ${BUDGET_BYTES})`)
    .toBeLessThanOrEqual(BUDGET_BYTES);
  expect
    .soft(settledTotal, `gzip bytes of the settled first render (ceiling ${SETTLED_BUDGET_BYTES})`)
    .toBeLessThanOrEqual(SETTLED_BUDGET_BYTES);
  expect
    .soft(flowTotal, `gzip bytes through the SMS flow (budget ${FLOW_BUDGET_BYTES})`)
    .toBeLessThanOrEqual(FLOW_BUDGET_BYTES);
});

/** The oauth product's providers on these pages. */
const OAUTH = { providers: [{ type: 'google' }, { type: 'github' }] } as const;

/**
 * Each other product's page, with what shows when its first render is done. Passkeys cannot be
 * a page's only product: they come with SMS passcodes, as on the invitation site.
 */
const PRODUCT_PAGES: readonly {
  name: string;
  config: { readonly products: readonly string[]; readonly [option: string]: unknown };
  shown: (page: Page) => Locator[];
}[] = [
  {
    name: 'emailMagicLinks',
    config: { products: ['emailMagicLinks'] },
    shown: (page) => [page.getByRole('textbox', { name: 'Email' })],
  },
  {
    name: 'passwords',
    config: { products: ['passwords'] },
    shown: (page) => [page.getByRole('textbox', { name: 'Email' })],
  },
  {
    name: 'oauth',
    config: { products: ['oauth'], oauthOptions: OAUTH },
    shown: (page) => [page.getByRole('button', { name: 'Continue with GitHub' })],
  },
  {
    name: 'passkeys (with SMS passcodes)',
    config: { products: ['passkeys', 'otp'], otpOptions: { methods: ['sms'] } },
    shown: (page) => [page.getByRole('textbox', { name: 'Phone number' })],
  },
  {
    name: 'crypto',
    config: { products: ['crypto'] },
    shown: (page) => [page.getByRole('button', { name: 'Set up a new crypto wallet' })],
  },
];

/** All six products on one page. */
const ALL_PRODUCTS_PAGE = {
  name: 'all six products',
  config: {
    products: ['emailMagicLinks', 'oauth', 'passwords', 'otp', 'passkeys', 'crypto'],
    otpOptions: { methods: ['sms'] },
    oauthOptions: OAUTH,
  },
  shown: (page: Page) => [
    page.getByRole('textbox', { name: 'Email' }),
    page.getByRole('button', { name: 'Continue with GitHub' }),
    page.getByRole('button', { name: 'Set up a new crypto wallet' }),
  ],
};

test('each other product, and all six together, settle within their first-render budgets', async ({
  browser,
}, testInfo) => {
  const publicToken = 'public-token-test-e2e-widget-size-products';
  let html = '';
  const page$ = await serveStaticPage(() => html);
  const server = await startVelvet({
    config: {
      projects: [
        {
          name: 'Budget products',
          publicToken,
          authorizedOrigins: [page$.origin],
          products: ['otp', 'emailMagicLinks', 'passwords', 'passkeys', 'crypto'],
        },
      ],
    },
  });
  try {
    const widgetBase = `${server.url}/widget/`;
    /** The settled first render of a page embedding `config`, in a browser context of its own. */
    const measure = async (
      openBrowser: Browser,
      entry: (typeof PRODUCT_PAGES)[number],
    ): Promise<{ file: string; gzip: number }[]> => {
      html = widgetPage({ velvetUrl: server.url, publicToken, config: entry.config });
      // A context of its own: nothing cached from the previous page.
      const context = await openBrowser.newContext();
      try {
        const page = await context.newPage();
        const requests = widgetRequests(page, widgetBase);
        await page.goto(page$.origin);
        for (const shown of entry.shown(page)) await expect(shown).toBeVisible();
        return gzipOf(await requests.settled(Date.now()));
      } finally {
        await context.close();
      }
    };

    const report: string[] = [];
    const totals = new Map<string, number>();
    for (const entry of [...PRODUCT_PAGES, ALL_PRODUCTS_PAGE]) {
      const rows = await measure(browser, entry);
      if (entry.config.products.includes('passkeys')) {
        // The passkey autofill asks for its options itself: the client library waits for a pick.
        const withClient = rows.filter((row) =>
          scripts
            .find((script) => script.file === row.file)
            ?.sources.includes(LATER['the client library']),
        );
        expect
          .soft(
            withClient.map((row) => row.file),
            `${entry.name}: no client library settled`,
          )
          .toEqual([]);
      }
      const total = totalOf(rows);
      totals.set(entry.name, total);
      const ceiling =
        entry === ALL_PRODUCTS_PAGE
          ? ALL_PRODUCTS_BUDGET_BYTES
          : PRODUCT_FIRST_RENDER_BUDGET_BYTES[entry.name];
      report.push(
        `Settled first render, ${entry.name}: ${rows.length} widget files, ${total} B gzip of the ${ceiling} B ceiling`,
        ...rows.map((row) => `  ${row.file}: ${row.gzip} B gzip`),
      );
    }
    console.log(report.join('\n'));
    for (const line of report)
      testInfo.annotations.push({ type: 'widget size', description: line });

    for (const entry of PRODUCT_PAGES) {
      const ceiling = PRODUCT_FIRST_RENDER_BUDGET_BYTES[entry.name];
      expect(ceiling, `a first-render ceiling for ${entry.name}`).toBeDefined();
      expect
        .soft(totals.get(entry.name), `${entry.name}'s settled first render (ceiling ${ceiling})`)
        .toBeLessThanOrEqual(ceiling ?? 0);
    }
    expect
      .soft(
        totals.get(ALL_PRODUCTS_PAGE.name),
        `all six products' settled first render (ceiling ${ALL_PRODUCTS_BUDGET_BYTES})`,
      )
      .toBeLessThanOrEqual(ALL_PRODUCTS_BUDGET_BYTES);
  } finally {
    await server.stop();
    await page$.close();
  }
});
