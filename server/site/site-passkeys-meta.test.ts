/**
 * The site's page learns whether its project offers passkeys (`<meta name="velvet-passkeys">`):
 * `true` with `passkeys` among the project's products, `false` without, so a project without
 * passkeys gets no passkey sign-in on its gate and no passkey offer on its invitation.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { startSiteTestServer, writeSiteFolder } from './site-test-server.js';

/** A site folder whose page carries the passkeys placeholder, as the build writes it. */
function siteFolder(): string {
  return writeSiteFolder({
    'index.html': `<!doctype html><title>A private invitation</title>
<meta name="velvet-passkeys" content="__VELVET_PASSKEYS__">`,
  });
}

/** What the page served for `products` says about passkeys. */
async function pagePasskeys(products: ('otp' | 'passkeys')[]): Promise<string | undefined> {
  const server = await startSiteTestServer(siteFolder(), { products });
  try {
    const html = await (await server.get('/')).text();
    return html.match(/name="velvet-passkeys" content="([^"]*)"/)?.[1];
  } finally {
    await server.close();
  }
}

test('a site project with passkeys tells its page so', async () => {
  assert.equal(await pagePasskeys(['otp', 'passkeys']), 'true');
});

test('a site project without passkeys tells its page it has none', async () => {
  assert.equal(await pagePasskeys(['otp']), 'false');
});

/** What the page served for the project's passcode channels says the hosts' sign-in offers. */
async function pagePasscodeMethods(methods: ('sms' | 'email' | 'whatsapp')[]) {
  const server = await startSiteTestServer(
    writeSiteFolder({
      'index.html': `<!doctype html><title>A private invitation</title>
<meta name="velvet-passcode-methods" content="__VELVET_PASSCODE_METHODS__">`,
    }),
    { products: ['otp'], otp: { methods } },
  );
  try {
    const html = await (await server.get('/')).text();
    return html.match(/name="velvet-passcode-methods" content="([^"]*)"/)?.[1];
  } finally {
    await server.close();
  }
}

test('the page learns the passcode channels a host may sign in with: text and email only', async () => {
  assert.equal(await pagePasscodeMethods(['sms', 'whatsapp', 'email']), 'sms,email');
  assert.equal(await pagePasscodeMethods(['sms']), 'sms');
});
