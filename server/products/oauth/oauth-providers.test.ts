/**
 * Every one of the 19 providers, over HTTP against the real server: the nine OpenID Connect ones
 * through oidc-provider's real login and consent (Apple's answer posted back as a form), the ten
 * OAuth 2.0 ones through a stand-in answering each provider's documented token and user JSON.
 * Each checks the authorization request (scopes, PKCE, the client id's name), the client's
 * authentication at the token endpoint, and who signs in (subject, email, whether verified).
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, test } from 'node:test';
import { startTestServer, TEST_PUBLIC_TOKEN, type TestServer } from '../../test/test-server.js';
import { PROVIDERS } from './oauth-providers.js';
import type { OAuthProviderName } from './oauth-settings.js';
import { passProviderTo, pkcePair } from './testing/oauth-browser.js';
import { type OidcPeer, startOidcPeer } from './testing/oidc-peer.js';

const VELVET = 'http://velvet.test';
const LANDING = 'http://app.velvet.test/signed-in';

const OIDC: readonly OAuthProviderName[] = [
  'google',
  'microsoft',
  'apple',
  'gitlab',
  'salesforce',
  'slack',
  'linkedin',
  'twitch',
  'yahoo',
];

/** What each OAuth 2.0 provider's user API answers (its documented shape) and what it means. */
const PLAIN: Record<
  string,
  {
    path: string;
    body: unknown;
    emails?: unknown;
    subject: string;
    email?: string;
    verified: boolean;
  }
> = {
  github: {
    path: '/github/user',
    body: { id: 583231, login: 'octocat', name: 'The Octocat', avatar_url: 'https://a.test/o' },
    emails: [{ email: 'octocat@github.test', primary: true, verified: true }],
    subject: '583231',
    email: 'octocat@github.test',
    verified: true,
  },
  discord: {
    path: '/discord/users/@me',
    body: {
      id: '80351110224678912',
      username: 'nelly',
      global_name: 'Nelly',
      avatar: '8342729096ea3675442027381ff50dfe',
      email: 'nelly@discord.test',
      verified: true,
    },
    subject: '80351110224678912',
    email: 'nelly@discord.test',
    verified: true,
  },
  bitbucket: {
    path: '/bitbucket/2.0/user',
    body: {
      uuid: '{d301aafa-d676-4ee0-88be-962be7417567}',
      display_name: 'Bit Bucket',
      links: { avatar: { href: 'https://bitbucket.test/avatar' } },
    },
    emails: { values: [{ email: 'bb@bitbucket.test', is_primary: true, is_confirmed: true }] },
    subject: '{d301aafa-d676-4ee0-88be-962be7417567}',
    email: 'bb@bitbucket.test',
    verified: true,
  },
  facebook: {
    path: '/facebook/me',
    body: {
      id: '10158817394750000',
      name: 'Face Book',
      first_name: 'Face',
      last_name: 'Book',
      email: 'fb@facebook.test',
      picture: { data: { url: 'https://facebook.test/p.jpg' } },
    },
    subject: '10158817394750000',
    email: 'fb@facebook.test',
    verified: false,
  },
  coinbase: {
    path: '/coinbase/v2/user',
    body: {
      data: {
        id: '9da7a204-544e-5fd1-9a12-61176c5d4cd8',
        name: 'Coin Base',
        email: 'cb@coinbase.test',
      },
    },
    subject: '9da7a204-544e-5fd1-9a12-61176c5d4cd8',
    email: 'cb@coinbase.test',
    verified: false,
  },
  amazon: {
    path: '/amazon/user/profile',
    body: { user_id: 'amzn1.account.K2LI23KL2LK2', email: 'amz@amazon.test', name: 'Ama Zon' },
    subject: 'amzn1.account.K2LI23KL2LK2',
    email: 'amz@amazon.test',
    verified: false,
  },
  twitter: {
    path: '/twitter/2/users/me',
    body: { data: { id: '2244994945', name: 'X User', username: 'xuser' } },
    subject: '2244994945',
    verified: false,
  },
  tiktok: {
    path: '/tiktok/v2/user/info/',
    body: {
      data: {
        user: { open_id: '723f24d7-e717-40f8-a2b6-cb8464cd23b4', display_name: 'Tik Tok' },
      },
      error: { code: 'ok', message: '' },
    },
    subject: '723f24d7-e717-40f8-a2b6-cb8464cd23b4',
    verified: false,
  },
  snapchat: {
    path: '/snapchat/v1/me',
    body: { data: { me: { externalId: 'CAESIPiRIyS8', displayName: 'Snap Chat' } } },
    subject: 'CAESIPiRIyS8',
    verified: false,
  },
  figma: {
    path: '/figma/v1/me',
    body: {
      id: '1234567',
      handle: 'Fig Ma',
      img_url: 'https://figma.test/i',
      email: 'fig@figma.test',
    },
    subject: '1234567',
    email: 'fig@figma.test',
    verified: false,
  },
};

/** A token request as the stand-in saw it. */
interface TokenRequest {
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

async function readBody(request: IncomingMessage): Promise<string> {
  let body = '';
  for await (const chunk of request) body += chunk;
  return body;
}

/** A stand-in for the ten OAuth 2.0 providers: `/{provider}/token` and each user API path. */
async function startPlainPeer(): Promise<{
  url: string;
  tokens: TokenRequest[];
  close(): Promise<void>;
}> {
  const tokens: TokenRequest[] = [];
  const server: Server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const send = (status: number, value: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json' });
      response.end(JSON.stringify(value));
    };
    if (request.method === 'POST' && url.pathname.endsWith('/token')) {
      const provider = url.pathname.split('/')[1] ?? '';
      tokens.push({
        path: url.pathname,
        authorization: request.headers.authorization,
        form: new URLSearchParams(await readBody(request)),
      });
      send(200, {
        access_token: `access-${provider}`,
        token_type: 'bearer',
        expires_in: 3600,
        refresh_token: `refresh-${provider}`,
      });
      return;
    }
    const provider = url.pathname.split('/')[1] ?? '';
    const fixture = PLAIN[provider];
    if (request.headers.authorization !== `Bearer access-${provider}` || !fixture) {
      send(401, { message: 'Bad credentials' });
      return;
    }
    if (url.pathname === fixture.path) send(200, fixture.body);
    else if (url.pathname === `${fixture.path}/emails` && fixture.emails) send(200, fixture.emails);
    else send(404, { message: 'Not Found' });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tokens,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('the 19 providers', () => {
  let server: TestServer;
  let oidc: OidcPeer;
  let plain: Awaited<ReturnType<typeof startPlainPeer>>;

  before(async () => {
    oidc = await startOidcPeer({
      redirectUris: OIDC.map((name) => `${VELVET}/sdk/v1/public/oauth/${name}/callback`),
    });
    plain = await startPlainPeer();
    const providers: Record<string, unknown> = {};
    for (const name of OIDC) {
      providers[name] = {
        clientId: PROVIDERS[name].clientAuth === 'basic' ? `${oidc.clientId}-basic` : oidc.clientId,
        clientSecret: oidc.clientSecret,
        issuer: oidc.issuer,
      };
    }
    for (const [name, fixture] of Object.entries(PLAIN)) {
      providers[name] = {
        clientId: `${name}-client`,
        clientSecret: `${name}-secret`,
        authorizationEndpoint: `${plain.url}/${name}/authorize`,
        tokenEndpoint: `${plain.url}/${name}/token`,
        userInfoEndpoint: `${plain.url}${fixture.path}`,
      };
    }
    server = await startTestServer({
      project: {
        products: ['oauth'],
        oauth: { providers, loginRedirectURLs: [LANDING] } as never,
      },
    });
  });
  after(async () => {
    await server.close();
    await oidc.close();
    await plain.close();
  });

  async function start(provider: string) {
    const pair = pkcePair();
    const url = new URL(`${server.url}/sdk/v1/public/oauth/${provider}/start`);
    url.searchParams.set('public_token', TEST_PUBLIC_TOKEN);
    url.searchParams.set('code_challenge', pair.challenge);
    const started = await fetch(url, { redirect: 'manual' });
    assert.equal(started.status, 302, await started.clone().text());
    return { pair, authorize: new URL(started.headers.get('location') ?? '') };
  }

  async function authenticate(landed: Response, verifier: string) {
    assert.equal(landed.status, 302, await landed.clone().text());
    const target = new URL(landed.headers.get('location') ?? '');
    assert.equal(`${target.origin}${target.pathname}`, LANDING);
    const answer = await server.api('/oauth/authenticate', {
      body: { token: target.searchParams.get('token'), code_verifier: verifier },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
    return answer.body;
  }

  for (const name of OIDC) {
    test(`${name}: OpenID Connect through oidc-provider`, async () => {
      const definition = PROVIDERS[name];
      const { pair, authorize } = await start(name);
      assert.equal(authorize.origin, oidc.issuer);
      assert.deepEqual(authorize.searchParams.get('scope')?.split(' '), [...definition.scopes]);
      assert.equal(authorize.searchParams.has('code_challenge'), definition.pkce);
      assert.ok(authorize.searchParams.get('nonce'));
      const back = await passProviderTo(authorize.toString(), VELVET, { login: `${name}-user` });
      const callback = back.url.toString().replace(VELVET, server.url);
      const landed = back.form
        ? await fetch(callback, {
            method: 'POST',
            redirect: 'manual',
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: back.form.toString(),
          })
        : await fetch(callback, { redirect: 'manual' });
      assert.equal(Boolean(back.form), name === 'apple', 'only Apple posts its answer');
      const body = await authenticate(landed, pair.verifier);
      assert.equal(body.provider_subject, `${name}-user`);
      assert.equal(body.provider_values.id_token.split('.').length, 3);
      assert.deepEqual(
        body.user.emails.map((e: { email: string; verified: boolean }) => [e.email, e.verified]),
        [[`${name}-user@oidc.test`, true]],
      );
    });
  }

  for (const [name, fixture] of Object.entries(PLAIN)) {
    test(`${name}: OAuth 2.0 and its user API`, async () => {
      const definition = PROVIDERS[name as OAuthProviderName];
      const { pair, authorize } = await start(name);
      assert.equal(`${authorize.origin}${authorize.pathname}`, `${plain.url}/${name}/authorize`);
      assert.equal(authorize.searchParams.get('scope'), definition.scopes.join(' '));
      assert.equal(authorize.searchParams.has('code_challenge'), definition.pkce);
      assert.equal(authorize.searchParams.has('nonce'), false);
      if (name === 'tiktok')
        assert.equal(authorize.searchParams.get('client_key'), 'tiktok-client');
      const state = authorize.searchParams.get('state') ?? '';
      const landed = await fetch(
        `${server.url}/sdk/v1/public/oauth/${name}/callback?code=code-${name}&state=${state}`,
        { redirect: 'manual' },
      );
      const body = await authenticate(landed, pair.verifier);
      assert.equal(body.provider_subject, fixture.subject);
      assert.equal(body.provider_values.access_token, `access-${name}`);
      assert.equal(body.provider_values.refresh_token, `refresh-${name}`);
      assert.deepEqual(
        body.user.emails.map((e: { email: string; verified: boolean }) => [e.email, e.verified]),
        fixture.email ? [[fixture.email, fixture.verified]] : [],
      );
      // The client authenticated the provider's way.
      const token = plain.tokens.find((t) => t.path === `/${name}/token`);
      assert.ok(token);
      assert.equal(token.form.get('code'), `code-${name}`);
      assert.equal(token.form.has('code_verifier'), definition.pkce);
      if (definition.clientAuth === 'basic') {
        // RFC 6749 section 2.3.1: id and secret form-encoded, then Basic.
        const basic = /^Basic (.+)$/.exec(token.authorization ?? '')?.[1] ?? '';
        const [id = '', secret = ''] = Buffer.from(basic, 'base64').toString().split(':');
        assert.deepEqual(
          [decodeURIComponent(id), decodeURIComponent(secret)],
          [`${name}-client`, `${name}-secret`],
        );
        assert.equal(token.form.has('client_secret'), false);
      } else {
        assert.equal(token.form.get('client_secret'), `${name}-secret`);
      }
      if (name === 'tiktok') assert.equal(token.form.get('client_key'), 'tiktok-client');
    });
  }
});
