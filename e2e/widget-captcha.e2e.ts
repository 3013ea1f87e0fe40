/**
 * Bot protection end to end: a project verifies Cloudflare Turnstile tokens in DECISIONING mode
 * (against a local stand-in of Turnstile, browser script and siteverify both). A send without a
 * token is refused with `captcha_required`; the widget, refused the same way, loads the Turnstile
 * script (only now), gets a token for the action LOGIN, sends again, and the guest signs in.
 */
import { expect, test } from '@playwright/test';
import { startTurnstilePeer, type TurnstilePeer } from '../server/bot-protection/turnstile-peer.js';
import type { VelvetServer } from '../server/test/velvet-process.js';
import type { StaticSite } from './support/static-site.js';
import { SMS_ONLY, startWidgetSite, type WidgetSite } from './support/widget-site.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-widget-captcha';
const PHONE = '+14155550781';
const SITE_KEY = '0x4AAAAAAAe2eVelvetSiteKey';
const SECRET_KEY = '0x4AAAAAAAe2eVelvetSecretKey';

let peer: TurnstilePeer;
let widgetSite: WidgetSite;
let velvet: VelvetServer;
let site: StaticSite;

test.beforeAll(async () => {
  peer = await startTurnstilePeer({ siteKey: SITE_KEY, secretKey: SECRET_KEY });
  widgetSite = await startWidgetSite({
    name: 'Captcha party',
    publicToken: PUBLIC_TOKEN,
    config: SMS_ONLY,
    project: {
      botProtection: {
        captcha: {
          provider: 'turnstile',
          siteKey: SITE_KEY,
          secretKey: SECRET_KEY,
          mode: 'DECISIONING',
          verifyUrl: peer.verifyUrl,
          scriptUrl: `${peer.scriptUrl}?render=explicit`,
        },
      },
    },
  });
  ({ velvet, site } = widgetSite);
});

test.afterAll(async () => {
  await widgetSite?.close();
  await peer?.close();
});

test('a send without a captcha token is refused, and the widget recovers with one', async ({
  page,
}) => {
  const basic = `Basic ${Buffer.from(`${PUBLIC_TOKEN}:${PUBLIC_TOKEN}`).toString('base64')}`;
  const refused = await fetch(`${velvet.url}/sdk/v1/otps/sms/login_or_create`, {
    method: 'POST',
    headers: { authorization: basic, 'content-type': 'application/json', origin: site.origin },
    body: JSON.stringify({ phone_number: PHONE }),
  });
  expect(refused.status).toBe(403);
  expect(await refused.json()).toMatchObject({
    error_type: 'captcha_required',
    error_message: 'Captcha required',
  });
  expect(await velvet.outbox(PHONE)).toHaveLength(0);

  const sends: Array<{ status: number; captcha: boolean }> = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/otps/sms/login_or_create')) {
      const body = response.request().postDataJSON() as { captcha_token?: string };
      sends.push({ status: response.status(), captcha: typeof body.captcha_token === 'string' });
    }
  });
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(peer.url)) scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(site.origin);
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await expect(phone).toBeVisible();
  expect(scripts, 'no Turnstile before it is needed').toEqual([]);

  await phone.fill('4155550781');
  await page.getByRole('button', { name: 'Continue with text message' }).click();
  const passcode = page.getByRole('group', { name: 'One-time passcode' });
  await expect(passcode).toBeVisible();
  expect(sends).toEqual([
    { status: 403, captcha: false },
    { status: 200, captcha: true },
  ]);
  expect(scripts).toEqual(['/turnstile/v0/api.js', '/challenge']);
  expect(peer.challengesSolved).toBe(1);
  expect(peer.verifications.at(-1)).toMatchObject({ secret: SECRET_KEY });

  await expect.poll(() => velvet.outbox(PHONE).then((messages) => messages.length)).toBe(1);
  const code = await velvet.lastCode(PHONE);
  await passcode.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(code);
  await expect(page.getByText('Success!')).toBeVisible();
});
