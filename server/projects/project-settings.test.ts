import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, test } from 'node:test';
import { configFileValidator } from '../config/config-file-validator.js';
import { cryptoProduct } from '../products/crypto/crypto-product.js';
import { idpProduct } from '../products/idp/idp-product.js';
import { magicLinksProduct } from '../products/magic-links/magic-links-product.js';
import { oauthProduct } from '../products/oauth/oauth-product.js';
import { otpProduct } from '../products/otp/otp-product.js';
import { passwordsProduct } from '../products/passwords/passwords-product.js';
import type { ServerProduct } from '../products/product.js';
import { settingsParts } from '../products/registry.js';
import { sessionExchangeProduct } from '../products/session-exchange/session-exchange-product.js';
import { sessionsProduct } from '../products/sessions/sessions-product.js';
import {
  defaultProjectSettings,
  type ProjectConfig,
  type ProjectSettings,
  projectConfigSchema,
  resolveProjectSettings,
} from './project-settings.js';
import type { SettingsPart } from './settings-part.js';

/** The core's keys of a project in the config file. */
const CORE_KEYS = [
  'name',
  'publicToken',
  'authorizedOrigins',
  'products',
  'emailDomains',
  'botProtection',
];

/** Which product owns which keys. */
const OWNERS: ReadonlyArray<[ServerProduct, string[]]> = [
  [otpProduct, ['otp', 'sms']],
  [magicLinksProduct, ['emailMagicLinks']],
  [sessionsProduct, ['sessions']],
  [passwordsProduct, ['passwords']],
  [cryptoProduct, ['cryptoWallets']],
  [idpProduct, ['idp']],
  [sessionExchangeProduct, ['trustedTokenProfiles']],
  [oauthProduct, ['oauth']],
];

/** The settings a project got for an empty config before products contributed their parts. */
const DEFAULTS: ProjectSettings = {
  authorizedOrigins: [],
  products: ['emailMagicLinks', 'otp'],
  otp: {
    methods: ['sms', 'whatsapp', 'email'],
    defaultExpirationMinutes: 10,
    sendLimits: {
      perDestination: { max: 5, windowMinutes: 15 },
      perIp: { max: 200, windowMinutes: 15 },
    },
    authenticateLimit: { perIp: { max: 600, windowMinutes: 15 } },
  },
  emailMagicLinks: {
    loginRedirectURLs: [],
    signupRedirectURLs: [],
    pkceRequired: false,
    sendLimits: {
      perDestination: { max: 5, windowMinutes: 15 },
      perIp: { max: 30, windowMinutes: 15 },
    },
    authenticateLimit: { perIp: { max: 100, windowMinutes: 15 } },
  },
  sessions: {
    defaultDurationMinutes: 60,
    maxDurationMinutes: 10_080,
    metadataRetentionDays: 30,
    siteGuestDurationDays: 30,
  },
  sms: {
    allowedCountries: ['US', 'CA'],
    maxPerHour: 300,
    maxPerHourPerPrefix: 150,
    guestListOnly: false,
  },
  emailDomains: [],
  passwords: {
    strengthPolicy: 'zxcvbn',
    ludsComplexity: 3,
    ludsMinimumCount: 8,
    breachedPasswords: 'offline',
    pwnedPasswordsUrl: 'https://api.pwnedpasswords.com',
    resetRedirectUrls: [],
    resetExpirationMinutes: 30,
    pkceRequiredForResets: false,
    authenticateLimit: { perIp: { max: 50, windowMinutes: 15 } },
    strengthCheckLimit: { perIp: { max: 600, windowMinutes: 15 } },
    resetSendLimits: {
      perEmail: { max: 5, windowMinutes: 15 },
      perIp: { max: 30, windowMinutes: 15 },
    },
  },
  cryptoWallets: { siweRequired: true },
  botProtection: { captcha: null },
  idp: { clients: [] },
  trustedTokenProfiles: [],
  oauth: { providers: {}, loginRedirectURLs: [], signupRedirectURLs: [] },
  rsvp: { maxPartySize: 4, noteMaxLength: 500, deadline: null },
  hosts: [],
};

/** A config with every key set, no value its default. */
const EVERY_KEY: ProjectConfig = {
  name: 'Every key',
  publicToken: 'public-token-test-00000000-every-key',
  authorizedOrigins: ['https://Party.example:443/', 'http://localhost:3000'],
  products: ['otp', 'passwords', 'oauth'],
  otp: {
    methods: ['sms'],
    defaultExpirationMinutes: 5,
    sendLimits: {
      perDestination: { max: 3, windowMinutes: 10 },
      perIp: { max: 100, windowMinutes: 30 },
    },
    authenticateLimit: { perIp: { max: 300, windowMinutes: 20 } },
  },
  emailMagicLinks: {
    loginRedirectURLs: ['https://party.example/in'],
    signupRedirectURLs: ['https://party.example/welcome'],
    pkceRequired: true,
    sendLimits: {
      perDestination: { max: 2, windowMinutes: 5 },
      perIp: { max: 20, windowMinutes: 25 },
    },
    authenticateLimit: { perIp: { max: 50, windowMinutes: 10 } },
  },
  sessions: {
    defaultDurationMinutes: 30,
    maxDurationMinutes: 1440,
    metadataRetentionDays: 7,
    siteGuestDurationDays: 2,
  },
  sms: { allowedCountries: ['FR'], maxPerHour: 99, maxPerHourPerPrefix: 7, guestListOnly: true },
  emailDomains: ['party.example'],
  passwords: {
    strengthPolicy: 'luds',
    ludsComplexity: 4,
    ludsMinimumCount: 12,
    breachedPasswords: 'pwned-passwords',
    pwnedPasswordsUrl: 'http://127.0.0.1:9999',
    resetRedirectUrls: ['https://party.example/reset'],
    resetExpirationMinutes: 60,
    pkceRequiredForResets: true,
    authenticateLimit: { perIp: { max: 10, windowMinutes: 5 } },
    strengthCheckLimit: { perIp: { max: 20, windowMinutes: 5 } },
    resetSendLimits: {
      perEmail: { max: 1, windowMinutes: 60 },
      perIp: { max: 3, windowMinutes: 60 },
    },
  },
  cryptoWallets: { siweRequired: false },
  botProtection: {
    captcha: {
      provider: 'turnstile',
      siteKey: 'site-key',
      secretKey: 'secret',
      mode: 'DECISIONING',
    },
  },
  idp: {
    clients: [
      { clientId: 'app', type: 'public', redirectUris: ['https://app.example/cb'] },
      {
        clientId: 'server',
        clientName: 'Server',
        clientDescription: 'A server.',
        type: 'confidential',
        clientSecretSha256: 'a'.repeat(64),
        redirectUris: ['https://server.example/cb'],
        postLogoutRedirectUris: ['https://server.example/'],
        scopes: ['openid'],
        skipConsent: true,
        idTokenSignedResponseAlg: 'ES256',
      },
    ],
  },
  trustedTokenProfiles: [
    {
      profileId: 'a',
      issuer: 'https://issuer.example',
      audience: 'velvet',
      jwksUrl: 'https://issuer.example/jwks',
    },
    {
      profileId: 'b',
      issuer: 'https://other.example',
      audience: 'velvet',
      jwksUrl: 'https://other.example/jwks',
      userClaim: 'email',
      userClaimHolds: 'email',
    },
  ],
  oauth: {
    providers: { google: { clientId: 'google-id', clientSecret: 'google-secret', scopes: ['x'] } },
    loginRedirectURLs: ['https://party.example/oauth'],
  },
  rsvp: { maxPartySize: 6, noteMaxLength: 200, deadline: '2025-07-19T23:59:00-07:00' },
  hosts: ['+14155550142', 'juno@example.com'],
};

/** What `EVERY_KEY` resolved to before products contributed their parts. */
const EVERY_KEY_SETTINGS: ProjectSettings = {
  authorizedOrigins: ['https://party.example', 'http://localhost:3000'],
  products: ['otp', 'passwords', 'oauth'],
  otp: {
    methods: ['sms'],
    defaultExpirationMinutes: 5,
    sendLimits: {
      perDestination: { max: 3, windowMinutes: 10 },
      perIp: { max: 100, windowMinutes: 30 },
    },
    authenticateLimit: { perIp: { max: 300, windowMinutes: 20 } },
  },
  emailMagicLinks: {
    loginRedirectURLs: ['https://party.example/in'],
    signupRedirectURLs: ['https://party.example/welcome'],
    pkceRequired: true,
    sendLimits: {
      perDestination: { max: 2, windowMinutes: 5 },
      perIp: { max: 20, windowMinutes: 25 },
    },
    authenticateLimit: { perIp: { max: 50, windowMinutes: 10 } },
  },
  sessions: {
    defaultDurationMinutes: 30,
    maxDurationMinutes: 1440,
    metadataRetentionDays: 7,
    siteGuestDurationDays: 2,
  },
  sms: { allowedCountries: ['FR'], maxPerHour: 99, maxPerHourPerPrefix: 7, guestListOnly: true },
  emailDomains: ['party.example'],
  passwords: {
    strengthPolicy: 'luds',
    ludsComplexity: 4,
    ludsMinimumCount: 12,
    breachedPasswords: 'pwned-passwords',
    pwnedPasswordsUrl: 'http://127.0.0.1:9999',
    resetRedirectUrls: ['https://party.example/reset'],
    resetExpirationMinutes: 60,
    pkceRequiredForResets: true,
    authenticateLimit: { perIp: { max: 10, windowMinutes: 5 } },
    strengthCheckLimit: { perIp: { max: 20, windowMinutes: 5 } },
    resetSendLimits: {
      perEmail: { max: 1, windowMinutes: 60 },
      perIp: { max: 3, windowMinutes: 60 },
    },
  },
  cryptoWallets: { siweRequired: false },
  botProtection: {
    captcha: {
      provider: 'turnstile',
      siteKey: 'site-key',
      secretKey: 'secret',
      mode: 'DECISIONING',
      verifyUrl: 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
    },
  },
  idp: {
    clients: [
      {
        clientId: 'app',
        clientName: 'The App',
        clientDescription: '',
        type: 'public',
        redirectUris: ['https://app.example/cb'],
        postLogoutRedirectUris: [],
        scopes: ['openid', 'profile', 'email', 'phone', 'offline_access'],
        skipConsent: false,
        idTokenSignedResponseAlg: 'RS256',
      },
      {
        clientId: 'server',
        clientName: 'Server',
        clientDescription: 'A server.',
        type: 'confidential',
        clientSecretSha256: 'a'.repeat(64),
        redirectUris: ['https://server.example/cb'],
        postLogoutRedirectUris: ['https://server.example/'],
        scopes: ['openid'],
        skipConsent: true,
        idTokenSignedResponseAlg: 'ES256',
      },
    ],
  },
  trustedTokenProfiles: [
    {
      profileId: 'a',
      issuer: 'https://issuer.example',
      audience: 'velvet',
      jwksUrl: 'https://issuer.example/jwks',
      userClaim: 'sub',
      userClaimHolds: 'user_id',
    },
    {
      profileId: 'b',
      issuer: 'https://other.example',
      audience: 'velvet',
      jwksUrl: 'https://other.example/jwks',
      userClaim: 'email',
      userClaimHolds: 'email',
    },
  ],
  oauth: {
    providers: { google: { clientId: 'google-id', clientSecret: 'google-secret', scopes: ['x'] } },
    loginRedirectURLs: ['https://party.example/oauth'],
    signupRedirectURLs: ['https://party.example/oauth'],
  },
  rsvp: { maxPartySize: 6, noteMaxLength: 200, deadline: '2025-07-19T23:59:00-07:00' },
  hosts: ['+14155550142', 'juno@example.com'],
};

/** The project of "The config file" in docs/configuration.md, which shows the defaults. */
function documentedProject(): Record<string, unknown> {
  const page = readFileSync(
    join(import.meta.dirname, '..', '..', 'docs', 'configuration.md'),
    'utf8',
  );
  const section = page.indexOf('defaults are shown:');
  assert.ok(section > 0, 'docs/configuration.md says where the defaults are shown');
  const start = page.indexOf('```json\n', section) + '```json\n'.length;
  const file = JSON.parse(page.slice(start, page.indexOf('```', start))) as {
    projects: Record<string, unknown>[];
  };
  return file.projects[0] ?? {};
}

/** A part with a key another owner has. */
function partWithKey(key: string): SettingsPart {
  return { key, schema: { type: 'object' }, defaults: {}, resolve: () => ({}) };
}

describe("a project's settings, merged from the products' parts", () => {
  test('each product contributes the keys it owns, and no key twice', () => {
    for (const [product, keys] of OWNERS) {
      assert.deepEqual(
        product.settings?.map((part) => part.key),
        keys,
      );
    }
    // The site's RSVP rules and hosts (server/site/) belong to no product.
    const owned = [...OWNERS.flatMap(([, keys]) => keys), 'rsvp', 'hosts'];
    assert.deepEqual(settingsParts.map((part) => part.key).sort(), [...owned].sort());
    assert.equal(new Set(owned).size, owned.length);
  });

  test('the merged schema and defaults hold the core keys and every part key once', () => {
    const schema = projectConfigSchema(settingsParts) as { properties: Record<string, unknown> };
    const partKeys = settingsParts.map((part) => part.key);
    assert.deepEqual(Object.keys(schema.properties).sort(), [...CORE_KEYS, ...partKeys].sort());
    for (const part of settingsParts) assert.equal(schema.properties[part.key], part.schema);
    const defaults = defaultProjectSettings(settingsParts);
    assert.deepEqual(
      Object.keys(defaults).sort(),
      [...CORE_KEYS.filter((key) => key !== 'name' && key !== 'publicToken'), ...partKeys].sort(),
    );
  });

  test('the defaults are those the project settings had, and a bare config resolves to them', () => {
    assert.deepEqual(defaultProjectSettings(settingsParts), DEFAULTS);
    const bare = { name: 'Bare', publicToken: 'public-token-test-00000000-bare' };
    assert.deepEqual(resolveProjectSettings(bare, settingsParts), DEFAULTS);
    for (const part of settingsParts) {
      assert.deepEqual(part.resolve(undefined), part.defaults, part.key);
    }
  });

  test('the defaults are those the config example of docs/configuration.md shows', () => {
    const documented = documentedProject();
    const defaults = defaultProjectSettings(settingsParts) as unknown as Record<string, unknown>;
    const shown = Object.keys(documented).filter(
      (key) => !['name', 'publicToken', 'authorizedOrigins'].includes(key),
    );
    assert.ok(shown.length >= 10, `the page shows ${shown.join(', ')}`);
    for (const key of shown) assert.deepEqual(defaults[key], documented[key], key);
  });

  test('a config with every key is valid and resolves as it did before', () => {
    const validate = configFileValidator();
    assert.equal(validate({ projects: [EVERY_KEY] }), true, JSON.stringify(validate.errors));
    assert.deepEqual(resolveProjectSettings(EVERY_KEY, settingsParts), EVERY_KEY_SETTINGS);
  });

  test('values left out follow the ones given: sign-ups land where logins do, texts per prefix', () => {
    const settings = resolveProjectSettings(
      {
        name: 'Half',
        publicToken: 'public-token-test-00000000-half',
        sms: { maxPerHour: 7 },
        emailMagicLinks: { loginRedirectURLs: ['https://a.example/'] },
        oauth: { loginRedirectURLs: ['https://a.example/o'] },
      },
      settingsParts,
    );
    assert.equal(settings.sms.maxPerHourPerPrefix, 4);
    assert.deepEqual(settings.emailMagicLinks.signupRedirectURLs, ['https://a.example/']);
    assert.deepEqual(settings.oauth.signupRedirectURLs, ['https://a.example/o']);
  });

  test('two parts with one key, or a part with a core key, are refused', () => {
    const twice = [...settingsParts, partWithKey('otp')];
    const message =
      'Two settings parts have the key "otp"; each key of a project\'s settings has one owner';
    assert.throws(() => projectConfigSchema(twice), { message });
    assert.throws(() => defaultProjectSettings(twice), { message });
    const config = { name: 'P', publicToken: 'public-token-test-00000000-twice' };
    assert.throws(() => resolveProjectSettings(config, twice), { message });
    assert.throws(() => projectConfigSchema([partWithKey('products')]), {
      message:
        'The settings key "products" belongs to the core\'s settings; a product cannot contribute it',
    });
  });
});
