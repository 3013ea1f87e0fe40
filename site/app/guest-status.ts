/**
 * Who the visitor is to the site, decided from the client library's session and the server's
 * word on the user (`GET /users/me`, `trusted_metadata.invited`): signed out, being checked,
 * invited, not invited, or unknown because the check failed. The stored user in localStorage
 * is never trusted for this; every session is confirmed with the server first, and the server
 * refuses the private files to anyone it has not confirmed either.
 */
import type { SessionChange, User, VelvetClient } from '../../widget/client/index.js';

/** What the page shows for the visitor. */
export type GuestView =
  | { readonly kind: 'signed-out' }
  | { readonly kind: 'checking' }
  | { readonly kind: 'invited' }
  | { readonly kind: 'not-invited' }
  | { readonly kind: 'check-failed'; readonly message: string };

/** The parts of {@link VelvetClient} the status needs. */
export type GuestClient = {
  readonly session: Pick<VelvetClient['session'], 'getSync' | 'onChange' | 'authenticate'>;
  readonly user: Pick<VelvetClient['user'], 'get'>;
};

/** Whether the server marked `user` as invited (only `true` counts). */
export function isInvited(user: Pick<User, 'trusted_metadata'>): boolean {
  return user.trusted_metadata?.invited === true;
}

const SIGNED_OUT: GuestView = { kind: 'signed-out' };
const CHECKING: GuestView = { kind: 'checking' };
const INVITED: GuestView = { kind: 'invited' };
const NOT_INVITED: GuestView = { kind: 'not-invited' };

/**
 * The visitor's status, kept current: it follows every session change (sign-in here or in
 * another tab, refresh, revocation, a session the server no longer knows) and tells its
 * subscribers. Works with `useSyncExternalStore`.
 */
export class GuestStatus {
  #view: GuestView = SIGNED_OUT;
  /**
   * The session whose user the server has confirmed, and so whose view is known, by its id: the
   * page holds no session token (the client library runs in HttpOnly-cookie mode).
   */
  #confirmedSession: string | null = null;
  /** The session being checked right now. */
  #checkingSession: string | null = null;
  readonly #listeners = new Set<() => void>();
  #unsubscribe: (() => void) | null = null;

  /**
   * @param sessionMinutes How long a guest's session lasts (`site/app/guest-session.ts`): when
   *   the page opens with a session, it asks the server for that much from now, so every visit
   *   counts the days afresh. Without it nothing is extended.
   */
  constructor(
    private readonly client: GuestClient,
    private readonly checkErrorMessage: string,
    private readonly sessionMinutes?: number,
  ) {}

  /** The current view. */
  get view(): GuestView {
    return this.#view;
  }

  /**
   * Starts following the session and checks the one already present, if any, extending it to
   * `sessionMinutes` from now: the guest came back.
   */
  start(): void {
    if (this.#unsubscribe) return;
    this.#unsubscribe = this.client.session.onChange((change) => this.#onSessionChange(change));
    void this.check({ extend: true });
  }

  /** Stops following the session. */
  dispose(): void {
    this.#unsubscribe?.();
    this.#unsubscribe = null;
    this.#listeners.clear();
  }

  /** Subscribes to view changes; returns the function that unsubscribes. */
  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
    };
  };

  /** The current view, for `useSyncExternalStore`. */
  getSnapshot = (): GuestView => this.#view;

  /**
   * Asks the server about the current session's user and updates the view; with `extend`, the
   * same request keeps the session `sessionMinutes` from now (the guest came back).
   */
  async check(options: { readonly extend?: boolean } = {}): Promise<void> {
    const id = this.#sessionId();
    if (id === null) {
      this.#confirmedSession = null;
      this.#set(SIGNED_OUT);
      return;
    }
    this.#checkingSession = id;
    this.#set(CHECKING);
    try {
      const user = await this.#confirmedUser(options.extend === true);
      if (this.#sessionId() !== id) return;
      this.#confirmedSession = id;
      this.#set(isInvited(user) ? INVITED : NOT_INVITED);
    } catch {
      if (this.#sessionId() !== id) return;
      // A session the server refuses is destroyed by the client library, which signs out.
      this.#set({ kind: 'check-failed', message: this.checkErrorMessage });
    } finally {
      if (this.#checkingSession === id) this.#checkingSession = null;
    }
  }

  /**
   * The session's user as the server has it: with `extend` (and `sessionMinutes`), from the
   * session check that keeps the session `sessionMinutes` from now (`POST
   * /sessions/authenticate`, one request as `GET /users/me` is), else from `GET /users/me`.
   * Only the check of a page that opens with a session extends: after a sign-in, which asked
   * for the guests' length already, it would only add a write (and hold back the next focus
   * refresh, which the client library throttles to one in 5 s).
   */
  async #confirmedUser(extend: boolean): Promise<User> {
    if (!extend || this.sessionMinutes === undefined) return this.client.user.get();
    const answer = await this.client.session.authenticate({
      session_duration_minutes: this.sessionMinutes,
    });
    return answer.user;
  }

  /** The id of the session the client holds, or `null`. */
  #sessionId(): string | null {
    return this.client.session.getSync()?.session_id ?? null;
  }

  #onSessionChange(change: SessionChange): void {
    const data = change.data;
    const id = data?.session.session_id ?? null;
    if (data === null || id === null) {
      this.#confirmedSession = null;
      this.#set(SIGNED_OUT);
    } else if (id !== this.#confirmedSession) {
      // A new session (here or in another tab): confirm it with the server, once.
      if (id !== this.#checkingSession) void this.check();
    } else {
      // A refresh or user update of a confirmed session carries the user as the server sent it.
      this.#set(isInvited(data.user) ? INVITED : NOT_INVITED);
    }
  }

  #set(view: GuestView): void {
    if (view === this.#view) return;
    this.#view = view;
    for (const listener of [...this.#listeners]) listener();
  }
}
