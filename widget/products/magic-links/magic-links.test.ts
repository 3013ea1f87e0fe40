import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import { apiErrorBody, authenticateBody, success } from '../../client/testing/fixtures.js';
import { afterEach, describe, it } from '../../client/testing/mocha.js';
import {
  cleanUpClients,
  createTestClient,
  type TestClient,
} from '../../client/testing/test-client.js';
import { waitFor } from '../../client/testing/wait-for.js';
import type { VelvetEventDetail } from '../../events.js';
import '../../velvet.js';
import type { VelvetLogin } from '../../element/velvet-login.js';

interface Mounted {
  el: VelvetLogin;
  test: TestClient;
  events: VelvetEventDetail[];
  root(): ShadowRoot | HTMLElement;
  text(): string;
}

async function mount(
  config: unknown,
  setup: (test: TestClient) => void = () => {},
  strings: Record<string, unknown> = {},
): Promise<Mounted> {
  const test = createTestClient();
  test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, {
    json: success({ project_name: 'Party', email_domains: ['party.example'] }),
  });
  test.api.on('POST', '/events', { json: success({}) });
  setup(test);
  const events: VelvetEventDetail[] = [];
  const el = await fixture<VelvetLogin>(html`<velvet-login
    public-token=${test.publicToken}
    .client=${test.client}
    .clock=${test.clock}
    .config=${config}
    .strings=${strings}
    .callbacks=${{ onEvent: (detail: VelvetEventDetail) => events.push(detail) }}
  ></velvet-login>`);
  const mounted: Mounted = {
    el,
    test,
    events,
    root: () => el.shadowRoot ?? el,
    text: () => (el.shadowRoot ?? el).textContent?.replace(/\s+/g, ' ').trim() ?? '',
  };
  return mounted;
}

function button(mounted: Mounted, label: string): HTMLButtonElement {
  const found = [...mounted.root().querySelectorAll('button')].find(
    (candidate) => candidate.textContent?.trim() === label,
  );
  if (!found) throw new Error(`no button '${label}'`);
  return found;
}

async function typeEmail(mounted: Mounted, email: string): Promise<void> {
  const input = mounted.root().querySelector<HTMLInputElement>('input[type=email]');
  if (!input) throw new Error('no email input');
  input.focus();
  await sendKeys({ type: email });
}

async function screenTitled(mounted: Mounted, title: string): Promise<void> {
  await waitFor(
    () => mounted.root().querySelector('.velvet-title')?.textContent?.trim() === title,
    () => `the screen '${title}' did not show; shown: ${mounted.text().slice(0, 200)}`,
  );
}

function answerSend(test: TestClient): void {
  test.api.on('POST', '/magic_links/email/login_or_create', {
    json: success({ user_id: 'user-test-1', email_id: 'email-test-1' }),
  });
}

/** The telemetry events sent so far, by name, with their details. */
async function loggedEvents(mounted: Mounted): Promise<{ name: string; details: unknown }[]> {
  await mounted.test.clock.tick(800);
  await waitFor(() => mounted.test.api.requestsTo('/events').length > 0, 'no events sent');
  return mounted.test.api
    .requestsTo('/events')
    .flatMap((request) =>
      (
        request.body as { events: { event: { event_name: string; details?: unknown } }[] }
      ).events.map((record) => ({ name: record.event.event_name, details: record.event.details })),
    );
}

describe('email magic links in <velvet-login>', () => {
  afterEach(cleanUpClients);

  it('a bare widget shows the email form, the default product', async () => {
    const mounted = await mount(undefined);
    await waitFor(() => mounted.root().querySelector('form'), 'no form');
    expect(button(mounted, 'Continue with email')).to.exist;
    expect(
      mounted.root().querySelector('input[type=email]')?.getAttribute('autocomplete'),
    ).to.contain('email');
    expect(mounted.text()).not.to.include('No sign-in method is available.');
    await expect(mounted.el).to.be.accessible();
  });

  it('refuses an invalid address with the spec’s message and makes no call', async () => {
    const mounted = await mount({ products: ['emailMagicLinks'] });
    await waitFor(() => mounted.root().querySelector('form'), 'no form');
    await typeEmail(mounted, 'ada@example');
    button(mounted, 'Continue with email').click();
    await waitFor(() => mounted.root().querySelector('[role=alert]'), 'no error shown');
    expect(mounted.text()).to.include('Invalid email address, please try again.');
    expect(mounted.test.api.requestsTo('/magic_links/email/login_or_create')).to.have.length(0);
    await expect(mounted.el).to.be.accessible();
  });

  it('sends the link with emailMagicLinksOptions and the locale, and shows Email Confirmation', async () => {
    const mounted = await mount(
      {
        products: ['emailMagicLinks'],
        // English texts, and the locale sent for the email's language.
        locale: 'en-GB',
        emailMagicLinksOptions: {
          loginRedirectURL: 'https://party.example/in',
          loginExpirationMinutes: 20,
          signupRedirectURL: 'https://party.example/welcome',
          signupExpirationMinutes: 40,
          createUserAsPending: true,
          domainHint: 'hosts.example',
        },
      },
      answerSend,
    );
    await waitFor(() => mounted.root().querySelector('form'), 'no form');
    await typeEmail(mounted, 'ada@example.com');
    await sendKeys({ press: 'Enter' });
    await screenTitled(mounted, 'Check your email');
    expect(
      mounted.test.api.requestsTo('/magic_links/email/login_or_create')[0]?.body,
    ).to.deep.equal({
      email: 'ada@example.com',
      login_magic_link_url: 'https://party.example/in',
      signup_magic_link_url: 'https://party.example/welcome',
      login_expiration_minutes: 20,
      signup_expiration_minutes: 40,
      create_user_as_pending: true,
      locale: 'en-GB',
    });
    expect(mounted.text()).to.include('An email was sent to ada@example.com.');
    const links = [...mounted.root().querySelectorAll<HTMLAnchorElement>('a.velvet-mail-link')];
    expect(links.map((link) => link.textContent?.trim())).to.deep.equal([
      'Open Gmail',
      'Open Yahoo',
      'Open Outlook',
    ]);
    expect(links.map((link) => link.href)).to.deep.equal([
      'https://mail.google.com/mail/u/0/#search/from%3Ahosts.example%20in%3Aanywhere',
      'https://mail.yahoo.com/d/search/keyword=hosts.example',
      'https://outlook.live.com/mail/0/inbox',
    ]);
    expect(mounted.events.map((event) => event.type)).to.include('MAGIC_LINK_LOGIN_OR_CREATE');
    await expect(mounted.el).to.be.accessible();
    const logged = await loggedEvents(mounted);
    expect(logged).to.deep.include({
      name: 'email_sent',
      details: { email: 'ada@example.com', type: 'login_or_create_eml' },
    });
  });

  it('hints the single bootstrap email domain without domainHint; Try again clears and logs', async () => {
    const mounted = await mount({ products: ['emailMagicLinks'] }, answerSend);
    await waitFor(() => mounted.root().querySelector('form'), 'no form');
    await waitFor(
      () =>
        mounted.test.api.requestsTo(`/projects/bootstrap/${mounted.test.publicToken}`).length > 0,
      'no bootstrap',
    );
    await mounted.test.client.bootstrap.getAsync();
    await typeEmail(mounted, 'ada@example.com');
    button(mounted, 'Continue with email').click();
    await screenTitled(mounted, 'Check your email');
    const gmail = mounted.root().querySelector<HTMLAnchorElement>('a.velvet-mail-link');
    expect(gmail?.href).to.equal(
      'https://mail.google.com/mail/u/0/#search/from%3Aparty.example%20in%3Aanywhere',
    );
    button(mounted, 'Try again').click();
    await screenTitled(mounted, 'Sign up or log in');
    await waitFor(() => mounted.root().querySelector('input[type=email]'), 'no email field');
    expect(mounted.root().querySelector<HTMLInputElement>('input[type=email]')?.value).to.equal('');
    await waitFor(() => mounted.test.client.telemetry.pendingCount > 0, 'nothing logged');
    const logged = await loggedEvents(mounted);
    expect(logged).to.deep.include({
      name: 'email_try_again_clicked',
      details: { email: 'ada@example.com', type: 'login_or_create_eml' },
    });
  });

  it('beside passcodes by text, Email and Text are tabs in the products’ order', async () => {
    const mounted = await mount({
      products: ['emailMagicLinks', 'otp'],
      otpOptions: { methods: ['sms'], expirationMinutes: 10 },
    });
    await waitFor(() => mounted.root().querySelectorAll('[role=tab]').length === 2, 'no tabs');
    const tabs = [...mounted.root().querySelectorAll<HTMLElement>('[role=tab]')];
    expect(tabs.map((tab) => tab.textContent?.trim())).to.deep.equal(['Email', 'Text']);
    expect(tabs[0]?.getAttribute('aria-selected')).to.equal('true');
    expect(button(mounted, 'Continue with email')).to.exist;
    await expect(mounted.el).to.be.accessible();
  });

  it('Try again is reachable by keyboard', async () => {
    const mounted = await mount({ products: ['emailMagicLinks'] }, answerSend);
    await waitFor(() => mounted.root().querySelector('form'), 'no form');
    await typeEmail(mounted, 'kb@example.com');
    await sendKeys({ press: 'Enter' });
    await screenTitled(mounted, 'Check your email');
    const links = mounted.root().querySelectorAll<HTMLAnchorElement>('a.velvet-mail-link');
    links[links.length - 1]?.focus();
    await sendKeys({ press: 'Tab' });
    expect(document.activeElement).to.equal(button(mounted, 'Try again'));
    await sendKeys({ press: 'Enter' });
    await screenTitled(mounted, 'Sign up or log in');
  });

  it('a page overrides the product’s texts like the core ones', async () => {
    const mounted = await mount({ products: ['emailMagicLinks'] }, answerSend, {
      checkYourEmail: 'Look in your inbox',
      magicLinkSentTo: (email: string) => `Sent to ${email}`,
      tryAgain: 42,
    });
    await waitFor(() => mounted.root().querySelector('form'), 'no form');
    await typeEmail(mounted, 'ada@example.com');
    button(mounted, 'Continue with email').click();
    await screenTitled(mounted, 'Look in your inbox');
    expect(mounted.text()).to.include('Sent to ada@example.com');
    expect(button(mounted, 'Try again'), 'a wrong type is ignored').to.exist;
  });

  it('shows the server’s error under the field', async () => {
    const mounted = await mount({ products: ['emailMagicLinks'] }, (test) =>
      test.api.on('POST', '/magic_links/email/login_or_create', {
        status: 400,
        json: apiErrorBody(
          400,
          'no_login_redirect_urls_set',
          'The project lists no login redirect URL.',
        ),
      }),
    );
    await waitFor(() => mounted.root().querySelector('form'), 'no form');
    await typeEmail(mounted, 'ada@example.com');
    button(mounted, 'Continue with email').click();
    await waitFor(
      () => mounted.text().includes('The project lists no login redirect URL.'),
      'no server error shown',
    );
    expect(mounted.root().querySelector('form')).to.exist;
  });

  it('a page opened from a link signs in, forgets the token and says so', async () => {
    const before = location.href;
    history.replaceState(null, '', `?keep=1&stytch_token_type=magic_links&token=tok-123`);
    try {
      const mounted = await mount(
        { products: ['emailMagicLinks'], sessionOptions: { sessionDurationMinutes: 45 } },
        (test) => test.api.on('POST', '/magic_links/authenticate', { json: authenticateBody() }),
      );
      await screenTitled(mounted, 'Success!');
      expect(mounted.test.api.requestsTo('/magic_links/authenticate')[0]?.body).to.deep.equal({
        token: 'tok-123',
        session_duration_minutes: 45,
      });
      expect(location.search).to.equal('?keep=1');
      expect(mounted.test.client.session.getSync()).not.to.equal(null);
      const types = mounted.events.map((event) => event.type);
      expect(types).to.include('MAGIC_LINK_AUTHENTICATE');
      expect(types.filter((type) => type === 'AUTHENTICATE_FLOW_COMPLETE')).to.have.length(1);
      await expect(mounted.el).to.be.accessible();
    } finally {
      history.replaceState(null, '', before);
    }
  });

  it('a used link shows the error on the main screen, where a new link can be asked for', async () => {
    const before = location.href;
    history.replaceState(null, '', '?stytch_token_type=magic_links&token=used-1');
    try {
      const mounted = await mount({ products: ['emailMagicLinks'] }, (test) =>
        test.api.on('POST', '/magic_links/authenticate', {
          status: 404,
          json: apiErrorBody(
            404,
            'unable_to_auth_magic_link',
            'The magic link could not be authenticated.',
          ),
        }),
      );
      await waitFor(
        () => mounted.text().includes('The magic link could not be authenticated.'),
        'no error shown',
      );
      expect(mounted.root().querySelector('form')).to.exist;
      expect(mounted.test.client.session.getSync()).to.equal(null);
    } finally {
      history.replaceState(null, '', before);
    }
  });
});
