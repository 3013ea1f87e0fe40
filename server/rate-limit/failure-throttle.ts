/**
 * Throttling of guesses (passcodes today; passwords and any other secret a client may guess)
 * such that brute force stays infeasible and a stranger cannot lock a user out:
 *
 * - Failures are counted per (subject, client): a client (see `clientKey`) gets
 *   `freeFailures` failures against a subject, then waits `baseDelayMs`, doubled after each
 *   further failure, up to `maxDelayMs` (`too_many_requests`, with `Retry-After`). A client's
 *   count is forgotten `forgetAfterMs` after its last failure, and cleared by its success.
 *   Nobody else's failures delay it.
 * - A slower backstop per subject: after `subjectBudget` tries against the subject within
 *   `subjectWindowMs`, from all clients together, a client may only try while it has fewer than
 *   `backstopClientFailures` failures against it (`destination_locked` otherwise). A guest's own
 *   device, which has not failed, still signs in with a fresh code; an attacker gets at most
 *   `backstopClientFailures` more guesses per address.
 * - Others' failures never shut out a trusted client: one that succeeded against the subject
 *   within `trustForMs`, or a request carrying a live session of the subject's user (the
 *   caller's `vouched`). Under the backstop it may try while it has fewer than
 *   `trustedClientFailures` failures, so the owner's own typos after a stranger's attack do not
 *   lock the owner out.
 *
 * With K addresses an attacker thus makes at most `subjectBudget + backstopClientFailures × K`
 * wrong guesses against one subject per window, and `trustedClientFailures` more from each
 * network the owner signed in from within `trustForMs` (see docs/throttling-and-security.md for the figures). Every
 * try is counted before its secret is checked (`beginTry`), so parallel requests gain nothing.
 */
import type { Db } from '../db/database.js';
import type { Executor } from '../db/prepared.js';
import { ApiError } from '../http/api-error.js';
import {
  type FailureGuard,
  FailureGuardsRepository,
  type GuardColumns,
  type StoredFailureGuard,
  storedGuard,
} from './failure-guards-repository.js';
import { limitName, type RateLimiter } from './rate-limiter.js';

/** What a caller of `beginTry` knows of the try beyond its subject and client. */
export interface TryContext {
  /** A transaction to count the try in (with the check that follows), when given. */
  on?: Executor;
  /** The guard's row as the caller read it in `on` (see `storedGuard`), when it did. */
  read?: { row: GuardColumns | undefined };
  /** The request carries a live session of the subject's user: a trusted client. */
  vouched?: boolean;
}

/** The numbers of a throttle. */
export interface FailurePolicy {
  /** Failures a client may make against a subject before it has to wait. */
  freeFailures: number;
  /** The first wait, after `freeFailures`; doubled after each further failure. */
  baseDelayMs: number;
  /** The longest wait. */
  maxDelayMs: number;
  /** A client's failures are forgotten this long after its last one. */
  forgetAfterMs: number;
  /** Failures against a subject, from all clients, before the backstop applies. */
  subjectBudget: number;
  /** The window `subjectBudget` counts in. */
  subjectWindowMs: number;
  /** Under the backstop, a client may try only while it has fewer failures than this. */
  backstopClientFailures: number;
  /** How long a client that succeeded against a subject stays trusted for it. */
  trustForMs: number;
  /** Under the backstop, a trusted client may try while it has fewer failures than this. */
  trustedClientFailures: number;
}

/**
 * The policy of passcode checks: 5 free failures, then 10 s doubling to an hour; 20 a day, then
 * 3 per address, or 10 for an address trusted by a success in the last 30 days.
 */
export const DEFAULT_FAILURE_POLICY: FailurePolicy = {
  freeFailures: 5,
  baseDelayMs: 10_000,
  maxDelayMs: 60 * 60_000,
  forgetAfterMs: 24 * 60 * 60_000,
  subjectBudget: 20,
  subjectWindowMs: 24 * 60 * 60_000,
  backstopClientFailures: 3,
  trustForMs: 30 * 24 * 60 * 60_000,
  trustedClientFailures: 10,
};

/** How long a client with `failures` failures waits after its last one before the next try. */
export function failureDelayMs(failures: number, policy: FailurePolicy): number {
  if (failures < policy.freeFailures) return 0;
  const doublings = failures - policy.freeFailures;
  return Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.min(doublings, 30));
}

/** Counts failures and refuses tries per the policy. Share one per server. */
export class FailureThrottle {
  constructor(
    private readonly guards: FailureGuardsRepository,
    private readonly limiter: RateLimiter,
    private readonly clock: () => number,
  ) {}

  /**
   * Starts a try of `client` against `subject`: refuses it when the client must wait or is shut
   * out, and otherwise counts it as a failure, atomically, before the secret is checked (so
   * concurrent tries of one client are counted one by one). Call `recordSuccess` when the secret
   * was right; a wrong one needs nothing more.
   * @param scope The project and product, such as `otp:<project_id>`.
   * @param context The transaction, the caller's read of the guard, and whether a session vouches
   *   for the client (see `TryContext`).
   * @throws ApiError `too_many_requests` while the client waits out its delay (or races its own
   *   try), or `destination_locked` when the subject's backstop shuts this client out; both carry
   *   `retry_after_seconds`.
   */
  async beginTry(
    scope: string,
    subject: string,
    client: string,
    policy: FailurePolicy = DEFAULT_FAILURE_POLICY,
    context: TryContext = {},
  ): Promise<void> {
    const { on, read } = context;
    const now = this.clock();
    const guard = read
      ? storedGuard(read.row, now, policy.forgetAfterMs)
      : await this.guards.get(scope, subject, client, now, policy.forgetAfterMs, on);
    const waitUntil = waitsUntil(guard, policy);
    if (waitUntil > now) {
      this.limiter.noteRefusal(`${limitName(scope)}:failure-delay`);
      throw waitError(Math.ceil((waitUntil - now) / 1000));
    }
    const budgetLimit = {
      max: policy.subjectBudget,
      windowMinutes: policy.subjectWindowMs / 60_000,
    };
    const trusted = context.vouched === true || isTrusted(guard, now, policy);
    if (
      guard.failures >= (trusted ? policy.trustedClientFailures : policy.backstopClientFailures)
    ) {
      const budget = await this.limiter.peek(subjectBudgetBucket(scope, subject), budgetLimit, on);
      if (budget.hits >= policy.subjectBudget) {
        const until = Math.min(budget.resetAt, guard.lastFailureAt + policy.forgetAfterMs);
        this.limiter.noteRefusal(`${limitName(scope)}:failure-backstop`);
        throw new ApiError('destination_locked', undefined, {
          retry_after_seconds: Math.max(1, Math.ceil((until - now) / 1000)),
        });
      }
    }
    // Another try of this client got in first: it is counted; this one waits its turn.
    if (!(await this.guards.claim(scope, subject, client, guard, now, on))) {
      this.limiter.noteRefusal(`${limitName(scope)}:failure-delay`);
      throw waitError(1);
    }
    await this.limiter.count(subjectBudgetBucket(scope, subject), budgetLimit, on);
  }

  /**
   * The guard `row` (as the caller read it) of a client whose try would go ahead without a
   * wait and without the backstop being asked, or `undefined` when `beginTry` has more to
   * check. For a caller that counts a successful try with writes of its own, compare-and-set
   * against this guard and counted in the subject's budget (`subjectBudgetBucket`), as
   * `beginTry` and `recordSuccess` together would.
   */
  goesAheadAtOnce(
    row: GuardColumns | undefined,
    policy: FailurePolicy = DEFAULT_FAILURE_POLICY,
  ): StoredFailureGuard | undefined {
    const now = this.clock();
    const guard = storedGuard(row, now, policy.forgetAfterMs);
    if (guard.failures >= policy.backstopClientFailures || waitsUntil(guard, policy) > now) {
      return undefined;
    }
    return guard;
  }

  /**
   * Whether `client` succeeded against `subject` within `policy.trustForMs` (see `recordSuccess`):
   * for a limit elsewhere, such as a send's backstop, that others' requests must not trip for it.
   */
  async isTrusted(
    scope: string,
    subject: string,
    client: string,
    policy: FailurePolicy = DEFAULT_FAILURE_POLICY,
  ): Promise<boolean> {
    const now = this.clock();
    const guard = await this.guards.get(scope, subject, client, now, policy.forgetAfterMs);
    return isTrusted(guard, now, policy);
  }

  /**
   * Clears `client`'s failures against `subject` after a success (the backstop's count stays),
   * and trusts the client for the subject from now on (see `FailurePolicy.trustForMs`).
   */
  async recordSuccess(
    scope: string,
    subject: string,
    client: string,
    on?: Executor,
  ): Promise<void> {
    await this.guards.trust(scope, subject, client, this.clock(), on);
  }
}

/** Whether the client of `guard` succeeded against its subject within `policy.trustForMs`. */
function isTrusted(guard: FailureGuard, now: number, policy: FailurePolicy): boolean {
  return guard.trustedAt > 0 && guard.trustedAt > now - policy.trustForMs;
}

/** When a client with `guard` may try again (epoch ms; 0 when it has no failures). */
function waitsUntil(guard: FailureGuard, policy: FailurePolicy): number {
  return guard.failures > 0 ? guard.lastFailureAt + failureDelayMs(guard.failures, policy) : 0;
}

function waitError(seconds: number): ApiError {
  const wait = Math.max(1, seconds);
  return new ApiError(
    'too_many_requests',
    `Too many wrong tries from this device. Please wait ${wait} seconds and try again.`,
    { retry_after_seconds: wait },
  );
}

/** The rate-limit bucket counting every try against `subject`, for the backstop. */
export function subjectBudgetBucket(scope: string, subject: string): string {
  return `failures:${scope}:${subject}`;
}

/**
 * The throttle a product's checks count failures with: the shared guards table, and the server's
 * limiter and clock (a product passes its `ProductContext`).
 */
export function failureThrottleOf(parts: {
  store: { db: Db };
  limiter: RateLimiter;
  clock: () => number;
}): FailureThrottle {
  return new FailureThrottle(
    new FailureGuardsRepository(parts.store.db),
    parts.limiter,
    parts.clock,
  );
}
