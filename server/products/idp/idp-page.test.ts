/**
 * The authorization page's sign-in config, for every product combination a project's config may
 * have (all but passkeys alone, which the config refuses at load): the widget accepts it (no
 * configuration error of the spec) and offers every way the project signs in, OAuth included.
 */
import assert from 'node:assert/strict';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { OAUTH_PROVIDERS } from '../../../widget/client/oauth-provider-names.js';
import { checkConfig } from '../../../widget/config/validate-config.js';
import { DEVELOPMENT_PUBLIC_TOKEN, loadConfig } from '../../config/config.js';
import { PRODUCTS, type Product, resolveProjectSettings } from '../../projects/project-settings.js';
import type { Project } from '../../projects/projects-repository.js';
import { settingsParts } from '../registry.js';
import { signInConfig } from './idp-page.js';

const METHODS = ['sms', 'whatsapp', 'email'] as const;

/** Every non-empty subset of `items`, in their order. */
function subsets<T>(items: readonly T[]): T[][] {
  const all: T[][] = [];
  for (let mask = 1; mask < 1 << items.length; mask++) {
    all.push(items.filter((_, index) => mask & (1 << index)));
  }
  return all;
}

function project(products: Product[], methods: (typeof METHODS)[number][]): Project {
  const settings = resolveProjectSettings(
    {
      name: 'Combination',
      publicToken: 'public-token-test-combination',
      products,
      otp: { methods },
      oauth: { providers: { google: { clientId: 'g' }, github: { clientId: 'h' } } },
    },
    settingsParts,
  );
  return { settings } as Project;
}

interface Offered {
  products: string[];
  otpOptions: { methods: string[] };
  oauthOptions?: { providers: { type: string }[] };
}

describe('the authorization page’s sign-in config', () => {
  test('every product and passcode combination: accepted by the widget, each way to sign in offered', () => {
    let checked = 0;
    for (const products of subsets(PRODUCTS)) {
      // Refused at load (server/config/config.ts; config.test.ts checks it).
      if (products.length === 1 && products[0] === 'passkeys') continue;
      for (const methods of subsets(METHODS)) {
        const name = `${products.join('+')} (otp: ${methods.join(',')})`;
        const offered = signInConfig(project(products, methods)) as unknown as Offered;
        const { configError, problems, config } = checkConfig(offered);
        assert.deepEqual(problems, [], name);
        checked++;
        // Only products the project has, in its order.
        assert.deepEqual(
          offered.products,
          products.filter((p) => offered.products.includes(p)),
          name,
        );
        assert.equal(configError, undefined, name);
        assert.deepEqual(config.products, offered.products, name);
        // Every way the project signs in by email, phone, password, wallet, passkey or provider.
        for (const p of ['otp', 'passwords', 'crypto', 'passkeys', 'oauth'] as const) {
          assert.equal(offered.products.includes(p), products.includes(p), `${name}: ${p}`);
        }
        // A button per provider the project configures.
        assert.deepEqual(
          offered.oauthOptions?.providers,
          products.includes('oauth') ? [{ type: 'google' }, { type: 'github' }] : undefined,
          name,
        );
        if (products.includes('otp')) assert.deepEqual(offered.otpOptions.methods, methods, name);
        const emailPasscodes = products.includes('otp') && methods.includes('email');
        // Magic links and email passcodes together: the Email tab is passcodes.
        assert.equal(
          offered.products.includes('emailMagicLinks'),
          products.includes('emailMagicLinks') && !emailPasscodes,
          name,
        );
      }
    }
    assert.equal(checked, 62 * 7);
  });

  test('the development project: passcodes by text, WhatsApp and email, passwords, passkeys, wallets and the 19 development providers', () => {
    const config = loadConfig({ PORT: '8080' }, mkdtempSync(join(tmpdir(), 'velvet-idp-page-')));
    const development = config.projects.find((p) => p.publicToken === DEVELOPMENT_PUBLIC_TOKEN);
    assert.ok(development, 'the development project');
    const offered = signInConfig(development as unknown as Project);
    const checked = checkConfig(offered);
    assert.equal(checked.configError, undefined);
    assert.deepEqual(offered, {
      products: ['otp', 'passwords', 'passkeys', 'crypto', 'oauth'],
      otpOptions: { methods: ['sms', 'whatsapp', 'email'], expirationMinutes: 10 },
      oauthOptions: { providers: OAUTH_PROVIDERS.map((type) => ({ type })) },
    });
  });
});
