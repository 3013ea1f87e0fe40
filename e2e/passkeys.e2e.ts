/**
 * Passkeys end to end, in Chromium with its virtual authenticator and the real server: a guest
 * signs up by passcode, creates a passkey in `<velvet-passkey-registration>`, signs out, and
 * signs back in with it, by the 'Login with a Passkey' button and through the browser's
 * autofill; renames and deletes it; a second registration of the same passkey and a deleted
 * passkey the authenticator still offers get the spec's messages.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { expect, type Page, test } from '@playwright/test';
import { startVelvet, type VelvetServer } from '../server/test/velvet-process.js';
import { addVirtualAuthenticator } from './support/virtual-authenticator.js';
import { buildWidget } from './support/widget-bundle.js';
import { recordVelvetEvents } from './support/widget-page.js';

const PUBLIC_TOKEN = 'public-token-test-e2e-passkeys-party';
const CONFIG = {
  products: ['otp', 'passkeys'],
  otpOptions: { methods: ['sms'], expirationMinutes: 10 },
  sessionOptions: { sessionDurationMinutes: 60 },
};

let velvet: VelvetServer;
let server: Server;
let origin = '';
let phoneSeq = 0;

/** The sign-in page and the account page, on one origin (`localhost`: a WebAuthn RP ID). */
function pageFor(path: string): string {
  const head = `<!doctype html><html lang="en"><meta charset="utf-8"><title>Passkey party</title>`;
  if (path.startsWith('/account')) {
    return `${head}
<script type="module">
  import { VelvetClient } from '${velvet.url}/widget/client.js';
  import '${velvet.url}/widget/passkey-registration.js';
  const client = new VelvetClient('${PUBLIC_TOKEN}', { apiBase: '${velvet.url}' });
  const registration = document.querySelector('velvet-passkey-registration');
  registration.client = client;
  document.querySelector('#sign-out').addEventListener('click', async () => {
    await client.session.revoke();
    location.href = '/';
  });
</script>
<main><h1>Your account</h1>
<velvet-passkey-registration public-token="${PUBLIC_TOKEN}" api-base="${velvet.url}"
  config='{"sessionOptions":{"sessionDurationMinutes":60}}'></velvet-passkey-registration>
<button id="sign-out" type="button">Sign out</button></main></html>`;
  }
  return `${head}
<script type="module" src="${velvet.url}/widget/velvet.js"></script>
<main><h1>Sign in</h1>
<velvet-login public-token="${PUBLIC_TOKEN}" api-base="${velvet.url}"
  config='${JSON.stringify(CONFIG)}'></velvet-login></main></html>`;
}

test.beforeAll(async () => {
  buildWidget();
  server = createServer((request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(pageFor(request.url ?? '/'));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  origin = `http://localhost:${address.port}`;
  velvet = await startVelvet({
    config: {
      projects: [
        {
          name: 'Passkey party',
          publicToken: PUBLIC_TOKEN,
          authorizedOrigins: [origin],
          products: ['otp', 'passkeys'],
        },
      ],
    },
  });
});

test.afterAll(async () => {
  await velvet?.stop();
  await new Promise((resolve) => server?.close(resolve));
});

/** Signs a new guest up by SMS passcode on the sign-in page. */
async function signUpByPasscode(page: Page): Promise<string> {
  const phone = `+1415555${String(2100 + phoneSeq++)}`;
  await page.goto(origin);
  await page.getByRole('textbox', { name: 'Phone number' }).fill(phone.slice(2));
  await page.getByRole('button', { name: 'Continue with text message' }).click();
  await expect(page.getByRole('group', { name: 'One-time passcode' })).toBeVisible();
  await expect.poll(() => velvet.outbox(phone).then((messages) => messages.length)).toBe(1);
  await page.getByRole('textbox', { name: 'Digit 1 of 6' }).fill(await velvet.lastCode(phone));
  await expect(page.getByText('Your passcode has been successfully verified.')).toBeVisible();
  return phone;
}

/** Creates a passkey on the account page; returns the list's names. */
async function createPasskey(page: Page): Promise<void> {
  await page.goto(`${origin}/account`);
  await page.getByRole('button', { name: 'Create a Passkey' }).click();
  await expect(page.getByRole('heading', { name: 'Passkey successfully created!' })).toBeVisible();
}

async function signOut(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('heading', { name: 'Sign up or log in' })).toBeVisible();
}

const passkeyList = (page: Page) => page.getByRole('list', { name: 'Your Passkeys' });

/** Pretends the browser has no passkey autofill, as browsers without conditional UI do. */
function withoutAutofill(): void {
  Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
    value: async () => false,
  });
}

test('sign up by passcode, create a passkey, sign out, sign back in through autofill', async ({
  page,
}) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  const authenticator = await addVirtualAuthenticator(page);
  await signUpByPasscode(page);
  await createPasskey(page);
  await expect(passkeyList(page).getByRole('listitem')).toHaveCount(1);
  const [credential] = await authenticator.credentials();
  expect(credential?.isResidentCredential).toBe(true);
  expect(credential?.rpId).toBe('localhost');
  // Browsers with autofill get no button: the passkey is offered in the phone field's autofill.
  // Chromium's virtual authenticator answers an autofill request at once: the request's start
  // is held back until the main screen has been looked at. The sign-in page after signing out
  // starts it, so the hold is in place first. Routing also bypasses the cache: each request of
  // the options and of the client library's chunk is seen, in order.
  const order: string[] = [];
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/sdk/v1/webauthn/authenticate/start/*', async (route) => {
    order.push(new URL(route.request().url()).pathname.replace(/^.*\/start\//, 'options '));
    await held;
    await route.continue();
  });
  await page.route('**/widget/chunks/velvet-client-*.js', async (route) => {
    order.push('client library');
    await route.continue();
  });
  await page.addInitScript(recordVelvetEvents);
  await signOut(page);
  const phone = page.getByRole('textbox', { name: 'Phone number' });
  await expect(phone).toHaveAttribute('autocomplete', 'tel webauthn');
  await expect(page.getByRole('button', { name: 'Login with a Passkey' })).toHaveCount(0);
  // The options are asked for without the client library, which loads once a passkey is picked.
  await expect.poll(() => order).toEqual(['options primary']);
  await phone.focus();
  release();
  await expect(page.getByText('You have successfully logged in with your Passkey.')).toBeVisible();
  expect(order).toEqual(['options primary', 'client library']);
  const events = await page.evaluate(() =>
    ((window as Window & { velvetEvents?: { type: string }[] }).velvetEvents ?? []).map(
      (e) => e.type,
    ),
  );
  expect(events).toEqual(['PASSKEY_AUTHENTICATE', 'AUTHENTICATE_FLOW_COMPLETE']);
  // The session is kept: the account page offers the signed-in guest another passkey.
  await page.goto(`${origin}/account`);
  await expect(page.getByRole('button', { name: 'Create a Passkey' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('a browser without autofill signs in with the Login with a Passkey button', async ({
  page,
}) => {
  await addVirtualAuthenticator(page);
  await signUpByPasscode(page);
  await createPasskey(page);
  // Before signing out: the main screen that sign-out shows would otherwise offer the passkey to
  // autofill, which Chromium's virtual authenticator answers at once, signing in again.
  await page.addInitScript(withoutAutofill);
  await signOut(page);
  await page.goto(origin);
  const button = page.getByRole('button', { name: 'Login with a Passkey' });
  await expect(button).toBeVisible();
  // The button comes first on the main screen, above the phone form.
  const order = await page.evaluate(() => {
    const buttons = [...document.querySelectorAll('velvet-login button')].map((b) =>
      b.textContent?.trim(),
    );
    return buttons;
  });
  expect(order[0]).toBe('Login with a Passkey');
  await button.click();
  await expect(page.getByText('You have successfully logged in with your Passkey.')).toBeVisible();
  await page.goto(`${origin}/account`);
  await expect(page.getByRole('button', { name: 'Create a Passkey' })).toBeVisible();
});

test('rename and delete a passkey; a deleted passkey still offered by the authenticator is refused', async ({
  page,
}) => {
  const authenticator = await addVirtualAuthenticator(page);
  await signUpByPasscode(page);
  await createPasskey(page);
  const list = passkeyList(page);
  const item = list.getByRole('listitem');
  await expect(item).toHaveCount(1);

  await item.getByRole('button', { name: /^Edit / }).click();
  const name = page.getByRole('textbox', { name: 'Passkey name' });
  await expect(name).toBeFocused();
  await name.fill('Work laptop');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(item).toContainText('Work laptop');
  await page.reload();
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(passkeyList(page).getByRole('listitem')).toContainText('Work laptop');

  await page.getByRole('button', { name: 'Delete Work laptop' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Work laptop' });
  await expect(confirm).toContainText('Once deleted, the passkey cannot be restored.');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(passkeyList(page).getByRole('listitem')).toHaveCount(1);
  await page.getByRole('button', { name: 'Delete Work laptop' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('You have no passkeys yet.')).toBeVisible();
  expect(await authenticator.credentials()).toHaveLength(1);

  await signOut(page);
  await page.addInitScript(withoutAutofill);
  await page.goto(origin);
  await page.getByRole('button', { name: 'Login with a Passkey' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Passkey registration not found. You may have deleted the passkey from your account but not password manager. Please try again.',
  );
});

test('registering the same passkey twice shows the duplicate message', async ({ page }) => {
  await addVirtualAuthenticator(page);
  await signUpByPasscode(page);
  await createPasskey(page);
  await page.getByRole('button', { name: 'Set up another Passkey' }).click();
  await page.getByRole('button', { name: 'Create a Passkey' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'The Passkey cannot be created as it seems to be already registered. It is possible this Passkey was registered on another device but has synced cross-device.',
  );
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(passkeyList(page).getByRole('listitem')).toHaveCount(1);
});

test('the registration component without a signed-in user says so', async ({ page }) => {
  await page.goto(`${origin}/account`);
  await expect(page.getByRole('alert')).toHaveText(
    'Error: Cannot use PasskeyRegistration component without active user authenticated.',
  );
});
