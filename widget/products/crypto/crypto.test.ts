import { ed25519 } from '@noble/curves/ed25519.js';
import { expect, fixture, html } from '@open-wc/testing';
import { base58 } from '@scure/base';
import { verifyMessage } from 'viem';
import { createSiweMessage } from 'viem/siwe';
import type { RecordedRequest } from '../../client/testing/fake-api.js';
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
import {
  announceEthereumWallet,
  createEthereumWallet,
  createSolanaWallet,
} from './testing/test-wallets.js';

/** The globals a test may have set, removed after each test. */
const walletGlobals = ['ethereum', 'solana', 'phantom', 'BinanceChain'] as const;
const removers: Array<() => void> = [];

afterEach(async () => {
  for (const remove of removers.splice(0)) remove();
  for (const name of walletGlobals) delete (window as unknown as Record<string, unknown>)[name];
  await cleanUpClients();
});

/**
 * The server's side, played in the page with real checks: each start hands out a fresh message
 * (EIP-4361 for Ethereum), and authenticate verifies the wallet's signature of it (viem for
 * Ethereum, Ed25519 for Solana) before answering with a session.
 */
function serveCryptoApi(test: TestClient): { challenges: Map<string, string> } {
  const challenges = new Map<string, string>();
  test.api.on('GET', `/projects/bootstrap/${test.publicToken}`, {
    json: success({ siwe_required_for_crypto_wallets: true }),
  });
  test.api.on('POST', '/crypto_wallets/authenticate/start/primary', (request: RecordedRequest) => {
    const body = request.body as { crypto_wallet_address: string; crypto_wallet_type: string };
    const nonce = crypto.randomUUID().replaceAll('-', '');
    const challenge =
      body.crypto_wallet_type === 'ethereum'
        ? createSiweMessage({
            domain: location.host,
            address: body.crypto_wallet_address as `0x${string}`,
            uri: location.origin,
            version: '1',
            chainId: 1,
            nonce,
            issuedAt: new Date(),
          })
        : `${location.host} wants you to sign in with your Solana account:\n${body.crypto_wallet_address}\n\nNonce: ${nonce}`;
    challenges.set(body.crypto_wallet_address, challenge);
    return { json: success({ challenge }) };
  });
  test.api.on('POST', '/crypto_wallets/authenticate', async (request: RecordedRequest) => {
    const body = request.body as {
      crypto_wallet_address: string;
      crypto_wallet_type: string;
      signature: string;
    };
    const message = challenges.get(body.crypto_wallet_address) ?? '';
    challenges.delete(body.crypto_wallet_address);
    const valid =
      body.crypto_wallet_type === 'ethereum'
        ? await verifyMessage({
            address: body.crypto_wallet_address as `0x${string}`,
            message,
            signature: body.signature as `0x${string}`,
          }).catch(() => false)
        : ed25519.verify(
            base58.decode(body.signature),
            new TextEncoder().encode(message),
            base58.decode(body.crypto_wallet_address),
          );
    return valid
      ? { json: authenticateBody('crypto-session-token') }
      : {
          status: 401,
          json: apiErrorBody(
            401,
            'unable_to_authenticate_crypto_wallet',
            'The signature does not match the wallet and its challenge. Please try again.',
          ),
        };
  });
  return { challenges };
}

interface Mounted {
  el: VelvetLogin;
  test: TestClient;
  events: VelvetEventDetail[];
  errors: VelvetErrorDetail[];
  text(): string;
  buttons(): string[];
  click(name: string): Promise<void>;
}

async function mount(config: unknown, setup?: (test: TestClient) => void): Promise<Mounted> {
  const test = createTestClient();
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
  const text = () => root().textContent?.replace(/\s+/g, ' ').trim() ?? '';
  const buttons = () =>
    [...root().querySelectorAll('button, a.velvet-button')].map(
      (node) =>
        node.getAttribute('aria-label') ?? node.textContent?.replace(/\s+/g, ' ').trim() ?? '',
    );
  await waitFor(
    () => root().querySelector('velvet-crypto-wallet-buttons button'),
    () => `the wallet buttons did not render: ${text()}`,
  );
  return {
    el,
    test,
    events,
    errors,
    text,
    buttons,
    async click(name) {
      const target = await waitFor(
        () =>
          [...root().querySelectorAll<HTMLButtonElement>('button')].find(
            (node) => node.textContent?.replace(/\s+/g, ' ').trim() === name,
          ),
        () => `no button "${name}" among ${JSON.stringify(buttons())}`,
      );
      target.click();
      await el.updateComplete;
    },
  };
}

const untilText = (mounted: Mounted, text: string) =>
  waitFor(
    () => mounted.text().includes(text),
    () => `"${text}" never showed: ${mounted.text()}`,
  );

describe('crypto wallets in <velvet-login>', () => {
  it('OAuth and wallets together show at most 6 main-screen buttons (spec section 9)', async () => {
    const metamask = createEthereumWallet({ isMetaMask: true });
    removers.push(
      announceEthereumWallet(metamask.provider, { name: 'MetaMask', rdns: 'io.metamask' }),
    );
    const providers = ['google', 'github', 'apple', 'discord', 'microsoft', 'facebook', 'gitlab'];
    const mounted = await mount({
      products: ['oauth', 'crypto'],
      oauthOptions: { providers: providers.map((type) => ({ type })) },
    });
    const root = mounted.el.shadowRoot ?? mounted.el;
    const sections = 'velvet-oauth-buttons button, velvet-crypto-wallet-buttons button';
    await waitFor(
      () => root.querySelector('velvet-oauth-buttons button'),
      'the OAuth buttons did not render',
    );
    const shown = [...root.querySelectorAll(sections)];
    expect(shown.length, JSON.stringify(mounted.buttons())).to.equal(6);
    expect(root.querySelectorAll('velvet-oauth-buttons button').length).to.equal(5);
    expect(mounted.buttons()).to.include('Continue with other Crypto Wallet');
  });

  it('lists the wallets the browser announces, in order, below nothing but a divider before the form', async () => {
    const ethereum = createEthereumWallet({ isMetaMask: true });
    removers.push(
      announceEthereumWallet(ethereum.provider, { name: 'MetaMask', rdns: 'io.metamask' }),
    );
    const solana = createSolanaWallet();
    Object.assign(window, { phantom: { solana: solana.provider } });
    const mounted = await mount({ products: ['crypto', 'otp'], otpOptions: { methods: ['sms'] } });
    const wallets = mounted.el.querySelectorAll('velvet-crypto-wallet-buttons button');
    expect([...wallets].map((node) => node.textContent?.trim())).to.deep.equal([
      'Continue with Metamask',
      'Continue with Phantom',
      'Set up a new crypto wallet',
    ]);
    await waitFor(() => mounted.el.querySelector('form'), 'the SMS form did not render');
    const divider = mounted.el.querySelector('[part=divider]');
    expect(divider?.textContent?.trim()).to.equal('or');
    expect(divider?.nextElementSibling?.classList.contains('velvet-section--form')).to.equal(true);
    await expect(mounted.el).to.be.accessible();
  });

  it('signs in with an Ethereum wallet: connect, SIWE challenge, personal_sign, success', async () => {
    const wallet = createEthereumWallet({ isMetaMask: true });
    removers.push(
      announceEthereumWallet(wallet.provider, { name: 'MetaMask', rdns: 'io.metamask' }),
    );
    const mounted = await mount({ products: ['crypto'] }, serveCryptoApi);
    expect(mounted.el.screen).to.equal('Main');
    await mounted.click('Continue with Metamask');
    await untilText(mounted, 'Success!');
    expect(mounted.el.screen).to.equal('Crypto Confirmation');
    expect(wallet.controls.calls).to.deep.equal(['eth_requestAccounts', 'personal_sign']);
    expect(wallet.controls.signed).to.have.length(1);
    expect(wallet.controls.signed[0]).to.match(
      new RegExp(
        `^${location.host} wants you to sign in with your Ethereum account:\\n${wallet.controls.address}\\n`,
      ),
    );
    const start = mounted.test.api.requestsTo('/crypto_wallets/authenticate/start/primary')[0];
    expect(start?.body).to.deep.equal({
      crypto_wallet_address: wallet.controls.address,
      crypto_wallet_type: 'ethereum',
      siwe_params: { uri: location.origin },
    });
    expect(mounted.events.map((event) => event.type)).to.deep.equal([
      'CRYPTO_WALLET_AUTHENTICATE_START',
      'CRYPTO_WALLET_AUTHENTICATE',
      'AUTHENTICATE_FLOW_COMPLETE',
    ]);
    expect(mounted.test.client.session.getTokens()?.sessionToken).to.equal('crypto-session-token');
    expect(mounted.errors).to.deep.equal([]);
    await expect(mounted.el).to.be.accessible();
  });

  it('signs in with a Solana wallet: connect, signMessage, base58 signature, success', async () => {
    const wallet = createSolanaWallet();
    Object.assign(window, { solana: wallet.provider });
    const mounted = await mount({ products: ['crypto'] }, serveCryptoApi);
    await mounted.click('Continue with Phantom');
    await untilText(mounted, 'Success!');
    expect(wallet.controls.calls).to.deep.equal(['connect', 'signMessage']);
    const sent = mounted.test.api.requestsTo('/crypto_wallets/authenticate')[0]?.body as {
      signature: string;
      crypto_wallet_type: string;
    };
    expect(sent.crypto_wallet_type).to.equal('solana');
    expect(base58.decode(sent.signature)).to.have.length(64);
    const start = mounted.test.api.requestsTo('/crypto_wallets/authenticate/start/primary')[0];
    expect(start?.body).to.deep.equal({
      crypto_wallet_address: wallet.controls.address,
      crypto_wallet_type: 'solana',
    });
  });

  it('a user who refuses to connect (4001) sees Crypto Error, and Go back returns to Main', async () => {
    const wallet = createEthereumWallet({ isMetaMask: true });
    wallet.controls.reject = 'connect';
    Object.assign(window, { ethereum: wallet.provider });
    const mounted = await mount({ products: ['crypto'] }, serveCryptoApi);
    await mounted.click('Continue with Metamask');
    await untilText(mounted, '[Error] Could not connect to wallet');
    expect(mounted.el.screen).to.equal('Crypto Error');
    expect(mounted.text()).to.include('Your sign in request could not be completed');
    expect(mounted.errors.map((error) => error.message)).to.deep.equal([
      'User rejected the request.',
    ]);
    expect(
      mounted.test.api.requestsTo('/crypto_wallets/authenticate/start/primary'),
    ).to.have.length(0);
    await expect(mounted.el).to.be.accessible();
    await mounted.click('Go back');
    expect(mounted.el.screen).to.equal('Main');
  });

  it('a user who refuses to sign sees "[Error] Could not sign message" and no session starts', async () => {
    const wallet = createSolanaWallet();
    wallet.controls.reject = 'sign';
    Object.assign(window, { solana: wallet.provider });
    const mounted = await mount({ products: ['crypto'] }, serveCryptoApi);
    await mounted.click('Continue with Phantom');
    await untilText(mounted, '[Error] Could not sign message');
    expect(mounted.test.api.requestsTo('/crypto_wallets/authenticate')).to.have.length(0);
    expect(mounted.test.client.session.getTokens()).to.equal(null);
  });

  it('a signature the server refuses ends on Crypto Error, with its message told to the page', async () => {
    const wallet = createEthereumWallet({ isMetaMask: true });
    Object.assign(window, { ethereum: wallet.provider });
    const mounted = await mount({ products: ['crypto'] }, (test) => {
      const served = serveCryptoApi(test);
      // The server's challenge changes after the wallet saw it: the signature no longer fits.
      test.api.on('POST', '/crypto_wallets/authenticate/start/primary', (request) => {
        const body = request.body as { crypto_wallet_address: string };
        served.challenges.set(body.crypto_wallet_address, 'another challenge');
        return { json: success({ challenge: 'the challenge the wallet signs' }) };
      });
    });
    await mounted.click('Continue with Metamask');
    await untilText(mounted, '[Error] Could not sign message');
    expect(mounted.errors).to.deep.equal([
      {
        message: 'The signature does not match the wallet and its challenge. Please try again.',
        errorType: 'unable_to_authenticate_crypto_wallet',
      },
    ]);
    expect(mounted.test.client.session.getTokens()).to.equal(null);
  });

  it('puts the wallets beyond the slots (6 − OAuth providers − 1) on the other-wallet screen', async () => {
    const metamask = createEthereumWallet({ isMetaMask: true });
    removers.push(
      announceEthereumWallet(metamask.provider, { name: 'MetaMask', rdns: 'io.metamask' }),
    );
    const coinbase = createEthereumWallet({ isCoinbaseWallet: true });
    removers.push(
      announceEthereumWallet(coinbase.provider, {
        name: 'Coinbase Wallet',
        rdns: 'com.coinbase.wallet',
      }),
    );
    const solana = createSolanaWallet({});
    Object.assign(window, { solana: solana.provider });
    const providers = ['google', 'github', 'apple', 'discord'].map((type) => ({ type }));
    const mounted = await mount({ products: ['crypto'], oauthOptions: { providers } });
    expect(mounted.buttons()).to.deep.equal([
      'Continue with Metamask',
      'Continue with other Crypto Wallet',
    ]);
    await mounted.click('Continue with other Crypto Wallet');
    await waitFor(() => mounted.el.screen === 'Crypto Other Screen', 'no other-wallet screen');
    await untilText(mounted, 'Continue with other wallet');
    await waitFor(
      () => mounted.buttons().includes('Other Solana Wallet'),
      () => `buttons: ${JSON.stringify(mounted.buttons())}`,
    );
    expect(mounted.buttons()).to.deep.equal([
      'Back',
      'Coinbase',
      'Other Solana Wallet',
      'Set up a new crypto wallet',
    ]);
    await expect(mounted.el).to.be.accessible();
    await mounted.click('Set up a new crypto wallet');
    await untilText(mounted, 'Get Metamask');
    expect(mounted.el.screen).to.equal('Crypto Setup Wallet');
    const links = [...mounted.el.querySelectorAll<HTMLAnchorElement>('a.velvet-button')];
    expect(links.map((link) => new URL(link.href).hostname)).to.include('metamask.io');
    expect(
      links.every((link) => link.target === '_blank' && link.rel.includes('noopener')),
    ).to.equal(true);
    await expect(mounted.el).to.be.accessible();
  });

  it('offers only "Set up a new crypto wallet" when the browser has no wallet', async () => {
    const mounted = await mount({ products: ['crypto'] });
    expect(mounted.buttons()).to.deep.equal(['Set up a new crypto wallet']);
    expect(mounted.el.querySelector('[part=divider]')).to.equal(null);
  });
});
