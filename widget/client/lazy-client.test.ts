import { expect } from '@open-wc/testing';
import { SchemaError } from './errors.js';
import { lazyClient } from './lazy-client.js';
import { success } from './testing/fixtures.js';
import { afterEach, describe, it } from './testing/mocha.js';
import { cleanUpClients, createTestClient } from './testing/test-client.js';

/** A product client as the library writes them: async methods, a namespace of more. */
class ShelfClient {
  readonly books = {
    count: async (shelf: string): Promise<number> => (shelf === 'top' ? this.top.length : 0),
  };
  private readonly top = ['a', 'b'];

  constructor(readonly name: string) {}

  async label(prefix: string): Promise<string> {
    return `${prefix} ${this.name}`;
  }

  async fail(): Promise<never> {
    throw new SchemaError([], { message: 'shelf must be a string' });
  }
}

/** Whether the page has requested a module whose path ends with `file`. */
function requested(file: string): boolean {
  return performance
    .getEntriesByType('resource')
    .some((entry) => new URL(entry.name).pathname.endsWith(file));
}

describe('lazyClient', () => {
  afterEach(cleanUpClients);

  it('loads the real client on the first call only, and calls its methods at any depth', async () => {
    let loads = 0;
    const shelf = lazyClient(async () => {
      loads += 1;
      return new ShelfClient('oak');
    });
    expect(loads).to.equal(0);
    expect(await shelf.label('the')).to.equal('the oak');
    expect(await shelf.books.count('top')).to.equal(2);
    expect(await shelf.label.call(undefined, 'an')).to.equal('an oak');
    expect(shelf.books).to.equal(shelf.books);
    expect(loads).to.equal(1);
  });

  it('passes the real method’s rejection on, and loads again after a failed load', async () => {
    let attempt = 0;
    const shelf = lazyClient(async () => {
      attempt += 1;
      if (attempt === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return new ShelfClient('elm');
    });
    const failed = await shelf.label('x').catch((error: unknown) => error);
    expect(failed).to.be.instanceOf(TypeError);
    expect(await shelf.label('the')).to.equal('the elm');
    const error = await shelf.fail().catch((error: unknown) => error);
    expect(error).to.be.instanceOf(SchemaError);
  });

  it('is not a promise: awaiting a lazy client gives the client back', async () => {
    const shelf = lazyClient(async () => new ShelfClient('ash'));
    expect(await shelf).to.equal(shelf);
  });

  it('lets a VelvetClient download a product’s client only when it is first called', async () => {
    const test = createTestClient();
    expect(requested('/widget/client/crypto-wallets-client.ts')).to.equal(false);
    expect(requested('/widget/client/otp-client.ts')).to.equal(true);
    test.api.on('POST', '/crypto_wallets/authenticate/start/primary', {
      json: success({ challenge: 'c', user_created: false }),
    });
    const response = await test.client.cryptoWallets.authenticateStart({
      crypto_wallet_address: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
      crypto_wallet_type: 'ethereum',
    });
    expect(response.challenge).to.equal('c');
    expect(requested('/widget/client/crypto-wallets-client.ts')).to.equal(true);
  });
});
