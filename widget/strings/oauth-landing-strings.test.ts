/**
 * The success an OAuth redirect lands on (once per page and token, so its own file): the page's
 * `strings` replace its texts, and in es and fr it shows the catalogue's, with no English
 * (`testing/english-texts.ts`) and nothing for axe.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { authenticateBody, success } from '../client/testing/fixtures.js';
import { afterEach, describe, it } from '../client/testing/mocha.js';
import { cleanUpClients, createTestClient } from '../client/testing/test-client.js';
import { waitFor } from '../client/testing/wait-for.js';
import type { VelvetLogin } from '../element/velvet-login.js';
import '../velvet.js';
import { englishIn, englishMatchers, TRANSLATIONS } from './testing/english-texts.js';
import { visibleTexts } from './testing/screen-tour.js';

const home = location.pathname;
let tokens = 0;

/** A page opened by a provider's redirect, with a fresh token, in `locale`. */
async function landOnPage(locale: string, strings: Record<string, unknown> = {}) {
  tokens += 1;
  history.replaceState(null, '', `${home}?stytch_token_type=oauth&token=oauth-token-${tokens}`);
  const test = createTestClient();
  test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, { json: success({}) });
  test.api.on('POST', '/oauth/authenticate', {
    json: success({
      ...(authenticateBody('oauth-session').data as Record<string, unknown>),
      provider_subject: 'ada',
      provider_type: 'Google',
      provider_values: {
        access_token: 'a',
        id_token: '',
        refresh_token: '',
        scopes: [],
        expires_at: null,
      },
      oauth_user_registration_id: 'oauth-user-registration-test-1',
      reset_sessions: false,
    }),
  });
  const el = await fixture<VelvetLogin>(html`<velvet-login
    public-token=${test.publicToken}
    .client=${test.client}
    .clock=${test.clock}
    .config=${{ locale, products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } }}
    .strings=${strings}
  ></velvet-login>`);
  if (locale !== 'en') await waitFor(() => el.getAttribute('lang') === locale, 'no catalogue');
  await waitFor(
    () => el.querySelector('.velvet-oauth__done .velvet-text')?.textContent?.trim(),
    'no success',
  );
  return el;
}

afterEach(async () => {
  history.replaceState(null, '', home);
  await cleanUpClients();
});

describe('the OAuth success after a redirect', () => {
  it('shows the texts a page gives in `strings`', async () => {
    const el = await landOnPage('en', {
      oauthSuccessTitle: 'Welcome back',
      oauthSuccessText: 'In.',
    });
    expect(el.querySelector('.velvet-oauth__done .velvet-title')?.textContent).to.equal(
      'Welcome back',
    );
    expect(el.querySelector('.velvet-oauth__done .velvet-text')?.textContent).to.equal('In.');
  });

  for (const [locale, translation] of Object.entries(TRANSLATIONS)) {
    const { catalogue } = translation;
    it(`says it in ${locale}, with no English, and axe finds nothing`, async () => {
      const el = await landOnPage(locale);
      const done = el.querySelector('.velvet-oauth__done');
      expect(done?.querySelector('.velvet-title')?.textContent).to.equal(
        catalogue.oauth.oauthSuccessTitle,
      );
      expect(done?.querySelector('.velvet-text')?.textContent).to.equal(
        catalogue.oauth.oauthSuccessText,
      );
      expect(englishIn(visibleTexts(el), englishMatchers(translation))).to.deep.equal([]);
      await expect(el).to.be.accessible();
    });
  }
});
