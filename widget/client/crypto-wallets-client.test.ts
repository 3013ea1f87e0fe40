import { expect } from '@open-wc/testing';
import { SchemaError } from './errors.js';
import { authenticateBody, success } from './testing/fixtures.js';
import { afterEach, describe, it } from './testing/mocha.js';
import {
  cleanUpClients,
  createTestClient,
  signIn,
  type TestClient,
} from './testing/test-client.js';

const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F';
const START_PRIMARY = '/crypto_wallets/authenticate/start/primary';

async function rejectionOf(call: () => Promise<unknown>): Promise<Error> {
  try {
    await call();
  } catch (error) {
    return error as Error;
  }
  throw new Error('did not throw');
}

function answerBootstrap(test: TestClient, siweRequired: boolean): void {
  test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, {
    json: success({ siwe_required_for_crypto_wallets: siweRequired }),
  });
}

function answerStarts(test: TestClient): void {
  for (const variant of ['primary', 'secondary']) {
    test.api.on('POST', `/crypto_wallets/authenticate/start/${variant}`, {
      json: success({ challenge: 'app.test wants you to sign in with your Ethereum account:' }),
    });
  }
}

describe('CryptoWalletsClient', () => {
  afterEach(cleanUpClients);

  it('throws the spec schema errors before any call', async () => {
    const test = createTestClient();
    const wallets = test.client.cryptoWallets as unknown as {
      authenticateStart(options: unknown): Promise<unknown>;
      authenticate(options: unknown): Promise<unknown>;
    };
    const cases: Array<[() => Promise<unknown>, string]> = [
      [
        () => wallets.authenticateStart({ crypto_wallet_type: 'ethereum' }),
        'crypto_wallet_address must be a string',
      ],
      [
        () => wallets.authenticateStart({ crypto_wallet_address: ADDRESS, crypto_wallet_type: 1 }),
        'crypto_wallet_type must be a string',
      ],
      [
        () =>
          wallets.authenticateStart({
            crypto_wallet_address: ADDRESS,
            crypto_wallet_type: 'ethereum',
            siwe_params: { resources: 'https://a.test' },
          }),
        'siwe_params.resources must be an array of strings',
      ],
      [
        () =>
          wallets.authenticate({
            crypto_wallet_address: ADDRESS,
            crypto_wallet_type: 'ethereum',
            session_duration_minutes: 60,
          }),
        'signature must be a string',
      ],
      [
        () =>
          wallets.authenticate({
            crypto_wallet_address: ADDRESS,
            crypto_wallet_type: 'ethereum',
            signature: '0x00',
            session_duration_minutes: '60',
          }),
        'session_duration_minutes must be a number',
      ],
    ];
    for (const [call, message] of cases) {
      const error = await rejectionOf(call);
      expect(error).to.be.instanceOf(SchemaError);
      expect(error.message).to.equal(message);
    }
    expect(test.api.requests).to.have.length(0);
  });

  it('starts on /start/primary, with siwe_params for Ethereum when the project requires SIWE', async () => {
    const test = createTestClient();
    answerBootstrap(test, true);
    answerStarts(test);
    const { challenge } = await test.client.cryptoWallets.authenticateStart({
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: 'ethereum',
      siwe_params: { chain_id: '10' },
    });
    expect(challenge).to.contain('Ethereum account');
    await test.client.cryptoWallets.authenticateStart({
      crypto_wallet_address: 'DDt5jwCPJYxeUdELdfuPG6itbV8vEWMsqCcD1qXV7iZ9',
      crypto_wallet_type: 'solana',
    });
    const starts = test.api.requestsTo(START_PRIMARY);
    expect(starts.map((request) => request.body)).to.deep.equal([
      {
        crypto_wallet_address: ADDRESS,
        crypto_wallet_type: 'ethereum',
        siwe_params: { chain_id: '10', uri: location.origin },
      },
      {
        crypto_wallet_address: 'DDt5jwCPJYxeUdELdfuPG6itbV8vEWMsqCcD1qXV7iZ9',
        crypto_wallet_type: 'solana',
      },
    ]);
  });

  it('sends no siwe_params when the project does not require SIWE', async () => {
    const test = createTestClient();
    answerBootstrap(test, false);
    answerStarts(test);
    await test.client.cryptoWallets.authenticateStart({
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: 'ethereum',
    });
    expect(test.api.requestsTo(START_PRIMARY)[0]?.body).to.deep.equal({
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: 'ethereum',
    });
  });

  it('starts on /start/secondary once a session exists', async () => {
    const test = createTestClient();
    answerBootstrap(test, false);
    answerStarts(test);
    await signIn(test);
    await test.client.cryptoWallets.authenticateStart({
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: 'ethereum',
    });
    expect(test.api.requestsTo('/crypto_wallets/authenticate/start/secondary')).to.have.length(1);
  });

  it('authenticate sends the signature and signs the session in', async () => {
    const test = createTestClient();
    test.api.on('POST', '/crypto_wallets/authenticate', {
      json: authenticateBody('crypto-token', 'crypto.jwt.1'),
    });
    const answer = await test.client.cryptoWallets.authenticate({
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: 'ethereum',
      signature: `0x${'ab'.repeat(65)}`,
      session_duration_minutes: 30,
    });
    expect(answer.session_token).to.equal('crypto-token');
    expect(test.api.requestsTo('/crypto_wallets/authenticate')[0]?.body).to.deep.equal({
      crypto_wallet_address: ADDRESS,
      crypto_wallet_type: 'ethereum',
      signature: `0x${'ab'.repeat(65)}`,
      session_duration_minutes: 30,
    });
    expect(test.client.session.getTokens()?.sessionToken).to.equal('crypto-token');
  });
});
