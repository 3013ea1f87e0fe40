/**
 * Delivery that counts: each adapter of the routes wrapped so every send is counted by channel
 * and outcome (the vendor took it, refused it with a `DeliveryError`, or the call failed),
 * whichever product sent it.
 */
import {
  type Channel,
  type DeliveryAdapter,
  DeliveryError,
  type DeliveryReceipt,
  type DeliveryRoutes,
  type OutgoingMessage,
} from './delivery.js';

/** Told how each send ended. */
export type SendCounter = (channel: Channel, outcome: 'sent' | 'refused' | 'failed') => void;

/** An adapter that passes each send to `inner` and counts how it ended. */
class MeteredAdapter implements DeliveryAdapter {
  constructor(
    private readonly inner: DeliveryAdapter,
    private readonly count: SendCounter,
  ) {}

  get name(): string {
    return this.inner.name;
  }

  get channels(): readonly Channel[] {
    return this.inner.channels;
  }

  async send(message: OutgoingMessage): Promise<DeliveryReceipt> {
    try {
      const receipt = await this.inner.send(message);
      this.count(message.channel, 'sent');
      return receipt;
    } catch (error) {
      this.count(message.channel, error instanceof DeliveryError ? 'refused' : 'failed');
      throw error;
    }
  }

  async close(): Promise<void> {
    await this.inner.close?.();
  }
}

/** `routes` with each adapter counting its sends into `count`. */
export function meteredDelivery(routes: DeliveryRoutes, count: SendCounter): DeliveryRoutes {
  const metered: DeliveryRoutes = {};
  for (const channel of Object.keys(routes) as Channel[]) {
    const adapter = routes[channel];
    if (adapter) metered[channel] = new MeteredAdapter(adapter, count);
  }
  return metered;
}
