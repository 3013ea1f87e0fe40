/**
 * The OAuth, One Tap, crypto-wallet and identity-provider texts are the page's to replace through
 * `strings`, as the core's are: each one given shows instead of the English (every screen of
 * `testing/screen-tour.ts`, and One Tap's other failures), and the Spanish and French
 * catalogues' texts show in their locales.
 */
import { expect, fixture, html, nextFrame } from '@open-wc/testing';
import { apiErrorBody, success } from '../client/testing/fixtures.js';
import { afterEach, describe, it } from '../client/testing/mocha.js';
import { cleanUpClients, createTestClient } from '../client/testing/test-client.js';
import { waitFor } from '../client/testing/wait-for.js';
import type { VelvetLogin } from '../element/velvet-login.js';
import { cryptoStrings } from '../products/crypto/crypto-strings.js';
import { IDP_STRINGS_EN } from '../products/idp/idp-strings.js';
import { oauthStrings } from '../products/oauth/oauth-strings.js';
import { googleScript } from '../products/one-tap/google-identity.js';
import { oneTapStrings } from '../products/one-tap/one-tap-strings.js';
import { TRANSLATIONS } from './testing/english-texts.js';
import { tourEveryScreen, visibleTexts } from './testing/screen-tour.js';

/** The texts this test holds to `strings`, by catalogue. */
const CATALOGUES = {
  oauth: oauthStrings,
  oneTap: oneTapStrings,
  crypto: cryptoStrings,
  idp: IDP_STRINGS_EN,
} as const;

/**
 * The keys this file's screens do not show: the identity provider's `loading` (its loading view
 * is empty), and the success after an OAuth redirect (`oauth-landing-strings.test.ts`'s).
 */
const NEVER_SHOWN = new Set(['loading', 'oauthSuccessTitle', 'oauthSuccessText']);

/**
 * A page's override of every text: `«key»`, or a function giving `«key»` and its values (so a
 * text given as a value, such as the application's default name, shows too).
 */
function overridesOf(catalogue: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(catalogue).map(([key, text]) => [
      key,
      typeof text === 'function'
        ? (...values: unknown[]) => `«${key}»(${values.join(', ')})`
        : `«${key}»`,
    ]),
  );
}

const STAND_IN_URL = new URL('../../server/dev-identity/gsi-client.js', import.meta.url).href;

/** The page's overrides of every text this test holds to `strings`. */
const OVERRIDES: Record<string, unknown> = Object.assign(
  {},
  ...Object.values(CATALOGUES).map(overridesOf),
);

/** The widgets whose One Tap failures are checked: English with `OVERRIDES`, Spanish, French. */
const ONE_TAP_LOCALES: ReadonlyArray<[locale: string, strings: Record<string, unknown>]> = [
  ['en', OVERRIDES],
  ['es', {}],
  ['fr', {}],
];

/** Mounts a widget with One Tap whose start answers `start`, and adds its texts to `seen`. */
async function oneTapFailure(
  locale: string,
  strings: Record<string, unknown>,
  start: () => unknown,
  seen: Set<string>,
): Promise<void> {
  const test = createTestClient();
  test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, { json: success({}) });
  test.api.on('GET', '/oauth/google/onetap/start', start as () => { json: unknown });
  const el = await fixture<VelvetLogin>(html`<velvet-login
    public-token=${test.publicToken}
    .client=${test.client}
    .clock=${test.clock}
    .config=${{
      locale,
      products: ['oauth', 'otp'],
      otpOptions: { methods: ['sms'] },
      oauthOptions: {
        providers: [{ type: 'google', one_tap: true }],
        loginRedirectURL: 'https://app.example/login',
        signupRedirectURL: 'https://app.example/signup',
      },
    }}
    .strings=${strings}
  ></velvet-login>`);
  if (locale !== 'en') await waitFor(() => el.getAttribute('lang') === locale, 'no catalogue');
  await el.updateComplete;
  await nextFrame();
  const alert = await waitFor(
    () => el.querySelector('velvet-google-one-tap velvet-alert')?.getAttribute('text'),
    'no One Tap error',
  );
  seen.add(alert);
  for (const text of visibleTexts(el)) seen.add(text);
  el.remove();
}

/**
 * One Tap's failures beyond the tour's (a project without a Google client), by locale: each
 * refusal of the server's, Google's script failing to load, and Google refusing to display.
 * Collected once for all locales, as Google's script, once loaded, stays for the page.
 */
async function collectOneTapFailures(): Promise<Map<string, Set<string>>> {
  const seen = new Map(ONE_TAP_LOCALES.map(([locale]) => [locale, new Set<string>()]));
  const each = async (start: () => unknown) => {
    for (const [locale, strings] of ONE_TAP_LOCALES) {
      await oneTapFailure(locale, strings, start, seen.get(locale) ?? new Set());
    }
  };
  for (const errorType of [
    'no_login_redirect_urls_set',
    'no_signup_redirect_urls_set',
    'default_provider_not_allowed',
  ]) {
    await each(() => ({ status: 400, json: apiErrorBody(400, errorType, 'refused') }));
  }
  const started = () => ({
    json: success({ google_client_id: 'client-1', oauth_callback_id: 'c', nonce: 'n' }),
  });
  const original = googleScript.url;
  const globals = window as unknown as Record<string, unknown>;
  try {
    googleScript.url = new URL('/no-such-google-script.js', location.href).href;
    await each(started);
    googleScript.url = STAND_IN_URL;
    for (const notDisplayedReason of ['unregistered_origin', 'invalid_client']) {
      globals.velvetGoogleStandIn = { calls: [], notDisplayedReason };
      await each(started);
    }
  } finally {
    googleScript.url = original;
    delete globals.velvetGoogleStandIn;
  }
  return seen;
}

let oneTapFailures: Promise<Map<string, Set<string>>> | undefined;

/** The texts One Tap's failures showed in `locale`. */
async function oneTapFailureTexts(locale: string): Promise<Set<string>> {
  oneTapFailures ??= collectOneTapFailures();
  return (await oneTapFailures).get(locale) ?? new Set();
}

afterEach(async () => {
  await cleanUpClients();
});

describe('the product texts through strings and in each locale', () => {
  it('shows every OAuth, One Tap, crypto and identity-provider text a page gives in `strings`', async () => {
    const seen = new Set<string>(await oneTapFailureTexts('en'));
    await tourEveryScreen('en', OVERRIDES, async (_screen, root) => {
      for (const text of visibleTexts(root)) seen.add(text);
    });
    const all = [...seen].join('\n');
    const missing = Object.values(CATALOGUES)
      .flatMap((catalogue) => Object.keys(catalogue))
      .filter((key) => !NEVER_SHOWN.has(key) && !all.includes(`«${key}»`));
    expect(missing, `not shown: ${missing.join(', ')}`).to.deep.equal([]);
    // Nothing English of them is left where a text was replaced.
    expect(all).to.not.include('Continue with Google');
    expect(all).to.not.include('Are you sure you want to log out of your account?');
  });

  for (const [locale, translation] of Object.entries(TRANSLATIONS)) {
    const { catalogue } = translation;
    it(`shows the ${locale} catalogue's OAuth, One Tap, crypto and identity-provider texts`, async () => {
      const seen = new Set<string>(await oneTapFailureTexts(locale));
      await tourEveryScreen(locale, {}, async (_screen, root) => {
        for (const text of visibleTexts(root)) seen.add(text);
      });
      const t = {
        ...catalogue.oauth,
        ...translation.oneTap,
        ...catalogue.crypto,
        ...translation.idp,
      };
      const expected = [
        t.oauthButtonsLabel,
        t.continueWithProvider('Google'),
        t.oneTapPending,
        t.oneTapCouldNotLoad(t.oneTapNoClient),
        t.oneTapCouldNotLoad(t.oneTapNoLoginUrls),
        t.oneTapCouldNotLoad(t.oneTapNoSignupUrls),
        t.oneTapCouldNotLoad(t.oneTapDefaultProvider),
        t.oneTapCouldNotLoad(t.oneTapScriptFailed),
        t.oneTapCouldNotLoad(t.oneTapHostNotAllowed(location.host)),
        t.oneTapCouldNotLoad(t.oneTapInvalidClient),
        t.walletButtonsLabel,
        t.continueWithWallet('Metamask'),
        t.continueWithOtherWallet,
        t.connectTitle,
        t.signTitle,
        t.otherTitle,
        t.setUpNewWallet,
        t.getWallet('Phantom'),
        t.cryptoErrorTitle,
        t.couldNotConnect,
        t.couldNotSign,
        t.cryptoSuccessTitle,
        t.consentTitle('Party Planner'),
        t.consentTitleWantsAccess('Party Planner'),
        t.consentTitle(t.defaultClientName),
        t.consentGrantable('Party Planner'),
        t.consentUngrantable,
        t.scopeDescription('openid', 'Confirm who you are'),
        t.scopeDescription('party_planning', 'Use the party_planning scope'),
        t.allow,
        t.denied,
        t.noSession,
        t.signInAgain,
        t.missingParameter('redirect_uri'),
        t.logoutTitle,
        t.yes,
        t.notLoggedOut,
        t.redirecting,
        catalogue.errors.email_template_not_supported,
        catalogue.errors.too_many_requests,
      ];
      // As shown: French's narrow no-break spaces are spaces to the tour's text.
      const missing = expected.filter((text) => !seen.has(text.replace(/\s+/g, ' ').trim()));
      expect(missing, `not shown: ${missing.join(' | ')}`).to.deep.equal([]);
    });
  }
});
