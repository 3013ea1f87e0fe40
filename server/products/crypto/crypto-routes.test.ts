import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, test } from 'node:test';
import { ed25519 } from '@noble/curves/ed25519.js';
import { base58 } from '@scure/base';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { assertApiError } from '../../test/api-assertions.js';
import { rowsOf } from '../../test/database-rows.js';
import {
  signInBySms,
  startTestServer,
  TEST_ORIGIN,
  type TestServer,
} from '../../test/test-server.js';
import type { ProductContext } from '../product.js';
import { KEEP_EXPIRED_MS, START_LIMIT_PER_IP } from './crypto-limits.js';
import { cryptoProduct } from './crypto-product.js';

const OTHER_ORIGIN = 'http://other.velvet.test';
const OTHER_TOKEN = 'public-token-test-00000000-0000-4000-8000-otherproject';

/** A real Ethereum wallet: a fresh secp256k1 key signing with EIP-191 personal_sign. */
function ethereumWallet() {
  const account = privateKeyToAccount(generatePrivateKey());
  return {
    address: account.address,
    sign: (message: string) => account.signMessage({ message }),
  };
}

/** A real Solana wallet: a fresh Ed25519 key; signatures in base58 as the widget sends them. */
function solanaWallet() {
  const secret = ed25519.utils.randomSecretKey();
  return {
    address: base58.encode(ed25519.getPublicKey(secret)),
    sign: async (message: string) =>
      base58.encode(ed25519.sign(new TextEncoder().encode(message), secret)),
  };
}

type Wallet = ReturnType<typeof ethereumWallet> | ReturnType<typeof solanaWallet>;

describe('crypto wallet sign-in', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      project: {
        products: ['otp', 'crypto'],
        authorizedOrigins: [TEST_ORIGIN, OTHER_ORIGIN],
      },
      // Clients by `X-Forwarded-For`, for the stranger's challenges.
      config: { trustProxy: true },
      extraProjects: [
        {
          name: 'Other party',
          publicToken: OTHER_TOKEN,
          authorizedOrigins: [TEST_ORIGIN],
          products: ['crypto'],
          cryptoWallets: { siweRequired: false },
        },
      ],
    });
  });
  after(() => server.close());
  // Each test starts in a fresh rate-limit window: all of them come from one client address.
  beforeEach(() => server.clock.advance(START_LIMIT_PER_IP.windowMinutes * 60_000 + 1));

  const origin = { origin: TEST_ORIGIN };

  const start = (wallet: Wallet, type: string, extra: Record<string, unknown> = {}) =>
    server.api('/crypto_wallets/authenticate/start/primary', {
      body: { crypto_wallet_address: wallet.address, crypto_wallet_type: type, ...extra },
      headers: origin,
    });

  const authenticate = (
    wallet: Wallet,
    type: string,
    signature: string,
    call: { headers?: Record<string, string>; publicToken?: string; secret?: string } = {},
  ) =>
    server.api('/crypto_wallets/authenticate', {
      body: {
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: type,
        signature,
        session_duration_minutes: 60,
      },
      headers: call.headers ?? origin,
      publicToken: call.publicToken,
      secret: call.secret,
    });

  const count = async (table: 'users' | 'crypto_wallets' | 'crypto_challenges') =>
    Number(
      (
        await server.store.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  test('an Ethereum wallet signs an EIP-4361 message for the page and is signed in', async () => {
    const wallet = ethereumWallet();
    const started = await start(wallet, 'ethereum', {
      siwe_params: { uri: `${TEST_ORIGIN}/login`, chain_id: '10' },
    });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const message = parseSiweMessage(started.body.challenge);
    assert.equal(message.domain, 'app.velvet.test');
    assert.equal(message.address, wallet.address);
    assert.equal(message.uri, `${TEST_ORIGIN}/login`);
    assert.equal(message.chainId, 10);
    assert.equal(message.version, '1');
    assert.match(message.nonce ?? '', /^[0-9a-f]{32}$/);
    assert.equal(message.issuedAt?.getTime(), server.clock.now());
    assert.equal(message.expirationTime?.getTime(), server.clock.now() + 10 * 60_000);

    const signed = await authenticate(
      wallet,
      'ethereum',
      await wallet.sign(started.body.challenge),
    );
    assert.equal(signed.status, 200, JSON.stringify(signed.body));
    assert.match(signed.body.session_token, /^[A-Za-z0-9_-]{43}$/);
    assert.equal(signed.body.session_jwt.split('.').length, 3);
    assert.equal(signed.body.user_created, true);
    assert.deepEqual(signed.body.user.crypto_wallets, [
      {
        crypto_wallet_id: signed.body.crypto_wallet_id,
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'ethereum',
        verified: true,
      },
    ]);
    const [factor] = signed.body.session.authentication_factors;
    assert.equal(factor.delivery_method, 'crypto_wallet');
    assert.equal(factor.crypto_wallet_factor.crypto_wallet_address, wallet.address);

    // The same wallet, lowercased, finds the same user.
    const lower = { ...wallet, address: wallet.address.toLowerCase() as `0x${string}` };
    const again = await start(lower, 'ethereum');
    assert.equal(parseSiweMessage(again.body.challenge).address, wallet.address);
    assert.equal(again.body.user_id, signed.body.user_id);
    const second = await authenticate(lower, 'ethereum', await wallet.sign(again.body.challenge));
    assert.equal(second.status, 200);
    assert.equal(second.body.user_id, signed.body.user_id);
    assert.equal(second.body.user_created, false);
    const me = await server.api('/users/me', { secret: second.body.session_token });
    assert.equal(me.body.crypto_wallets.length, 1);
  });

  test('a Solana wallet signs the challenge with Ed25519, base58, and is signed in', async () => {
    const wallet = solanaWallet();
    const started = await start(wallet, 'solana');
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const lines = started.body.challenge.split('\n');
    assert.equal(lines[0], 'app.velvet.test wants you to sign in with your Solana account:');
    assert.equal(lines[1], wallet.address);
    assert.ok(lines.includes(`URI: ${TEST_ORIGIN}`));
    assert.ok(lines.some((line: string) => /^Nonce: [0-9a-f]{32}$/.test(line)));
    const signed = await authenticate(wallet, 'solana', await wallet.sign(started.body.challenge));
    assert.equal(signed.status, 200, JSON.stringify(signed.body));
    assert.equal(signed.body.user.crypto_wallets[0].crypto_wallet_type, 'solana');
    assert.equal(signed.body.user.crypto_wallets[0].crypto_wallet_address, wallet.address);
  });

  test('a signed challenge works once: a replay finds no challenge and starts no session', async () => {
    for (const [wallet, type] of [
      [ethereumWallet(), 'ethereum'],
      [solanaWallet(), 'solana'],
    ] as const) {
      const started = await start(wallet, type);
      const signature = await wallet.sign(started.body.challenge);
      assert.equal((await authenticate(wallet, type, signature)).status, 200);
      assertApiError(
        await authenticate(wallet, type, signature),
        404,
        'crypto_wallet_challenge_not_found',
      );
    }
  });

  test('a challenge signed after ten minutes is refused', async () => {
    const wallet = ethereumWallet();
    const started = await start(wallet, 'ethereum');
    const signature = await wallet.sign(started.body.challenge);
    server.clock.advance(10 * 60_000 + 1);
    const users = await count('users');
    assertApiError(
      await authenticate(wallet, 'ethereum', signature),
      401,
      'crypto_wallet_challenge_expired',
    );
    assert.equal(await count('users'), users);
  });

  test('the challenge is bound to the page that asked for it', async () => {
    const wallet = ethereumWallet();
    const started = await start(wallet, 'ethereum');
    const signature = await wallet.sign(started.body.challenge);
    // Another page of the same project cannot use it.
    assertApiError(
      await authenticate(wallet, 'ethereum', signature, { headers: { origin: OTHER_ORIGIN } }),
      400,
      'invalid_siwe_domain',
    );
    // A URI on another site is refused before anything is stored.
    const challenges = await count('crypto_challenges');
    assertApiError(
      await start(wallet, 'ethereum', { siwe_params: { uri: 'https://evil.example/login' } }),
      400,
      'invalid_siwe_uri',
    );
    assert.equal(await count('crypto_challenges'), challenges);
    // A page the project does not list gets nothing.
    const refused = await server.api('/crypto_wallets/authenticate/start/primary', {
      body: { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum' },
      headers: { origin: 'https://evil.example' },
    });
    assertApiError(refused, 403, 'origin_not_allowed');
    // The page that asked still can.
    assert.equal((await authenticate(wallet, 'ethereum', signature)).status, 200);
  });

  test("a signature by another key, or for another wallet's challenge, is refused", async () => {
    const owner = ethereumWallet();
    const stranger = ethereumWallet();
    const started = await start(owner, 'ethereum');
    assertApiError(
      await authenticate(owner, 'ethereum', await stranger.sign(started.body.challenge)),
      401,
      'unable_to_authenticate_crypto_wallet',
    );
    // The stranger signing the owner's challenge and naming themselves: no challenge of theirs.
    assertApiError(
      await authenticate(stranger, 'ethereum', await stranger.sign(started.body.challenge)),
      404,
      'crypto_wallet_challenge_not_found',
    );
    const sol = solanaWallet();
    const solStarted = await start(sol, 'solana');
    const other = solanaWallet();
    assertApiError(
      await authenticate(sol, 'solana', await other.sign(solStarted.body.challenge)),
      401,
      'unable_to_authenticate_crypto_wallet',
    );
    // Wrong tries do not spend the owner's challenge.
    const ok = await authenticate(owner, 'ethereum', await owner.sign(started.body.challenge));
    assert.equal(ok.status, 200);
  });

  test("a stranger asking for challenges in a wallet's name does not spoil its owner's", async () => {
    const owner = solanaWallet();
    const mine = await start(owner, 'solana');
    for (let i = 0; i < 3; i += 1) assert.equal((await start(owner, 'solana')).status, 200);
    const ok = await authenticate(owner, 'solana', await owner.sign(mine.body.challenge));
    assert.equal(ok.status, 200);
  });

  test("10 challenge starts by a stranger, then the owner's correct signature of their own challenge works", async () => {
    const owner = solanaWallet();
    const ownAddress = { ...origin, 'x-forwarded-for': '203.0.113.90' };
    const mine = await server.api('/crypto_wallets/authenticate/start/primary', {
      body: { crypto_wallet_address: owner.address, crypto_wallet_type: 'solana' },
      headers: ownAddress,
    });
    assert.equal(mine.status, 200);
    const stranger = { ...origin, 'x-forwarded-for': '198.51.100.90' };
    for (let i = 0; i < 12; i += 1) {
      const started = await server.api('/crypto_wallets/authenticate/start/primary', {
        body: { crypto_wallet_address: owner.address, crypto_wallet_type: 'solana' },
        headers: stranger,
      });
      assert.equal(started.status, 200);
    }
    const signature = await owner.sign(mine.body.challenge);
    const ok = await authenticate(owner, 'solana', signature, { headers: ownAddress });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
  });

  test('malformed addresses, signatures and wallet types: a 4xx naming the problem, nothing stored', async () => {
    const before = await Promise.all([count('users'), count('crypto_challenges')]);
    const eth = ethereumWallet();
    // A mixed-case address must carry its EIP-55 checksum: flip the case of one letter.
    const letter = eth.address.slice(2).search(/[a-fA-F]/) + 2;
    const flipped = eth.address[letter] ?? 'a';
    const badChecksum = `${eth.address.slice(0, letter)}${
      flipped === flipped.toLowerCase() ? flipped.toUpperCase() : flipped.toLowerCase()
    }${eth.address.slice(letter + 1)}`;
    for (const address of ['0x123', 'not an address', `${eth.address}00`, badChecksum]) {
      assertApiError(
        await start({ ...eth, address: address as `0x${string}` }, 'ethereum'),
        400,
        'invalid_crypto_wallet_address',
      );
    }
    for (const address of ['0OIl', base58.encode(new Uint8Array(31).fill(7)), 'x'.repeat(44)]) {
      assertApiError(
        await start({ ...solanaWallet(), address }, 'solana'),
        400,
        'invalid_crypto_wallet_address',
      );
    }
    assertApiError(await start(eth, 'bitcoin'), 400, 'invalid_wallet_type');
    assertApiError(
      await start(solanaWallet(), 'solana', { siwe_params: { chain_id: '1' } }),
      400,
      'crypto_wallet_type_incompatible_with_siwe',
    );
    assertApiError(
      await start(eth, 'ethereum', { siwe_params: { chain_id: 'mainnet' } }),
      400,
      'invalid_siwe_chain_id',
    );
    assertApiError(
      await start(eth, 'ethereum', { siwe_params: { statement: 'two\nlines' } }),
      400,
      'invalid_siwe_statement',
    );
    const missing = await server.api('/crypto_wallets/authenticate/start/primary', {
      body: { crypto_wallet_type: 'ethereum' },
      headers: origin,
    });
    assertApiError(missing, 400, 'schema_error');
    assert.deepEqual(missing.body.errors, [
      { path: 'body.crypto_wallet_address', message: 'is required' },
    ]);
    assert.deepEqual(await Promise.all([count('users'), count('crypto_challenges')]), before);

    for (const signature of ['0x1234', `0x${'zz'.repeat(65)}`, 'hello']) {
      assertApiError(await authenticate(eth, 'ethereum', signature), 400, 'invalid_signature');
    }
    const sol = solanaWallet();
    for (const signature of ['0OIl', base58.encode(new Uint8Array(63).fill(1))]) {
      assertApiError(await authenticate(sol, 'solana', signature), 400, 'invalid_signature');
    }
    assertApiError(
      await server.api('/crypto_wallets/authenticate', {
        body: { crypto_wallet_address: eth.address, crypto_wallet_type: 'ethereum' },
        headers: origin,
      }),
      400,
      'schema_error',
    );
    assert.deepEqual(await Promise.all([count('users'), count('crypto_challenges')]), before);
  });

  test("another project's challenge is not this project's", async () => {
    const wallet = solanaWallet();
    const started = await start(wallet, 'solana');
    const signature = await wallet.sign(started.body.challenge);
    assertApiError(
      await authenticate(wallet, 'solana', signature, { publicToken: OTHER_TOKEN }),
      404,
      'crypto_wallet_challenge_not_found',
    );
    assert.equal((await authenticate(wallet, 'solana', signature)).status, 200);
  });

  test('a signed-in user adds a wallet through start/secondary, and removes it', async () => {
    const sms = await signInBySms(server, '+14155550901');
    const wallet = ethereumWallet();
    const withoutSession = await server.api('/crypto_wallets/authenticate/start/secondary', {
      body: { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum' },
      headers: origin,
    });
    assertApiError(withoutSession, 401, 'user_unauthenticated');
    const started = await server.api('/crypto_wallets/authenticate/start/secondary', {
      body: { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum' },
      headers: origin,
      secret: sms.session_token,
    });
    assert.equal(started.status, 200, JSON.stringify(started.body));
    const added = await authenticate(
      wallet,
      'ethereum',
      await wallet.sign(started.body.challenge),
      {
        secret: sms.session_token,
      },
    );
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.equal(added.body.user_id, sms.user_id);
    assert.equal(added.body.session.session_id, sms.session.session_id);
    assert.deepEqual(
      added.body.session.authentication_factors.map(
        (f: { delivery_method: string }) => f.delivery_method,
      ),
      ['sms', 'crypto_wallet'],
    );
    const walletId = added.body.user.crypto_wallets[0].crypto_wallet_id;
    const removed = await server.api(`/users/crypto_wallets/${walletId}`, {
      method: 'DELETE',
      secret: sms.session_token,
    });
    assert.equal(removed.status, 200);
    assert.deepEqual(removed.body.crypto_wallets, []);
    assertApiError(
      await server.api(`/users/crypto_wallets/${walletId}`, {
        method: 'DELETE',
        secret: sms.session_token,
      }),
      404,
      'crypto_wallet_not_found',
    );
  });

  test("a signature for a signed-in user's challenge presented without their session is refused and spends nothing", async () => {
    const sms = await signInBySms(server, '+14155550903');
    const wallet = solanaWallet();
    const started = await server.api('/crypto_wallets/authenticate/start/secondary', {
      body: { crypto_wallet_address: wallet.address, crypto_wallet_type: 'solana' },
      headers: origin,
      secret: sms.session_token,
    });
    assert.equal(started.status, 200);
    const signature = await wallet.sign(started.body.challenge);
    const rows = () =>
      rowsOf(server.store, ['users', 'crypto_wallets', 'crypto_challenges', 'sessions']);
    const before = await rows();
    assertApiError(await authenticate(wallet, 'solana', signature), 401, 'user_unauthenticated');
    assert.deepEqual(await rows(), before, 'the challenge is unspent, no wallet or session');
    const added = await authenticate(wallet, 'solana', signature, { secret: sms.session_token });
    assert.equal(added.status, 200, JSON.stringify(added.body));
    assert.equal(added.body.user_id, sms.user_id);
  });

  test("a wallet of another user cannot be added to one's own account", async () => {
    const wallet = solanaWallet();
    const first = await start(wallet, 'solana');
    assert.equal(
      (await authenticate(wallet, 'solana', await wallet.sign(first.body.challenge))).status,
      200,
    );
    const sms = await signInBySms(server, '+14155550902');
    const started = await server.api('/crypto_wallets/authenticate/start/secondary', {
      body: { crypto_wallet_address: wallet.address, crypto_wallet_type: 'solana' },
      headers: origin,
      secret: sms.session_token,
    });
    assertApiError(
      await authenticate(wallet, 'solana', await wallet.sign(started.body.challenge), {
        secret: sms.session_token,
      }),
      409,
      'duplicate_wallet_address',
    );
  });

  test('a refused duration spends no challenge and makes no user: the same signature signs in afterwards', async () => {
    const wallet = solanaWallet();
    const started = await start(wallet, 'solana');
    assert.equal(started.status, 200);
    const signature = await wallet.sign(started.body.challenge);
    const rows = () =>
      rowsOf(server.store, ['users', 'crypto_wallets', 'crypto_challenges', 'sessions']);
    const before = await rows();
    const refused = await server.api('/crypto_wallets/authenticate', {
      body: {
        crypto_wallet_address: wallet.address,
        crypto_wallet_type: 'solana',
        signature,
        session_duration_minutes: 8 * 24 * 60,
      },
      headers: origin,
    });
    assertApiError(refused, 400, 'session_duration_too_long');
    assert.deepEqual(await rows(), before, 'challenge unspent, no user, wallet or session');
    const signed = await authenticate(wallet, 'solana', signature);
    assert.equal(signed.status, 200, JSON.stringify(signed.body));
  });

  test('housekeeping deletes challenges a day after they expired, and keeps the others', async () => {
    const old = ethereumWallet();
    await start(old, 'ethereum');
    server.clock.advance(10 * 60_000 + KEEP_EXPIRED_MS + 1);
    const fresh = solanaWallet();
    const live = await start(fresh, 'solana');
    const context = { store: server.store } as unknown as ProductContext;
    assert.ok(Number(await cryptoProduct.housekeeping?.(context, server.clock.now())) >= 1);
    const left = await server.store.db
      .selectFrom('crypto_challenges')
      .select('address')
      .where('address', 'in', [old.address, fresh.address])
      .execute();
    assert.deepEqual(
      left.map((row) => row.address),
      [fresh.address],
    );
    const signed = await authenticate(fresh, 'solana', await fresh.sign(live.body.challenge));
    assert.equal(signed.status, 200);
  });

  test('bootstrap serves siwe_required_for_crypto_wallets from the project config', async () => {
    const boot = await server.api(`/projects/bootstrap/${server.project.publicToken}`, {
      authorization: null,
    });
    assert.equal(boot.body.siwe_required_for_crypto_wallets, true);
    const other = await server.api(`/projects/bootstrap/${OTHER_TOKEN}`, { authorization: null });
    assert.equal(other.body.siwe_required_for_crypto_wallets, false);
  });

  test('challenges are limited per client address: the 31st in 15 minutes is refused', async () => {
    const wallet = ethereumWallet();
    for (let i = 0; i < START_LIMIT_PER_IP.max; i += 1) {
      assert.equal((await start(wallet, 'ethereum')).status, 200);
    }
    const answer = await start(wallet, 'ethereum');
    assertApiError(answer, 429, 'too_many_requests');
    assert.ok(Number(answer.body.retry_after_seconds) > 0);
  });
});

describe('crypto wallets not enabled', () => {
  let server: TestServer;
  before(async () => {
    server = await startTestServer({
      project: { products: ['otp'] },
    });
  });
  after(() => server.close());

  test('answer 403 product_not_enabled, and bootstrap asks for no SIWE parameters', async () => {
    const wallet = ethereumWallet();
    const answer = await server.api('/crypto_wallets/authenticate/start/primary', {
      body: { crypto_wallet_address: wallet.address, crypto_wallet_type: 'ethereum' },
    });
    assertApiError(answer, 403, 'product_not_enabled');
    const boot = await server.api(`/projects/bootstrap/${server.project.publicToken}`, {
      authorization: null,
    });
    assert.equal(boot.body.siwe_required_for_crypto_wallets, false);
  });
});
