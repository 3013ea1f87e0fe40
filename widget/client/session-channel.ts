/**
 * Cross-tab sync of the session. Each change is posted on a BroadcastChannel (which also
 * reaches other client instances in the same page); the localStorage `storage` event is the
 * fallback for browsers or contexts without BroadcastChannel. A receiver may hear the same
 * change on both paths, so it must ignore a state it already holds.
 */

import { SESSION_CHANNEL_PREFIX } from './constants.js';
import { prefixedId } from './random-id.js';
import { isSessionData, SessionChangeReason, type SessionData } from './session-state.js';
import { isObject } from './type-checks.js';

/** One change as it travels between tabs. */
export interface SessionMessage {
  /** The sending instance; a receiver ignores its own messages. */
  readonly source: string;
  /** The session now held, or `null` when it was destroyed. */
  readonly data: SessionData | null;
  readonly reason: SessionChangeReason;
}

/** Options of {@link SessionChannel}. */
export interface SessionChannelOptions {
  /** The public token naming the channel. */
  readonly publicToken: string;
  /** The localStorage key whose `storage` events carry the session. */
  readonly storageKey: string;
  /** Called for every message from another instance or tab. */
  readonly onMessage: (message: SessionMessage) => void;
  /** Where `storage` events are heard; defaults to `window`. */
  readonly eventTarget?: EventTarget | null;
}

/** A channel between all client instances of one project in this browser. */
export class SessionChannel {
  /** This instance's id, sent as {@link SessionMessage.source}. */
  readonly id = prefixedId('session-channel');
  private readonly channel: BroadcastChannel | null;
  private readonly options: SessionChannelOptions;
  private readonly eventTarget: EventTarget | null;

  constructor(options: SessionChannelOptions) {
    this.options = options;
    this.channel =
      typeof BroadcastChannel === 'function'
        ? new BroadcastChannel(`${SESSION_CHANNEL_PREFIX}${options.publicToken}`)
        : null;
    this.channel?.addEventListener('message', this.handleBroadcast);
    this.eventTarget =
      options.eventTarget !== undefined
        ? options.eventTarget
        : typeof window === 'undefined'
          ? null
          : window;
    this.eventTarget?.addEventListener('storage', this.handleStorage);
  }

  /** Tells the other instances and tabs about a change. */
  post(data: SessionData | null, reason: SessionChangeReason): void {
    const message: SessionMessage = { source: this.id, data, reason };
    try {
      this.channel?.postMessage(message);
    } catch {
      // A closed channel: the storage event still reaches other tabs.
    }
  }

  /** Stops listening and closes the channel. */
  close(): void {
    this.channel?.removeEventListener('message', this.handleBroadcast);
    this.channel?.close();
    this.eventTarget?.removeEventListener('storage', this.handleStorage);
  }

  private readonly handleBroadcast = (event: Event): void => {
    const message = (event as MessageEvent<unknown>).data;
    if (!isObject(message) || message.source === this.id) return;
    const data = message.data === null ? null : isSessionData(message.data) ? message.data : null;
    if (message.data !== null && data === null) return;
    const reason = isReason(message.reason) ? message.reason : SessionChangeReason.AUTHENTICATED;
    this.options.onMessage({ source: String(message.source), data, reason });
  };

  private readonly handleStorage = (event: Event): void => {
    const { key, newValue } = event as StorageEvent;
    if (key !== this.options.storageKey && key !== null) return;
    let data: SessionData | null = null;
    if (key !== null && newValue !== null) {
      try {
        const parsed: unknown = JSON.parse(newValue);
        if (!isSessionData(parsed)) return;
        data = parsed;
      } catch {
        return;
      }
    }
    const reason = data ? SessionChangeReason.AUTHENTICATED : SessionChangeReason.REVOKED;
    this.options.onMessage({ source: 'storage', data, reason });
  };
}

function isReason(value: unknown): value is SessionChangeReason {
  return Object.values(SessionChangeReason).includes(value as SessionChangeReason);
}
