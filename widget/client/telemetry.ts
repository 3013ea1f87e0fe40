/**
 * Telemetry: the blob sent base64-encoded in the `X-SDK-Client` header of every call, and
 * the analytics events (`render_login_screen`, `email_sent`, `email_try_again_clicked`),
 * batched to `POST /events` at 15 events or 800 ms after the first, whichever comes first.
 * Sending never fails the caller: errors are swallowed.
 */

import { encodeBase64 } from './base64.js';
import { type Clock, systemClock, type TimerHandle } from './clock.js';
import {
  PERSISTENT_ID_STORAGE_KEY,
  SDK_IDENTIFIER,
  SDK_VERSION,
  TELEMETRY_BATCH_SIZE,
  TELEMETRY_FLUSH_INTERVAL_MS,
} from './constants.js';
import { defaultStorage, type KeyValueStorage } from './key-value-storage.js';
import { prefixedId } from './random-id.js';

/** The telemetry blob: who is calling, from where, and when. */
export interface TelemetryBlob {
  readonly event_id: string;
  readonly app_session_id: string;
  readonly persistent_id: string;
  readonly client_sent_at: string;
  readonly timezone: string;
  readonly app: { readonly identifier: string };
  readonly sdk: { readonly identifier: string; readonly version: string };
}

/** The kind of email flow an email event belongs to. */
export const EmailFlowType = {
  LOGIN_OR_CREATE_OTP: 'login_or_create_otp',
  LOGIN_OR_CREATE_EML: 'login_or_create_eml',
  RESET_PASSWORD: 'reset_password',
} as const;

/** One of {@link EmailFlowType}. */
export type EmailFlowType = (typeof EmailFlowType)[keyof typeof EmailFlowType];

/** The events the widget logs, with the details each carries. */
export interface TelemetryEventMap {
  /** The main login screen was shown. */
  render_login_screen: Record<string, unknown>;
  /** An email (magic link, passcode or reset) was sent. */
  email_sent: { readonly email: string; readonly type: EmailFlowType };
  /** 'Try again' was clicked on the email confirmation screen. */
  email_try_again_clicked: { readonly email: string; readonly type: EmailFlowType };
}

/** The name of a telemetry event. */
export type TelemetryEventName = keyof TelemetryEventMap;

/** One event as sent to `POST /events`. */
export interface TelemetryEventRecord {
  readonly telemetry: TelemetryBlob;
  readonly event: { readonly event_name: string; readonly details: Record<string, unknown> };
}

/** Delivers one batch; a rejection is swallowed by {@link Telemetry}. */
export type TelemetrySender = (events: readonly TelemetryEventRecord[]) => Promise<unknown>;

/** Options of {@link Telemetry}. */
export interface TelemetryOptions {
  readonly clock?: Clock;
  readonly storage?: KeyValueStorage;
  /** `app.identifier`; defaults to `location.host`. */
  readonly appIdentifier?: string;
  /** Where batches go; set later with {@link Telemetry.setSender} when not known yet. */
  readonly send?: TelemetrySender;
}

/** Builds telemetry blobs and batches analytics events. */
export class Telemetry {
  /** Identifies this page load; new for every client. */
  readonly appSessionId = prefixedId('app-session-id');
  /** Identifies this browser; kept in localStorage across page loads. */
  readonly persistentId: string;
  private readonly clock: Clock;
  private readonly appIdentifier: string;
  private send: TelemetrySender | null;
  private queue: TelemetryEventRecord[] = [];
  private timer: TimerHandle | null = null;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(options: TelemetryOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.appIdentifier = options.appIdentifier ?? globalThis.location?.host ?? '';
    this.send = options.send ?? null;
    this.persistentId = loadPersistentId(options.storage ?? defaultStorage());
  }

  /** Sets where batches are sent (the client wires this to `POST /events`). */
  setSender(send: TelemetrySender): void {
    this.send = send;
  }

  /** A fresh blob with a new `event_id` and the current time. */
  createBlob(): TelemetryBlob {
    return {
      event_id: prefixedId('event-id'),
      app_session_id: this.appSessionId,
      persistent_id: this.persistentId,
      client_sent_at: new Date(this.clock.now()).toISOString(),
      timezone: currentTimeZone(),
      app: { identifier: this.appIdentifier },
      sdk: { identifier: SDK_IDENTIFIER, version: SDK_VERSION },
    };
  }

  /** The `X-SDK-Client` header value: the base64 of a fresh blob's JSON. */
  createHeader(): string {
    return encodeBase64(JSON.stringify(this.createBlob()));
  }

  /**
   * Queues an event. The batch is sent once it holds 15 events, or 800 ms after its first
   * event, whichever comes first.
   */
  logEvent<K extends TelemetryEventName>(name: K, details: TelemetryEventMap[K]): void;
  /** Queues an event whose name is not one of the named ones. */
  logEvent(name: string, details?: Record<string, unknown>): void;
  logEvent(name: string, details: Record<string, unknown> = {}): void {
    this.queue.push({ telemetry: this.createBlob(), event: { event_name: name, details } });
    if (this.queue.length >= TELEMETRY_BATCH_SIZE) {
      void this.flush();
    } else if (this.timer === null) {
      this.timer = this.clock.setTimeout(() => {
        this.timer = null;
        void this.flush();
      }, TELEMETRY_FLUSH_INTERVAL_MS);
    }
  }

  /** The number of events waiting to be sent. */
  get pendingCount(): number {
    return this.queue.length;
  }

  /** Sends everything queued now; resolves when every send so far has settled. Never rejects. */
  async flush(): Promise<void> {
    if (this.timer !== null) {
      this.clock.clearTimeout(this.timer);
      this.timer = null;
    }
    while (this.queue.length > 0 && this.send) {
      const batch = this.queue.splice(0, TELEMETRY_BATCH_SIZE);
      const sending = this.send(batch).then(
        () => undefined,
        () => undefined,
      );
      this.inFlight.add(sending);
      void sending.then(() => this.inFlight.delete(sending));
    }
    await Promise.all(this.inFlight);
  }

  /** Stops the flush timer and sends what is queued. */
  dispose(): Promise<void> {
    return this.flush();
  }
}

function currentTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return 'UTC';
  }
}

function loadPersistentId(storage: KeyValueStorage): string {
  try {
    const stored = storage.getItem(PERSISTENT_ID_STORAGE_KEY);
    if (stored) return stored;
    const created = prefixedId('persistent-id');
    storage.setItem(PERSISTENT_ID_STORAGE_KEY, created);
    return created;
  } catch {
    return prefixedId('persistent-id');
  }
}
