/**
 * Delivery of one-time passcodes: one adapter interface for SMS, WhatsApp and
 * email, so the development outbox, the tests and production share one path.
 */

/** The channels a passcode can travel on. */
export type Channel = 'sms' | 'whatsapp' | 'email';

/** One message to deliver. `to` is E.164 for sms/whatsapp, an address for email. */
export interface OutgoingMessage {
  readonly channel: Channel;
  readonly to: string;
  /** Plain-text body: the whole SMS or WhatsApp text, the text part of an email. */
  readonly text: string;
  /** Email only. */
  readonly subject?: string;
  /** Email only: an HTML alternative. */
  readonly html?: string;
}

/** What an adapter reports after the vendor accepted a message. */
export interface DeliveryReceipt {
  /** The vendor's message id (Twilio SID, SMTP message id, outbox id). */
  readonly id: string;
}

/** A transport for one or more channels. `send` rejects with `DeliveryError` when the vendor refuses. */
export interface DeliveryAdapter {
  /** A short name for logs: `outbox`, `twilio`, `smtp`. */
  readonly name: string;
  /** The channels this adapter can carry. */
  readonly channels: readonly Channel[];
  send(message: OutgoingMessage): Promise<DeliveryReceipt>;
  /** Releases connections; optional. */
  close?(): Promise<void>;
}

/** A vendor refused or could not be reached. `message` never contains the passcode. */
export class DeliveryError extends Error {
  constructor(
    message: string,
    /** The vendor's own error code when it gave one (Twilio `code`, SMTP response code). */
    readonly vendorCode?: string | number,
  ) {
    super(message);
    this.name = 'DeliveryError';
  }
}

/** The adapter chosen for each channel; a missing entry means the channel cannot deliver. */
export type DeliveryRoutes = Partial<Record<Channel, DeliveryAdapter>>;
