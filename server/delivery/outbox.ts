/**
 * The development outbox: a delivery adapter that keeps messages and prints
 * them, so sign-in works on a laptop without an SMS or email vendor. Once
 * `share`d with the database, every development process on it lists the same
 * messages at `/dev/outbox`.
 */

import { randomUUID } from 'node:crypto';
import type { Channel, DeliveryAdapter, DeliveryReceipt, OutgoingMessage } from './delivery.js';
import type { OutboxRepository } from './outbox-repository.js';

/** One message the outbox kept. */
export interface OutboxEntry {
  /** `outbox-<uuid>`, also the receipt id. */
  readonly id: string;
  readonly channel: Channel;
  readonly to: string;
  readonly text: string;
  readonly subject?: string;
  readonly html?: string;
  /** When the message was sent, as an ISO 8601 string. */
  readonly sent_at: string;
}

/** Options of `DevOutbox`. */
export interface DevOutboxOptions {
  /** Where each message is printed, one call per message; defaults to `console.log`. */
  readonly log?: (line: string) => void;
}

/** How many messages the outbox keeps; older ones are dropped. */
export const OUTBOX_CAPACITY = 200;

/** A development adapter for every channel: keeps the last 200 messages and prints each. */
export class DevOutbox implements DeliveryAdapter {
  readonly name = 'outbox';
  readonly channels: readonly Channel[] = ['sms', 'whatsapp', 'email'];
  /** Oldest first. */
  private readonly entries: OutboxEntry[] = [];
  private readonly log: (line: string) => void;
  #shared: OutboxRepository | undefined;

  constructor(options: DevOutboxOptions = {}) {
    this.log = options.log ?? ((line) => console.log(line));
  }

  /** Keeps every message from now on in the database too, where `listShared` reads. */
  share(repository: OutboxRepository): void {
    this.#shared = repository;
  }

  /** Keeps and prints the message; never fails. */
  async send(message: OutgoingMessage): Promise<DeliveryReceipt> {
    const entry: OutboxEntry = {
      id: `outbox-${randomUUID()}`,
      channel: message.channel,
      to: message.to,
      text: message.text,
      ...(message.subject === undefined ? {} : { subject: message.subject }),
      ...(message.html === undefined ? {} : { html: message.html }),
      sent_at: new Date().toISOString(),
    };
    this.entries.push(entry);
    if (this.entries.length > OUTBOX_CAPACITY) {
      this.entries.splice(0, this.entries.length - OUTBOX_CAPACITY);
    }
    this.log(printable(entry));
    await this.#shared?.add(entry, OUTBOX_CAPACITY);
    return { id: entry.id };
  }

  /**
   * The messages every process sharing the database sent, newest first (this process's own
   * when not shared); with `to`, only those sent to exactly that address.
   */
  async listShared(filter: { to?: string } = {}): Promise<OutboxEntry[]> {
    return this.#shared ? this.#shared.list(filter, OUTBOX_CAPACITY) : this.list(filter);
  }

  /** The messages this process kept, newest first; with `to`, only those sent to exactly that address. */
  list(filter: { to?: string } = {}): OutboxEntry[] {
    const { to } = filter;
    const matching = to === undefined ? this.entries : this.entries.filter((e) => e.to === to);
    return matching.slice().reverse();
  }

  /** Forgets every kept message. */
  clear(): void {
    this.entries.length = 0;
  }
}

/** `[outbox] sms to +14155552671:` then the text, indented. */
function printable(entry: OutboxEntry): string {
  const subject = entry.subject === undefined ? '' : ` (subject: ${entry.subject})`;
  const body = entry.text
    .trimEnd()
    .split('\n')
    .map((line) => (line === '' ? '' : `  ${line}`));
  return [`[outbox] ${entry.channel} to ${entry.to}${subject}:`, ...body].join('\n');
}
