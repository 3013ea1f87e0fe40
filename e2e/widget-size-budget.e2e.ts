/**
 * The widget's size budget: what a page with an SMS-only config downloads before the phone form
 * first shows is at most 20 KB gzip (Stytch's comparable bundle: 103.5 KB gzip), and the rest
 * (the phone-number parser, the passcode screen, the client library) loads only when needed. The figures
 * are printed and attached to the test as annotations.
 */
import { expect, type Page, test } from '@playwright/test';
// The budgets: 20 KB of gzip before first render; the SMS flow's ceiling.
import {
  FIRST_RENDER_BUDGET_BYTES as BUDGET_BYTES,
  SMS_FLOW_BUDGET_BYTES as FLOW_BUDGET_BYTES,
} from '../scripts/size-budgets.js';
import type { VelvetServer } from '../server/test/velvet-process.js';
import { gzipBody, recordReceivedBytes } from './support/download-sizes.js';
import type { StaticSite } from './support/static-site.js';
import {
  type BuiltScript,
  buildWidget,
  builtScripts,
  scriptHolding,
} from './support/widget-bundle.js';
import { recordFirstRender } from './support/widget-page.js';
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

test('an SMS-only page downloads at most 20 KB gzip before first render; the rest when needed', async ({
  page,
}, testInfo) => {
  // What Chromium itself received for each URL (Brotli, with the response headers).
  const received = await recordReceivedBytes(page);

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
  const firstRender = await page
    .waitForFunction(() => (window as Window & { velvetFirstRender?: number }).velvetFirstRender)
    .then((handle) => handle.jsonValue() as Promise<number>);
  await page.waitForLoadState('networkidle');

  const widgetBase = `${velvet.url}/widget/`;
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
    `Before first render (SMS-only config): ${rows.length} widget requests, ${total} B gzip (${kb(total)}) of the ${BUDGET_BYTES} B budget; ${totalBrotli} B as Brotli; Chromium received ${totalReceived} B (Brotli bodies with headers). Stytch: ${kb(STYTCH_GZIP_BYTES)} gzip.`,
    ...rows.map(
      (row) =>
        `  ${row.file}: ${row.gzip} B gzip, ${row.brotli} B br, received ${row.received ?? '?'} B; requested at ${row.startTime.toFixed(0)} ms (phone form at ${firstRender.toFixed(0)} ms)`,
    ),
    `Other requests started before first render: ${otherBeforeRender.map((r) => r.url).join(', ') || 'none'}`,
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
  const flow = [...afterwards].map((file) => {
    const built = scripts.find((script) => script.file === file);
    expect(built, `${file} is a built script`).toBeDefined();
    return { file, gzip: built?.gzipBytes ?? 0 };
  });
  const flowTotal = flow.reduce((sum, file) => sum + file.gzip, 0);
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
    .soft(flowTotal, `gzip bytes through the SMS flow (budget ${FLOW_BUDGET_BYTES})`)
    .toBeLessThanOrEqual(FLOW_BUDGET_BYTES);
});
