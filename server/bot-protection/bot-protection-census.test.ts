/**
 * The census of issue 29: every SDK route of the server's own route table says what it checks or
 * reveals, and every route whose declaration the captcha guards (a password, a typed code, an
 * account lookup, a send, a challenge start) refuses a call without a captcha token under
 * `DECISIONING` before it checks anything: the owner's right password gets the same refusal as a
 * wrong one, and no row changes. A new route is in the census without editing this file.
 */
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Fastify from 'fastify';
import type { DeclaredRoute } from '../http/route-table.js';
import { assertApiError } from '../test/api-assertions.js';
import { rowsOf, SIGN_IN_TABLES } from '../test/database-rows.js';
import { startTestServer, TEST_ORIGIN, type TestServer } from '../test/test-server.js';
import { botProtectionHook } from './bot-protection-hook.js';
import { isGuarded, ROUTE_CHECKS } from './route-checks.js';
import { startTurnstilePeer, type TurnstilePeer } from './turnstile-peer.js';

const SITE_KEY = '0x4AAAAAAAvelvetCensusSiteKey';
const SECRET_KEY = '0x4AAAAAAAvelvetCensusSecretKey-never-sent';
const SDK_PREFIX = '/sdk/v1';

const OWNER_EMAIL = 'owner@example.com';
const RIGHT_PASSWORD = 'violet-Harbor-7-quietly-juggles';
const WRONG_PASSWORD = 'violet-Harbor-7-quietly-juggled';

/** What a check would write: sign-in rows, and the limits and failure counts a check counts. */
const CHECKED_TABLES = [...SIGN_IN_TABLES, 'rate_limits', 'failure_guards'] as const;

/** The fields that carry a password: the right one in one call, a wrong one in the other. */
const PASSWORD_FIELDS = new Set(['password', 'existing_password']);

/**
 * Values for the required fields of the guarded routes' bodies, by field name, so each call passes
 * its schema and reaches the captcha. A new guarded route with a field whose schema has a pattern
 * needs its value here (the census says which).
 */
const SAMPLES: Record<string, unknown> = {
  email: OWNER_EMAIL,
  new_password: 'amber-Lantern-9-softly-hums',
  phone_number: '+14155550170',
  token: '0123456789abcdef0123456789abcdef',
  totp_code: '123456',
  recovery_code: 'abcd-efgh-ijkl',
  crypto_wallet_address: '0x6b175474e89094c44da98b954eedeac495271d0f',
  crypto_wallet_type: 'ethereum',
};

/** The routes the issue found unguarded: the census must hold them. */
const FOUND_UNGUARDED = [
  'POST /sdk/v1/passwords/existing_password/reset',
  'POST /sdk/v1/users/search',
];

interface JsonSchema {
  type?: string;
  required?: readonly string[];
  minLength?: number;
  minimum?: number;
  pattern?: string;
  enum?: readonly unknown[];
}

/** A value of `schema` for the field `name`, from {@link SAMPLES} or made from its type. */
function sampleValue(route: string, name: string, schema: JsonSchema, password: string): unknown {
  if (PASSWORD_FIELDS.has(name)) return password;
  if (name in SAMPLES) return SAMPLES[name];
  if (schema.enum) return schema.enum[0];
  if (schema.pattern) throw new Error(`${route}: add a sample for "${name}" (${schema.pattern})`);
  if (schema.type === 'string') return 'x'.repeat(Math.max(1, schema.minLength ?? 1));
  if (schema.type === 'integer' || schema.type === 'number') return schema.minimum ?? 1;
  if (schema.type === 'boolean') return true;
  if (schema.type === 'object') return {};
  throw new Error(`${route}: no sample for "${name}"`);
}

/** A body that passes `route`'s schema, with `password` in every password field. */
function bodyFor(route: DeclaredRoute, password: string): Record<string, unknown> {
  const schema = (route.schema?.body ?? {}) as JsonSchema & {
    properties?: Record<string, JsonSchema>;
  };
  const body: Record<string, unknown> = {};
  for (const name of schema.required ?? []) {
    const field = schema.properties?.[name] ?? {};
    body[name] = sampleValue(`${route.method} ${route.url}`, name, field, password);
  }
  if ('email' in (schema.properties ?? {})) body.email = OWNER_EMAIL;
  return body;
}

/** The SDK routes of the table, without the preflight and the HEAD twins of GETs. */
function sdkRoutes(server: TestServer): DeclaredRoute[] {
  return server.app.routeTable.filter(
    (route) =>
      route.url.startsWith(SDK_PREFIX) && route.method !== 'OPTIONS' && route.method !== 'HEAD',
  );
}

describe('bot-protection census: every credential check and account lookup is guarded', () => {
  let peer: TurnstilePeer;
  let server: TestServer;
  let ownerSession: string;

  before(async () => {
    peer = await startTurnstilePeer({ siteKey: SITE_KEY, secretKey: SECRET_KEY });
    server = await startTestServer({
      project: {
        products: ['otp', 'emailMagicLinks', 'passwords', 'passkeys', 'crypto'],
        emailMagicLinks: { loginRedirectURLs: [`${TEST_ORIGIN}/signed-in`] },
        botProtection: {
          captcha: {
            provider: 'turnstile',
            siteKey: SITE_KEY,
            secretKey: SECRET_KEY,
            mode: 'DECISIONING',
            verifyUrl: peer.verifyUrl,
          },
        },
      },
    });
    const created = await server.api('/passwords', {
      body: {
        email: OWNER_EMAIL,
        password: RIGHT_PASSWORD,
        captcha_token: peer.issue({ hostname: new URL(TEST_ORIGIN).hostname, action: 'LOGIN' }),
      },
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    ownerSession = created.body.session_token;
  });
  after(async () => {
    await server?.close();
    await peer?.close();
  });

  test('every SDK route of the route table declares what it checks or reveals', () => {
    const routes = sdkRoutes(server);
    const undeclared = routes
      .filter((route) => !Object.hasOwn(ROUTE_CHECKS, String(route.config?.checks)))
      .map((route) => `${route.method} ${route.url}`);
    assert.deepEqual(undeclared, []);
    const guarded = routes.filter((route) => isGuarded(route.config?.checks));
    console.log(`census: ${routes.length} SDK routes, ${guarded.length} guarded by the captcha`);
    const names = guarded.map((route) => `${route.method} ${route.url}`);
    for (const name of FOUND_UNGUARDED) assert.ok(names.includes(name), `${name} is guarded`);
  });

  test('without a captcha token each guarded route refuses before checking anything', async () => {
    const guarded = sdkRoutes(server).filter((route) => isGuarded(route.config?.checks));
    assert.ok(guarded.length > 0);
    const verifications = peer.verifications.length;
    const rows = await rowsOf(server.store, CHECKED_TABLES);
    for (const route of guarded) {
      const name = `${route.method} ${route.url}`;
      const path = route.url.slice(SDK_PREFIX.length);
      const call = (password: string) =>
        server.api(path, {
          method: route.method,
          body: bodyFor(route, password),
          ...(route.config?.auth === 'session' ? { secret: ownerSession } : {}),
        });
      const right = await call(RIGHT_PASSWORD);
      const wrong = await call(WRONG_PASSWORD);
      assertApiError(right, 403, 'captcha_required');
      const { request_id: _right, ...rightBody } = right.body;
      const { request_id: _wrong, ...wrongBody } = wrong.body;
      assert.deepEqual(wrongBody, rightBody, `${name}: the right password is not told apart`);
      assert.equal(wrong.status, right.status, name);
    }
    assert.deepEqual(await rowsOf(server.store, CHECKED_TABLES), rows, 'a refusal changes nothing');
    assert.equal(peer.verifications.length, verifications, 'no token, no call to the provider');
  });

  test('the owner’s right password, with a token, still goes through', async () => {
    const token = peer.issue({ hostname: new URL(TEST_ORIGIN).hostname, action: 'LOGIN' });
    const answer = await server.api('/passwords/authenticate', {
      body: { email: OWNER_EMAIL, password: RIGHT_PASSWORD, captcha_token: token },
    });
    assert.equal(answer.status, 200, JSON.stringify(answer.body));
  });
});

test('an SDK route that does not say what it checks stops the server at start', async () => {
  const scope = Fastify();
  botProtectionHook(scope, { ownOrigin: 'http://velvet.test' });
  assert.throws(
    () => scope.post('/passwords/another_check', async () => ({})),
    /POST \/passwords\/another_check declares no config.checks/,
  );
  assert.throws(
    () => scope.post('/typo', { config: { checks: 'pasword' as 'password' } }, async () => ({})),
    /declares no config.checks/,
  );
  scope.post('/declared', { config: { checks: 'password' } }, async () => ({}));
  await scope.close();
});
