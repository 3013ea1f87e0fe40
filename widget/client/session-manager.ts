/**
 * The local session: its state (signed out, signed in, refreshed, destroyed), the background
 * refresh scheduler and the cross-tab channel, modelled on Hanko's Scheduler and
 * SessionChannel and better-auth's session-refresh.
 *
 * - Background refresh: `POST /sessions/authenticate` 3 minutes after a session is present and
 *   every 3 minutes after each success. A failure is retried after 2000 ms doubled per attempt
 *   (jitter of plus or minus 175 ms), 7 attempts in all; then the session is destroyed with
 *   'Session background refresh failed. Signalling to app that user is logged out.'.
 *   An unrecoverable error type destroys it at once.
 * - Window focus refreshes too, at most once per 5 s; nothing is sent while offline, and the
 *   refresh resumes when the browser is back online.
 * - Every change is stored, written to the cookies, told to subscribers and posted to the other
 *   tabs and instances, which adopt it without posting it back.
 */

import { type AuthenticateResponse, isAuthenticateResponse, type User } from './api-types.js';
import { backoffDelay } from './backoff.js';
import type { Clock, RandomSource, TimerHandle } from './clock.js';
import {
  FOCUS_REFRESH_THROTTLE_MS,
  Messages,
  REFRESH_INTERVAL_MS,
  REFRESH_MAX_ATTEMPTS,
} from './constants.js';
import { isUnrecoverableError, NoCurrentSessionError } from './errors.js';
import type { HttpClient } from './http-client.js';
import { SessionChannel, type SessionMessage } from './session-channel.js';
import {
  type SessionChange,
  SessionChangeReason,
  type SessionData,
  type SessionListener,
  SessionStatus,
} from './session-state.js';
import type { SessionStorage } from './session-storage.js';
import { checkOptionalNumber, type JsonObject } from './type-checks.js';

/** Options of {@link SessionManager.authenticate}. */
export interface SessionAuthenticateOptions {
  /** Extends the session to last this many minutes from now. */
  readonly session_duration_minutes?: number;
}

/** Options of {@link SessionManager}. */
export interface SessionManagerOptions {
  readonly publicToken: string;
  readonly http: HttpClient;
  readonly storage: SessionStorage;
  readonly clock: Clock;
  readonly random: RandomSource;
  readonly logger: Pick<Console, 'warn'>;
  /** Where `focus`, `online`, `offline` and `storage` are heard; defaults to `window`. */
  readonly windowTarget?: EventTarget | null;
  /** Where `visibilitychange` is heard; defaults to `document`. */
  readonly documentTarget?: Document | null;
}

/** Holds the session, keeps it fresh, and keeps tabs and subscribers in step. */
export class SessionManager {
  private current: SessionData | null;
  private currentStatus: SessionStatus;
  private readonly listeners = new Set<SessionListener>();
  private readonly options: SessionManagerOptions;
  private readonly channel: SessionChannel;
  private readonly windowTarget: EventTarget | null;
  private readonly documentTarget: Document | null;
  private timer: TimerHandle | null = null;
  /** Bumped whenever the refresh run is restarted or cancelled; stale outcomes are ignored. */
  private generation = 0;
  /** Requests made in the current refresh run. */
  private attempt = 0;
  private inFlight = 0;
  private lastRequestAt = Number.NEGATIVE_INFINITY;
  private online: boolean;
  private waitingForOnline = false;
  private disposed = false;

  constructor(options: SessionManagerOptions) {
    this.options = options;
    const { storage } = options;
    if (storage.hasExpiredSession()) storage.clear();
    this.current = storage.load();
    this.currentStatus = this.current ? SessionStatus.SIGNED_IN : SessionStatus.SIGNED_OUT;
    this.online = globalThis.navigator?.onLine ?? true;
    this.windowTarget = pick(options.windowTarget, typeof window === 'undefined' ? null : window);
    this.documentTarget = pick(
      options.documentTarget,
      typeof document === 'undefined' ? null : document,
    );
    this.channel = new SessionChannel({
      publicToken: options.publicToken,
      storageKey: storage.key,
      onMessage: (message) => this.adopt(message),
      eventTarget: this.windowTarget,
    });
    this.windowTarget?.addEventListener('focus', this.handleFocus);
    this.windowTarget?.addEventListener('online', this.handleOnline);
    this.windowTarget?.addEventListener('offline', this.handleOffline);
    this.documentTarget?.addEventListener('visibilitychange', this.handleFocus);
    if (this.current) this.scheduleRefresh();
  }

  /** Where the session is in its lifecycle. */
  get status(): SessionStatus {
    return this.currentStatus;
  }

  /** The session held now, or `null`. */
  get data(): SessionData | null {
    return this.current;
  }

  /** The opaque session token, or `null` when signed out or in HttpOnly-cookie mode. */
  get sessionToken(): string | null {
    return this.current?.sessionToken || null;
  }

  /** Subscribes to every change; returns the function that unsubscribes. */
  onChange(listener: SessionListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  /**
   * Confirms the session with the server (`POST /sessions/authenticate`), optionally extending
   * it, and adopts the answer. Throws {@link NoCurrentSessionError} when signed out (naming
   * `method`, the public call, if given); an unrecoverable error type destroys the session
   * before the error is thrown.
   */
  async authenticate(
    options: SessionAuthenticateOptions = {},
    method?: string,
  ): Promise<AuthenticateResponse> {
    checkOptionalNumber('session_duration_minutes', options.session_duration_minutes);
    if (!this.current) throw new NoCurrentSessionError(method);
    const body: JsonObject = {};
    if (options.session_duration_minutes !== undefined) {
      body.session_duration_minutes = options.session_duration_minutes;
    }
    this.lastRequestAt = this.options.clock.now();
    const response = await this.options.http.post(
      '/sessions/authenticate',
      body,
      isAuthenticateResponse,
    );
    this.applyAuthentication(response);
    return response;
  }

  /**
   * Revokes the session on the server (`POST /sessions/revoke`) and destroys it locally
   * whatever the answer. Rejects only when the server could not confirm for another reason
   * than the session being gone already. Without a session it only clears leftovers.
   */
  async revoke(): Promise<void> {
    if (!this.current) {
      this.options.storage.clear();
      return;
    }
    try {
      await this.options.http.post('/sessions/revoke', {});
    } catch (error) {
      if (!isUnrecoverableError(error)) throw error;
    } finally {
      this.destroy(SessionChangeReason.REVOKED);
    }
  }

  /** Adopts the session of a successful authenticate answer (any product). */
  applyAuthentication(response: AuthenticateResponse): void {
    if (response.intermediate_session_token) {
      this.options.storage.saveIntermediateSessionToken(response.intermediate_session_token);
    }
    this.update(
      toSessionData(response),
      SessionStatus.SIGNED_IN,
      SessionChangeReason.AUTHENTICATED,
    );
  }

  /** Replaces the user of the current session (after the user was fetched or changed). */
  updateUser(user: User): void {
    if (!this.current) return;
    const status =
      this.currentStatus === SessionStatus.REFRESHED
        ? SessionStatus.REFRESHED
        : SessionStatus.SIGNED_IN;
    this.update({ ...this.current, user }, status, SessionChangeReason.USER_UPDATED);
  }

  /** Destroys the local session (storage, cookies, timers) and tells everyone. Idempotent. */
  destroy(reason: SessionChangeReason): void {
    if (!this.current) return;
    this.update(null, SessionStatus.DESTROYED, reason);
  }

  /** Stops timers and listeners and closes the channel; the stored session stays. */
  dispose(): void {
    this.disposed = true;
    this.cancelRefresh();
    this.channel.close();
    this.windowTarget?.removeEventListener('focus', this.handleFocus);
    this.windowTarget?.removeEventListener('online', this.handleOnline);
    this.windowTarget?.removeEventListener('offline', this.handleOffline);
    this.documentTarget?.removeEventListener('visibilitychange', this.handleFocus);
    this.listeners.clear();
  }

  private update(
    data: SessionData | null,
    status: SessionStatus,
    reason: SessionChangeReason,
    remote = false,
  ): void {
    this.current = data;
    this.currentStatus = status;
    if (!remote) {
      if (data) this.options.storage.save(data);
      else this.options.storage.clear();
      this.channel.post(data, reason);
    }
    if (!data) this.cancelRefresh();
    else if (reason !== SessionChangeReason.USER_UPDATED || this.timer === null) {
      this.scheduleRefresh();
    }
    this.emit({ status, data, reason, remote });
  }

  /** Takes over a change made in another tab or instance, unless it is already held. */
  private adopt(message: SessionMessage): void {
    if (this.disposed) return;
    if (JSON.stringify(message.data) === JSON.stringify(this.current)) return;
    if (message.data === null) {
      if (this.current) this.update(null, SessionStatus.DESTROYED, message.reason, true);
      return;
    }
    const status =
      message.reason === SessionChangeReason.REFRESHED
        ? SessionStatus.REFRESHED
        : SessionStatus.SIGNED_IN;
    this.update(message.data, status, message.reason, true);
  }

  private emit(change: SessionChange): void {
    for (const listener of [...this.listeners]) {
      try {
        listener(change);
      } catch (error) {
        queueMicrotask(() => {
          throw error;
        });
      }
    }
  }

  private scheduleRefresh(delay = REFRESH_INTERVAL_MS): void {
    this.cancelRefresh();
    if (this.disposed) return;
    this.timer = this.options.clock.setTimeout(() => {
      this.timer = null;
      void this.attemptRefresh();
    }, delay);
  }

  private cancelRefresh(): void {
    if (this.timer !== null) this.options.clock.clearTimeout(this.timer);
    this.timer = null;
    this.generation += 1;
    this.attempt = 0;
    this.waitingForOnline = false;
  }

  /** One request of the current refresh run; schedules the next attempt on failure. */
  private async attemptRefresh(): Promise<void> {
    const held = this.current;
    if (!held || this.disposed) return;
    if (!this.online) {
      this.waitingForOnline = true;
      return;
    }
    const generation = this.generation;
    const { clock, http } = this.options;
    this.attempt += 1;
    this.inFlight += 1;
    this.lastRequestAt = clock.now();
    try {
      const response = await http.post('/sessions/authenticate', {}, isAuthenticateResponse);
      // The same session still (by id: HttpOnly-cookie mode holds no token to compare).
      if (
        generation !== this.generation ||
        this.current?.session.session_id !== held.session.session_id
      ) {
        return;
      }
      this.update(toSessionData(response), SessionStatus.REFRESHED, SessionChangeReason.REFRESHED);
    } catch (error) {
      if (generation !== this.generation || !this.current) return;
      if (isUnrecoverableError(error)) {
        this.destroy(SessionChangeReason.UNRECOVERABLE_ERROR);
      } else if (this.attempt >= REFRESH_MAX_ATTEMPTS) {
        this.options.logger.warn(Messages.REFRESH_FAILED);
        this.destroy(SessionChangeReason.REFRESH_FAILED);
      } else {
        const delay = backoffDelay(this.attempt, this.options.random);
        this.timer = clock.setTimeout(() => {
          this.timer = null;
          void this.attemptRefresh();
        }, delay);
      }
    } finally {
      this.inFlight -= 1;
    }
  }

  /** Focus or visibility: refresh now unless hidden, busy, retrying, offline or throttled. */
  private readonly handleFocus = (): void => {
    if (this.documentTarget?.visibilityState === 'hidden') return;
    if (!this.current || this.inFlight > 0 || this.attempt > 0 || !this.online) return;
    if (this.options.clock.now() - this.lastRequestAt < FOCUS_REFRESH_THROTTLE_MS) return;
    this.cancelRefresh();
    void this.attemptRefresh();
  };

  private readonly handleOnline = (): void => {
    this.online = true;
    if (this.waitingForOnline) {
      this.waitingForOnline = false;
      void this.attemptRefresh();
    } else {
      this.handleFocus();
    }
  };

  private readonly handleOffline = (): void => {
    this.online = false;
  };
}

function toSessionData(response: AuthenticateResponse): SessionData {
  return {
    sessionToken: response.session_token,
    sessionJwt: response.session_jwt,
    session: response.session,
    user: response.user,
  };
}

function pick<T>(given: T | null | undefined, fallback: T | null): T | null {
  return given === undefined ? fallback : given;
}
