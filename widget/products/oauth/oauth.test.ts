import { expect, fixture, html } from '@open-wc/testing';
import {
  siApple,
  siBitbucket,
  siDiscord,
  siFacebook,
  siFigma,
  siGithub,
  siGitlab,
  siSnapchat,
  siTiktok,
  siTwitch,
  siX,
} from 'simple-icons';
import { OAUTH_PROVIDERS } from '../../client/oauth-provider-names.js';
import { apiErrorBody, authenticateBody, success } from '../../client/testing/fixtures.js';
import { afterEach, describe, it } from '../../client/testing/mocha.js';
import {
  cleanUpClients,
  createTestClient,
  type TestClient,
} from '../../client/testing/test-client.js';
import { waitFor } from '../../client/testing/wait-for.js';
import type { VelvetLogin } from '../../element/velvet-login.js';
import type { VelvetErrorDetail, VelvetEventDetail } from '../../events.js';
import '../../velvet.js';

const home = location.pathname;

afterEach(async () => {
  history.replaceState(null, '', home);
  await cleanUpClients();
});

interface Mounted {
  el: VelvetLogin;
  test: TestClient;
  opened: string[];
  events: VelvetEventDetail[];
  errors: VelvetErrorDetail[];
  text(): string;
  oauthButtons(): HTMLButtonElement[];
}

async function mount(config: unknown, setup?: (test: TestClient) => void): Promise<Mounted> {
  const opened: string[] = [];
  const test = createTestClient({
    apiBase: 'http://id.velvet.test',
    navigate: (url) => opened.push(url),
  });
  setup?.(test);
  const events: VelvetEventDetail[] = [];
  const errors: VelvetErrorDetail[] = [];
  const el = await fixture<VelvetLogin>(html`<velvet-login
    public-token=${test.publicToken}
    .client=${test.client}
    .clock=${test.clock}
    .config=${config}
    .callbacks=${{
      onEvent: (detail: VelvetEventDetail) => events.push(detail),
      onError: (detail: VelvetErrorDetail) => errors.push(detail),
    }}
  ></velvet-login>`);
  const root = () => el.shadowRoot ?? el;
  return {
    el,
    test,
    opened,
    events,
    errors,
    text: () => root().textContent?.replace(/\s+/g, ' ').trim() ?? '',
    oauthButtons: () => [...root().querySelectorAll<HTMLButtonElement>('.velvet-oauth__button')],
  };
}

/** The button's visible label (its mark is decorative). */
const label = (button: HTMLButtonElement) => button.querySelector('span')?.textContent?.trim();

describe('OAuth in <velvet-login>', () => {
  it("shows 'Continue with X' per provider in order, marks for known ones, and the divider before the form", async () => {
    const mounted = await mount({
      products: ['oauth', 'otp'],
      otpOptions: { methods: ['sms'], expirationMinutes: 10 },
      oauthOptions: { providers: [{ type: 'google' }, { type: 'github' }, { type: 'myspace' }] },
    });
    await waitFor(
      () => mounted.oauthButtons().length === 3 && mounted.el.querySelector('form'),
      () => `the buttons and form did not render: ${mounted.text()}`,
    );
    const buttons = mounted.oauthButtons();
    expect(buttons.map(label)).to.deep.equal(['Continue with Google', 'Continue with GitHub', '']);
    expect(buttons[2]?.getAttribute('aria-label')).to.equal('Continue with myspace');
    await waitFor(
      () => buttons[0]?.querySelector('svg') && buttons[1]?.querySelector('svg'),
      'the marks did not load',
    );
    expect(buttons[2]?.querySelector('svg')).to.equal(null);
    // Only the configured providers' marks were downloaded.
    const loaded = performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.includes('/products/oauth/marks/'));
    expect(loaded.some((name) => name.includes('/marks/google.'))).to.equal(true);
    expect(loaded.some((name) => name.includes('/marks/yahoo.'))).to.equal(false);
    const divider = mounted.el.querySelector('[part=divider]');
    expect(divider?.textContent?.trim()).to.equal('or');
    expect(divider?.previousElementSibling?.classList.contains('velvet-section--oauth')).to.equal(
      true,
    );
    expect(divider?.nextElementSibling?.classList.contains('velvet-section--form')).to.equal(true);
    await expect(mounted.el).to.be.accessible();
  });

  it('shows at most 6 provider buttons on the main screen', async () => {
    const types = [
      'google',
      'microsoft',
      'apple',
      'github',
      'gitlab',
      'facebook',
      'discord',
      'yahoo',
    ];
    const mounted = await mount({
      products: ['oauth'],
      oauthOptions: { providers: types.map((type) => ({ type })) },
    });
    await waitFor(() => mounted.oauthButtons().length > 0, 'no buttons');
    expect(mounted.oauthButtons().map(label)).to.deep.equal([
      'Continue with Google',
      'Continue with Microsoft',
      'Continue with Apple',
      'Continue with GitHub',
      'Continue with GitLab',
      'Continue with Facebook',
    ]);
  });

  it('a button sends the browser to the server start URL with the page’s options and a PKCE challenge', async () => {
    const mounted = await mount({
      products: ['oauth'],
      oauthOptions: {
        providers: [
          { type: 'github', custom_scopes: ['repo'], provider_params: { login: 'octo' } },
        ],
        loginRedirectURL: 'http://app.velvet.test/in',
        signupRedirectURL: 'http://app.velvet.test/welcome',
      },
    });
    await waitFor(() => mounted.oauthButtons().length === 1, 'no button');
    mounted.oauthButtons()[0]?.click();
    await waitFor(() => mounted.opened.length === 1, 'the browser was not sent on');
    const url = new URL(mounted.opened[0] ?? '');
    expect(`${url.origin}${url.pathname}`).to.equal(
      'http://id.velvet.test/sdk/v1/public/oauth/github/start',
    );
    expect(url.searchParams.get('public_token')).to.equal(mounted.test.publicToken);
    expect(url.searchParams.get('code_challenge')).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('custom_scopes')).to.equal('repo');
    expect(url.searchParams.get('provider_login')).to.equal('octo');
    expect(url.searchParams.get('login_redirect_url')).to.equal('http://app.velvet.test/in');
    expect(url.searchParams.get('signup_redirect_url')).to.equal('http://app.velvet.test/welcome');
  });

  it('the page a redirect opens signs in with its token and says so', async () => {
    history.replaceState(null, '', `${home}?stytch_token_type=oauth&token=oauth-token-1`);
    const mounted = await mount(
      { products: ['oauth', 'otp'], oauthOptions: { providers: [{ type: 'google' }] } },
      (test) =>
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
        }),
    );
    await waitFor(
      () => mounted.text().includes('You are signed in.'),
      () => `no success: ${mounted.text()}`,
    );
    expect(location.search, 'the token leaves the address bar').to.equal('');
    const [sent] = mounted.test.api.requestsTo('/oauth/authenticate');
    expect((sent?.body as { token?: string } | undefined)?.token).to.equal('oauth-token-1');
    expect(mounted.events.map((event) => event.type)).to.include.members([
      'OAUTH_AUTHENTICATE',
      'AUTHENTICATE_FLOW_COMPLETE',
    ]);
    expect(mounted.test.client.session.getSync()).to.not.equal(null);
    await expect(mounted.el).to.be.accessible();
  });

  it('a used or unknown redirect token shows the server’s message and keeps the buttons', async () => {
    history.replaceState(null, '', `${home}?stytch_token_type=oauth&token=oauth-token-used`);
    const mounted = await mount(
      { products: ['oauth'], oauthOptions: { providers: [{ type: 'google' }] } },
      (test) =>
        test.api.on('POST', '/oauth/authenticate', {
          status: 404,
          json: apiErrorBody(
            404,
            'oauth_token_not_found',
            'The OAuth token could not be authenticated: it was already used, it expired, or it is not valid. Please sign in again.',
          ),
        }),
    );
    await waitFor(
      () => mounted.text().includes('The OAuth token could not be authenticated'),
      () => `no error: ${mounted.text()}`,
    );
    expect(mounted.errors[0]?.message).to.contain('The OAuth token could not be authenticated');
    expect(mounted.oauthButtons().map(label)).to.deep.equal(['Continue with Google']);
    expect(mounted.test.client.session.getSync()).to.equal(null);
    await expect(mounted.el).to.be.accessible();
  });

  describe('each provider’s button shows its mark', () => {
    /** The providers whose mark is simple-icons' (Twitter's is X's). */
    const SIMPLE_ICONS: Readonly<Record<string, { path: string }>> = {
      apple: siApple,
      github: siGithub,
      gitlab: siGitlab,
      facebook: siFacebook,
      discord: siDiscord,
      bitbucket: siBitbucket,
      twitch: siTwitch,
      twitter: siX,
      tiktok: siTiktok,
      snapchat: siSnapchat,
      figma: siFigma,
    };
    /**
     * simple-icons 16 has no mark for these (Coinbase's is a wordmark, unreadable at 20 px): the
     * button shows the brand's initials.
     */
    const MONOGRAMS: Readonly<Record<string, string>> = {
      coinbase: 'C',
      salesforce: 'SF',
      slack: 'S',
      amazon: 'a',
      linkedin: 'in',
      yahoo: 'Y!',
    };

    /** What the button of `type` must draw, as a check of its mark's `<svg>`. */
    function expectMark(type: string, svg: SVGSVGElement): void {
      const fills = [...svg.querySelectorAll('path, rect')].map((shape) =>
        shape.getAttribute('fill')?.toUpperCase(),
      );
      const icon = SIMPLE_ICONS[type];
      if (icon) {
        const paths = [...svg.querySelectorAll('path')].map((path) => path.getAttribute('d'));
        expect(paths, `${type}: simple-icons' path`).to.include(icon.path);
      } else if (type === 'google') {
        // Google's four-colour G, as its sign-in branding guidelines ask.
        expect(fills).to.deep.equal(['#EA4335', '#4285F4', '#FBBC05', '#34A853']);
      } else if (type === 'microsoft') {
        // Microsoft's four squares in their colours.
        expect(svg.querySelectorAll('rect').length).to.equal(4);
        expect(fills).to.have.members(['#F25022', '#7FBA00', '#00A4EF', '#FFB900']);
      } else {
        expect(svg.querySelector('text')?.textContent, `${type}: its monogram`).to.equal(
          MONOGRAMS[type],
        );
      }
    }

    it('covers all 19 providers', () => {
      const covered = [...Object.keys(SIMPLE_ICONS), ...Object.keys(MONOGRAMS)];
      expect([...covered, 'google', 'microsoft']).to.have.members([...OAUTH_PROVIDERS]);
    });

    // The main screen shows at most 6 buttons: the providers in groups of 5.
    for (let start = 0; start < OAUTH_PROVIDERS.length; start += 5) {
      const group = OAUTH_PROVIDERS.slice(start, start + 5);
      it(`${group.join(', ')}: the mark beside the name, hidden from assistive technology`, async () => {
        const mounted = await mount({
          products: ['oauth'],
          oauthOptions: { providers: group.map((type) => ({ type })) },
        });
        await waitFor(
          () =>
            mounted.oauthButtons().length === group.length &&
            mounted.oauthButtons().every((button) => button.querySelector('svg')),
          () => `the marks did not all load: ${mounted.oauthButtons().map((b) => b.innerHTML)}`,
        );
        for (const button of mounted.oauthButtons()) {
          const type = button.dataset.provider ?? '';
          const svg = button.querySelector('svg');
          if (!svg) throw new Error(`${type}: no mark`);
          expect(svg.getAttribute('aria-hidden'), `${type}: decorative`).to.equal('true');
          expect(label(button), `${type}: the accessible name stays`).to.match(/^Continue with \S/);
          expectMark(type, svg);
        }
        await expect(mounted.el).to.be.accessible();
      });
    }
  });

  it('Google, Apple and Microsoft buttons keep their guidelines’ colours under a page theme', async () => {
    const mounted = await mount({
      products: ['oauth'],
      oauthOptions: {
        providers: [
          { type: 'google' },
          { type: 'apple' },
          { type: 'microsoft' },
          { type: 'github' },
        ],
      },
      theme: { colors: { primary: '#7b1fa2' } },
    });
    await waitFor(
      () =>
        mounted.oauthButtons().length === 4 &&
        mounted.oauthButtons().every((button) => button.querySelector('svg')),
      'the marks did not load',
    );
    const colours = mounted.oauthButtons().map((button) => {
      const style = getComputedStyle(button);
      return [style.backgroundColor, style.color, style.borderTopColor];
    });
    expect(colours).to.deep.equal([
      ['rgb(255, 255, 255)', 'rgb(31, 31, 31)', 'rgb(116, 119, 117)'],
      ['rgb(255, 255, 255)', 'rgb(0, 0, 0)', 'rgb(0, 0, 0)'],
      ['rgb(255, 255, 255)', 'rgb(94, 94, 94)', 'rgb(140, 140, 140)'],
      // The others follow the theme.
      ['rgb(255, 255, 255)', 'rgb(123, 31, 162)', 'rgb(123, 31, 162)'],
    ]);
    // Apple's logo takes the title's colour.
    const apple = mounted.oauthButtons()[1]?.querySelector('path');
    expect(apple && getComputedStyle(apple).fill).to.equal('rgb(0, 0, 0)');
    await expect(mounted.el).to.be.accessible();
  });
});
