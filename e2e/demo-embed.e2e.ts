/**
 * The embed code the demo gives is ready to copy: a developer sets their project's token and
 * the settings, copies the HTML with the Copy button, and that code alone, on a page of another
 * origin on the project's list, shows the widget as configured and signs a guest in. The HTML
 * pins the release's versioned URL with its integrity hash, which Chromium checks. The React
 * code is valid TSX with the same props.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { transform } from 'esbuild';
import type { WidgetIntegrity } from '../scripts/widget-versions.js';
import { type DemoServer, startDemo } from './demo-support.js';
import { type StaticSite, serveStaticPage } from './support/static-site.js';
import { buildWidget, WIDGET_DIR } from './support/widget-bundle.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-demo-embed';
const PHONE = '+14155550911';

let demo: DemoServer;
let site: StaticSite;
let siteHtml = '';

test.beforeAll(async () => {
  buildWidget();
  site = await serveStaticPage(() => siteHtml);
  demo = await startDemo({
    config: {
      projects: [
        { name: 'Embed party', publicToken: PUBLIC_TOKEN, authorizedOrigins: [site.origin] },
      ],
    },
  });
});

test.afterAll(async () => {
  await demo?.stop();
  await site?.close();
});

test('the copied HTML works on another site; the React code compiles', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: demo.origin });
  await page.goto(demo.demoUrl);

  // This server's project has its own token: set it, and the link carries it. The field is
  // applied on change only (Enter), and the page re-renders while the widget starts (bootstrap,
  // events): the field must still hold the pasted token when Enter is pressed (with live() a
  // re-render put the old token back, and Enter then applied nothing: the failure seen on a
  // loaded machine). What matters next is the code copied below: wait for it to carry the token,
  // with a generous limit, then for the address bar.
  const token = page.getByRole('textbox', { name: 'Public token' });
  await token.fill(PUBLIC_TOKEN);
  await expect(token).toHaveValue(PUBLIC_TOKEN);
  await token.press('Enter');
  const embed = page.getByRole('region', { name: 'Embed it' });
  await expect(embed).toContainText(`public-token="${PUBLIC_TOKEN}"`, { timeout: 60_000 });
  await expect
    .poll(() => new URL(page.url()).searchParams.get('token'), { timeout: 60_000 })
    .toBe(PUBLIC_TOKEN);

  await page.getByRole('checkbox', { name: 'WhatsApp' }).uncheck();
  await page.getByRole('checkbox', { name: 'Email', exact: true }).uncheck();
  await page.getByRole('checkbox', { name: 'Hide the header text' }).check();
  await page
    .getByRole('textbox', { name: 'Primary button: background', exact: true })
    .fill('#7a1f5c');

  // It says how to authorize the embedding page's origin.
  await expect(embed).toContainText('VELVET_DEV_ORIGINS=http://localhost:3000');
  await expect(embed.getByRole('link', { name: 'error catalogue' })).toHaveAttribute(
    'href',
    '/docs/errors#origin_not_allowed',
  );
  // The script tag pins the release the server serves, with the hash the build wrote.
  const release = JSON.parse(
    readFileSync(join(WIDGET_DIR, 'integrity.json'), 'utf8'),
  ) as WidgetIntegrity;
  const entryUrl = `${demo.origin}/widget/v${release.version}/velvet.js`;
  await expect(embed).toContainText(`src="${entryUrl}"`);
  await embed.getByRole('button', { name: 'Copy HTML: the script tag and the element' }).click();
  await expect(embed.getByRole('status').first()).toHaveText('Copied to the clipboard.');
  const htmlCode = await page.evaluate(() => navigator.clipboard.readText());
  expect(htmlCode).toContain(`src="${entryUrl}"`);
  expect(htmlCode).toContain(`integrity="${release.files['velvet.js']}"`);
  expect(htmlCode).toContain('crossorigin="anonymous"');
  expect(htmlCode).toContain(`public-token="${PUBLIC_TOKEN}"`);

  await embed.getByRole('button', { name: 'Copy React: the wrapper' }).click();
  await expect(embed.getByRole('status').nth(1)).toHaveText('Copied to the clipboard.');
  const reactCode = await page.evaluate(() => navigator.clipboard.readText());
  expect(reactCode).toContain('npm install velvet-login-react velvet-login-element react');
  expect(reactCode).toContain("import { VelvetLogin } from 'velvet-login-react';");
  expect(reactCode).toContain(`publicToken="${PUBLIC_TOKEN}"`);
  expect(reactCode).toMatch(/onEvent=\{/);
  expect(reactCode).toMatch(/onError=\{/);
  await transform(reactCode, { loader: 'tsx' });

  // The HTML alone, on a page of another origin.
  siteHtml = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Another site</title></head>
<body><main><h1>Another site</h1>
${htmlCode}
</main></body></html>`;
  const other = await context.newPage();
  const logged: string[] = [];
  other.on('console', (message) => logged.push(message.text()));
  const entry = other.waitForResponse(entryUrl);
  await other.goto(site.origin);
  expect((await entry).headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  const widget = other.locator('velvet-login');
  const send = widget.getByRole('button', { name: 'Continue with text message' });
  await expect(send).toBeVisible();
  await expect(send).toHaveCSS('background-color', 'rgb(122, 31, 92)');
  await expect(widget.getByRole('heading', { name: 'Sign up or log in' })).toHaveCount(0);
  await expect(widget.getByRole('tab')).toHaveCount(0);

  await widget.getByRole('textbox', { name: 'Phone number' }).fill('4155550911');
  await send.click();
  const digits = widget.getByRole('group', { name: 'One-time passcode' });
  await expect(digits).toBeVisible();
  await digits
    .getByRole('textbox', { name: 'Digit 1 of 6' })
    .fill(await demo.velvet.lastCode(PHONE));
  await expect(widget.getByText('Success!')).toBeVisible();
  // The snippet's listeners heard the events.
  await expect.poll(() => logged.join('\n')).toContain('AUTHENTICATE_FLOW_COMPLETE');
});
